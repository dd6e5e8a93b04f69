import { LIMITS } from '#shared/api/index.js';
import { type Clock, systemClock } from './clock.js';

interface PacerOptions {
  /** Bucket size: requests that may go out back to back. */
  burst?: number;
  /** Sustained refill rate. */
  perMinute?: number;
  /** Extra wait before a release that only just has a token (DEFAULT_MARGIN_MS). */
  marginMs?: number;
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

/**
 * What the pacer learns about one request after it went out. The service's bucket changed
 * when the request arrived, which the client only knows to lie between sending and the
 * answer: `settle` with the time the answer came moves the client's bucket to the latest
 * state the service's can be in.
 */
export interface PaceTicket {
  settle(answeredAt: number, refused?: boolean): void;
}

/**
 * Time a release waits past the exact moment the mirrored bucket holds a token: covers the
 * service's millisecond clock and floating-point refill (0.01 of a token at 300 a minute).
 */
const DEFAULT_MARGIN_MS = 2;

/**
 * Client-side mirror of the service's per-token limit (burst 120, 300 a minute), so a busy
 * screen slows itself down instead of collecting 429s. Waiters are served strictly first
 * in, first out, and one pause (after a 429) holds the whole queue.
 *
 * The bucket is kept as a "theoretical arrival time" (GCRA, the same bucket in another
 * form): `tat` is when the bucket would be full again; a request may go when
 * `tat - now <= (burst - 1) * interval`. It never runs ahead of the service's bucket:
 * - the service's bucket is filled when a request *arrives* (its first one, or after an
 *   idle spell), the client's when it sends; each answer moves `tat` by how much later the
 *   arrival can have been (ticket.settle), so latency and its jitter cannot make the
 *   client think it has a token the service has not;
 * - a 429 means the service's bucket was empty when that request arrived: `tat` moves so.
 */
export class Pacer {
  private readonly clock: Clock;
  private readonly interval: number;
  private readonly tolerance: number;
  private readonly marginMs: number;
  private tat: number;
  private readonly queue: Array<(ticket: PaceTicket) => void> = [];
  private pausedUntilMs = 0;
  private draining = false;
  private waiting: PacerWait = 'none';
  private readonly listeners = new Set<(s: PacerSnapshot) => void>();

  constructor(options: PacerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    const burst = options.burst ?? LIMITS.rateBurst;
    this.interval = 60_000 / (options.perMinute ?? LIMITS.ratePerMinute);
    this.tolerance = (burst - 1) * this.interval;
    this.marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
    this.tat = this.clock.now();
  }

  /**
   * Resolves when this caller may send one request, with the ticket to settle once its
   * answer (or failure) came. 'front' is for a retry of a request that already waited its
   * turn once, so it is not overtaken by newer ones.
   */
  acquire(position: 'back' | 'front' = 'back'): Promise<PaceTicket> {
    return new Promise<PaceTicket>((resolve) => {
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

  /** The bucket after one request sent at `sentAt`; the ticket corrects it for the arrival. */
  private take(sentAt: number): PaceTicket {
    const before = this.tat;
    this.tat = Math.max(before, sentAt) + this.interval;
    let settled = false;
    return {
      settle: (answeredAt, refused = false) => {
        if (settled) return;
        settled = true;
        // The request arrived at the latest when the answer came. Only a request that found
        // the bucket full (before < arrival) moves tat, by at most the latency.
        const lag = Math.max(before, answeredAt) - Math.max(before, sentAt);
        if (lag > 0) this.tat += lag;
        // Refused: the service had less than one token then, so it is empty at the earliest.
        if (refused) this.tat = Math.max(this.tat, answeredAt + this.tolerance + this.interval);
      },
    };
  }

  // One drain loop at a time: it alone takes from the bucket, so the queue order is the send order.
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
        // A token (with the margin), or a full bucket (tat in the past).
        const wait = this.tat - this.tolerance - now;
        if (wait <= -this.marginMs || this.tat <= now) {
          const release = this.queue.shift();
          const ticket = this.take(now);
          this.waiting = 'none';
          this.notify();
          release?.(ticket);
          continue;
        }
        this.setWaiting('tokens');
        await this.clock.sleep(Math.max(1, Math.ceil(wait + this.marginMs)));
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
