/**
 * Writes the page has asked for that the service has not answered yet. Quitting waits for
 * them (a few seconds at most), so a status change or a reply sent just before Cmd+Q is not
 * cut off half-way with the person never told whether it landed.
 */
interface WriteTracker {
  track<T>(write: Promise<T>): Promise<T>;
  pending(): number;
  /** Resolves true when every tracked write has settled, false when the time ran out first. */
  settled(timeoutMs: number): Promise<boolean>;
}

export function createWriteTracker(): WriteTracker {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track(write) {
      const settled = write.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return write;
    },
    pending: () => inFlight.size,
    async settled(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((done) => (timer = setTimeout(() => done(false), timeoutMs)));
      const all = (async () => {
        while (inFlight.size > 0) await Promise.all([...inFlight]);
        return true as const;
      })();
      const result = await Promise.race([all, timeout]);
      clearTimeout(timer);
      return result;
    },
  };
}

interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/** Holds the first quit while writes are in flight, then quits once they settle or time runs out. */
export function holdQuitForWrites(
  app: QuittingApp,
  writes: WriteTracker,
  opts: { timeoutMs: number; log(message: string, pending: number): void },
): void {
  let released = false;
  let waiting = false;
  app.on('before-quit', (event) => {
    if (released || writes.pending() === 0) return;
    event.preventDefault();
    if (waiting) return;
    waiting = true;
    opts.log('quit waits for writes in flight', writes.pending());
    void writes.settled(opts.timeoutMs).then((all) => {
      if (!all) opts.log('quit with writes still unanswered', writes.pending());
      released = true;
      app.quit();
    });
  });
}
