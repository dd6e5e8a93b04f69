import { LIMITS } from '#shared/api/index.js';
import type { Clock } from '../clock.js';

export interface RateLimitOptions {
  perMinute: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perMinute: LIMITS.ratePerMinute, burst: LIMITS.rateBurst };

/**
 * Failed authentications per client address: 30 at once (a script retrying with a stale
 * token, a person re-pasting), then one every 2 seconds. docs/security.md says why.
 */
export const DEFAULT_AUTH_FAILURE_LIMIT: RateLimitOptions = { perMinute: 30, burst: 30 };

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before idle (full) ones are dropped; bounds memory under many tokens. */
const SWEEP_AT = 10_000;

/**
 * Token bucket per key: `burst` requests at once, refilled at `perMinute`. Time comes from
 * the injected clock, so tests move it instead of waiting.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly opts: RateLimitOptions = DEFAULT_RATE_LIMIT,
  ) {
    this.perMs = opts.perMinute / 60_000;
  }

  /** Takes one request from the key's bucket; when empty, says how many whole seconds to wait. */
  take(key: string): TakeResult {
    const now = this.clock.now();
    const bucket = this.refilled(this.buckets.get(key), now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(key, bucket);
      if (this.buckets.size > SWEEP_AT) this.sweep(now);
      return { ok: true };
    }
    this.buckets.set(key, bucket);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.opts.burst, at: now };
    // A clock that steps back (tests, NTP) must not drain the bucket.
    const elapsed = Math.max(0, now - bucket.at);
    return { tokens: Math.min(this.opts.burst, bucket.tokens + elapsed * this.perMs), at: Math.max(now, bucket.at) };
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now).tokens >= this.opts.burst) this.buckets.delete(key);
    }
  }
}

/** Personal tokens each have a bucket; all OAuth connections of one person share one. */
export function rateKey(caller: { tokenKind: string; tokenHash: string; userId: string }): string {
  return caller.tokenKind === 'oauth' ? `oauth:${caller.userId}` : `token:${caller.tokenHash}`;
}
