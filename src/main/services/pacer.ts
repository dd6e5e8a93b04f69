import { LIMITS } from '../../shared/api/index.js';
import { type Clock, systemClock } from './clock.js';

export interface PacerOptions {
  /** Bucket size: requests that may go out back to back. */
  burst?: number;
  /** Sustained refill rate. */
  perMinute?: number;
  clock?: Clock;
}

/** Why the head of the queue is not moving: no bucket tokens, or a 429 pause. */
export type PacerWait = 'none' | 'tokens' | 'paused';

export interface PacerSnapshot {
  queued: number;
  waiting: PacerWait;
  /** End of the current pause, or null when not paused. */
  pausedUntil: number | null;
}

/** Floating-point slack so 200 ms of refill at 5/s counts as one whole token. */
const EPSILON = 1e-9;

/**
 * Client-side token bucket mirroring the service's per-token limit (burst 120, 300 a
 * minute), so a busy screen slows itself down instead of collecting 429s. Waiters are
 * served strictly first in, first out, and one pause (after a 429) holds the whole queue.
 */
export class Pacer {
  private readonly clock: Clock;
  private readonly burst: number;
  private readonly msPerToken: number;
  private tokens: number;
  private lastRefill: number;
  private readonly queue: Array<() => void> = [];
  private pausedUntilMs = 0;
  private draining = false;
  private waiting: PacerWait = 'none';
  private readonly listeners = new Set<(s: PacerSnapshot) => void>();

  constructor(options: PacerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.burst = options.burst ?? LIMITS.rateBurst;
    this.msPerToken = 60_000 / (options.perMinute ?? LIMITS.ratePerMinute);
    this.tokens = this.burst;
    this.lastRefill = this.clock.now();
  }

  /**
   * Resolves when this caller may send one request. 'front' is for a retry of a request
   * that already waited its turn once, so it is not overtaken by newer ones.
   */
  acquire(position: 'back' | 'front' = 'back'): Promise<void> {
    return new Promise<void>((resolve) => {
      if (position === 'front') this.queue.unshift(resolve);
      else this.queue.push(resolve);
      this.notify();
      void this.drain();
    });
  }

  /** Holds every queued and future request until `until` (ms since 1970); never shortens a pause. */
  pauseUntil(until: number): void {
    if (until <= this.pausedUntilMs) return;
    this.pausedUntilMs = until;
    this.notify();
  }

  snapshot(): PacerSnapshot {
    const paused = this.pausedUntilMs > this.clock.now();
    return { queued: this.queue.length, waiting: this.waiting, pausedUntil: paused ? this.pausedUntilMs : null };
  }

  onChange(listener: (s: PacerSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.lastRefill);
    this.tokens = Math.min(this.burst, this.tokens + elapsed / this.msPerToken);
    this.lastRefill = now;
  }

  // One drain loop at a time: it alone takes tokens, so the queue order is the send order.
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const now = this.clock.now();
        if (now < this.pausedUntilMs) {
          this.setWaiting('paused');
          await this.clock.sleep(this.pausedUntilMs - now);
          continue;
        }
        this.refill(now);
        if (this.tokens >= 1 - EPSILON) {
          this.tokens = Math.max(0, this.tokens - 1);
          const release = this.queue.shift();
          this.waiting = 'none';
          this.notify();
          release?.();
          continue;
        }
        this.setWaiting('tokens');
        await this.clock.sleep(Math.max(1, Math.ceil((1 - this.tokens) * this.msPerToken)));
      }
    } finally {
      this.draining = false;
      this.setWaiting('none');
    }
  }

  private setWaiting(w: PacerWait): void {
    if (this.waiting === w) return;
    this.waiting = w;
    this.notify();
  }

  private notify(): void {
    const s = this.snapshot();
    for (const l of this.listeners) l(s);
  }
}
