import type { FixtureItem } from '../fixture/schema.js';
import type { Rng } from './random.js';

/**
 * Timing of a thread's life: when replies arrive, when it is assigned, retyped, moved and
 * closed. All offsets stay inside the window between creation and now, so the same
 * offsets give the same data whatever `now` is.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type FixtureEvent = FixtureItem['events'][number];

/**
 * Thread ages: u^1.8 scaled to the range makes recent weeks denser than last year, the way
 * a live project's feedback piles up around recent releases.
 */
export function drawAgeMs(rng: Rng, [minDays, maxDays]: readonly [number, number]): number {
  const u = rng.next();
  return Math.round((minDays + (maxDays - minDays) * u ** 1.8) * DAY_MS);
}

interface Timeline {
  /** Times of the discussion replies, ascending. */
  replies: number[];
  /** When the status change happens (resolved/deferred), or null for threads left open. */
  closeAt: number | null;
}

/**
 * Gaps between replies are exponential; when they would overrun the time left before now
 * they are squeezed proportionally so the thread still ends in the past.
 */
export function planTimeline(
  rng: Rng,
  createdAt: number,
  now: number,
  replyCount: number,
  closes: boolean,
  lively: boolean,
): Timeline {
  const budget = Math.max(now - createdAt - MINUTE_MS, MINUTE_MS);
  const gaps: number[] = [];
  for (let i = 0; i < replyCount; i++) gaps.push(rng.exp(lively ? 2.5 * HOUR_MS : 14 * HOUR_MS) + 2 * MINUTE_MS);
  const closeGap = closes ? rng.exp(30 * HOUR_MS) + 10 * MINUTE_MS : 0;
  const total = gaps.reduce((a, b) => a + b, 0) + closeGap;
  const room = budget * 0.95;
  const scale = total > room ? room / total : 1;
  const replies: number[] = [];
  let t = createdAt;
  for (const g of gaps) {
    t += Math.max(1000, Math.floor(g * scale));
    replies.push(t);
  }
  const closeAt = closes ? Math.min(t + Math.max(2000, Math.floor(closeGap * scale)), now - 1000) : null;
  return { replies, closeAt };
}

/** A moment after `from`, at most `share` of the way to `limit`. */
export function shortlyAfter(rng: Rng, from: number, limit: number, mean: number, share = 0.5): number {
  const room = Math.max(limit - from, 2000);
  return from + Math.max(1000, Math.min(Math.floor(rng.exp(mean)), Math.floor(room * share)));
}

export function event(
  kind: FixtureEvent['kind'],
  at: number,
  by: string | null,
  from: string | null,
  to: string | null,
): FixtureEvent {
  return { kind, at, by, from, to };
}
