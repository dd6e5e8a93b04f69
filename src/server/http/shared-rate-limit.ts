import { CompiledQuery } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/open.js';
import type { RateLimitOptions, TakeResult } from './rate-limit.js';

/** Every so many takes, buckets idle long enough to be full again are deleted. */
const SWEEP_EVERY = 1000;

/**
 * One take: refill by the time passed ($3 now, $4 tokens per ms, at most $2 the burst), take a
 * token when there is one, and say which happened. The refilled count is taken before this
 * take; a clock that steps back must not drain the bucket. Fixed text: it runs on every request.
 */
const REFILLED =
  'least($2::double precision, rate_buckets.tokens + greatest(0, $3::bigint - rate_buckets.at) * $4::double precision)';
const TAKE_SQL = `insert into rate_buckets (key, tokens, at, took) values ($1, $2::double precision - 1, $3::bigint, 1)
  on conflict (key) do update set
    tokens = case when ${REFILLED} >= 1 then ${REFILLED} - 1 else ${REFILLED} end,
    at = greatest($3::bigint, rate_buckets.at),
    took = case when ${REFILLED} >= 1 then 1 else 0 end
  returning tokens, took`;

/**
 * The token buckets of RateLimiter, kept in the database so that every instance serving one
 * PostgreSQL database takes from the same bucket: two instances behind a load balancer give
 * a person the contract's limit, not twice it. One statement per take, atomic on its row.
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
    const { rows } = await this.db.executeQuery<{ tokens: number; took: number }>(
      CompiledQuery.raw(TAKE_SQL, [key, this.opts.burst, now, this.perMs]),
    );
    const row = rows[0]!;
    if (++this.takes % SWEEP_EVERY === 0) void this.sweep(now);
    if (Number(row.took) === 1) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(row.tokens)) / this.perMs / 1000)) };
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
