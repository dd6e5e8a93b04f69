/**
 * Time as the services see it. Injected so pacing, backoff and 429 pauses can be tested
 * with a fake clock instead of real waiting.
 */
export interface Clock {
  /** Milliseconds since 1970. */
  now(): number;
  sleep(ms: number, opts?: SleepOptions): Promise<void>;
}

export interface SleepOptions {
  /**
   * A wait that no one is waiting on (a periodic check): it must not keep a Node process
   * (the gateway, the bench, a script) alive once everything else has finished.
   */
  background?: boolean;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, opts) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      if (opts?.background) timer.unref();
    }),
};
