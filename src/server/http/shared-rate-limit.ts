import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/open.js';
import type { RateLimitOptions, TakeResult } from './rate-limit.js';

/** Every so many takes, buckets idle long enough to be full again are deleted. */
const SWEEP_EVERY = 1000;

/**
 * The token buckets of RateLimiter, kept in the database so that every instance serving one
 * PostgreSQL database takes from the same bucket: two instances behind a load balancer give
 * a person the contract's limit, not twice it. One statement per take, atomic on its row:
 * refill by the time passed, take a token when there is one, and say which happened.
 */
export class SharedRateLimiter {
  private readonly perMs: number;
  private takes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly opts: RateLimitOptions,
  ) {
    this.perMs = opts.perMinute / 60_000;
  }

  async take(key: string): Promise<TakeResult> {
    const now = this.clock.now();
    const { burst } = this.opts;
    const perMs = this.perMs;
    // The refilled count, before this take; a clock that steps back must not drain the bucket.
    const refilled = sql<number>`least(${burst}::double precision, rate_buckets.tokens + greatest(0, ${now}::bigint - rate_buckets.at) * ${perMs}::double precision)`;
    const row = await sql<{ tokens: number; took: number }>`
      insert into rate_buckets (key, tokens, at, took) values (${key}, ${burst - 1}, ${now}, 1)
      on conflict (key) do update set
        tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
        at = greatest(${now}::bigint, rate_buckets.at),
        took = case when ${refilled} >= 1 then 1 else 0 end
      returning tokens, took`
      .execute(this.db)
      .then((r) => r.rows[0]!);
    if (++this.takes % SWEEP_EVERY === 0) void this.sweep(now);
    if (Number(row.took) === 1) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(row.tokens)) / perMs / 1000)) };
  }

  private async sweep(now: number): Promise<void> {
    const fullAfterMs = this.opts.burst / this.perMs;
    await this.db
      .deleteFrom('rate_buckets')
      .where('at', '<', now - fullAfterMs)
      .execute()
      .catch(() => undefined);
  }
}
