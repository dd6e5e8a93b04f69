/**
 * Reads thread details for what is on screen, nearest first, a few at a time. The caller
 * says what it wants now (`want`, nearest first) as often as the view moves; a thread that
 * left the list before its turn is dropped and its request never starts. A request already
 * sent runs to its end and its answer is kept: the bridge call cannot be taken back, so
 * dropping the answer would only mean asking again when the thread comes back into view.
 * The concurrency stays small so the main process's pacer (which serves every other call
 * too) never holds more than a handful of ours.
 */
interface DetailQueueOptions {
  /** How many reads may be in flight at once. */
  concurrency: number;
  /** True when the thread needs no read: its answer (or its failure) is already kept. */
  isSettled(itemId: string): boolean;
  read(itemId: string): Promise<unknown>;
  /** After every start and end, for progress on screen. */
  onChange?(): void;
}

export interface QueueStats {
  /** Reads started over the queue's life. */
  started: number;
  inFlight: number;
  waiting: number;
  /** Wanted once, then dropped before their turn. */
  dropped: number;
}

export class DetailQueue {
  private wanted: string[] = [];
  private readonly running = new Set<string>();
  private stats: QueueStats = { started: 0, inFlight: 0, waiting: 0, dropped: 0 };
  private closed = false;

  constructor(private readonly options: DetailQueueOptions) {}

  /** Replaces what is wanted (nearest first). Anything waiting that is not in `ids` is dropped. */
  want(ids: readonly string[]): void {
    if (this.closed) return;
    const next = [...new Set(ids)].filter((id) => !this.running.has(id) && !this.options.isSettled(id));
    const keep = new Set(next);
    this.stats.dropped += this.wanted.filter((id) => !keep.has(id)).length;
    this.wanted = next;
    this.pump();
  }

  /** Stops starting reads (the view closed); those in flight finish into the cache. */
  close(): void {
    this.closed = true;
    this.stats.dropped += this.wanted.length;
    this.wanted = [];
    this.publish();
  }

  snapshot(): QueueStats {
    return { ...this.stats, inFlight: this.running.size, waiting: this.wanted.length };
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.options.concurrency && this.wanted.length > 0) {
      const id = this.wanted.shift()!;
      if (this.options.isSettled(id)) continue;
      this.running.add(id);
      this.stats.started++;
      void this.options
        .read(id)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(id);
          this.pump();
          this.publish();
        });
    }
    this.publish();
  }

  private publish(): void {
    this.options.onChange?.();
  }
}
