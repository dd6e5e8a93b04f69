import type { Clock } from '../../../../src/main/services/clock.js';

interface Timer {
  due: number;
  resolve: () => void;
}

/** Lets promise chains and already-finished I/O callbacks run before the next step. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock that only moves when the test says so. `sleep` records the requested delay;
 * with `autoAdvance` it also jumps time forward at once (for code paths where only one
 * thing sleeps at a time, e.g. backoff between retries).
 */
export class FakeClock implements Clock {
  private t: number;
  private timers: Timer[] = [];
  readonly sleeps: number[] = [];

  constructor(
    start = 1_700_000_000_000,
    private readonly autoAdvance = false,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    if (this.autoAdvance) {
      this.t += Math.max(0, ms);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.timers.push({ due: this.t + Math.max(0, ms), resolve });
    });
  }

  /** Sleepers not yet woken. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, waking each sleeper at its due time in order. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    // Bounded: each pass wakes at least one timer due before target, or stops.
    for (let guard = 0; guard < 100_000; guard++) {
      this.timers.sort((a, b) => a.due - b.due);
      const next = this.timers[0];
      if (!next || next.due > target) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.due);
      next.resolve();
      await settle();
    }
    this.t = target;
    await settle();
  }
}
