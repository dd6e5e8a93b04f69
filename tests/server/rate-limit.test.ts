import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, RateLimiter, rateKey } from '../../src/server/http/rate-limit.js';
import { startServer, TestClock, type Running } from './support/harness.js';
import { baseWorld, NOW, TOKENS } from './support/world.js';

function worldWithOauth() {
  const w = baseWorld();
  w.tokens.push(
    { token: 'oauth-solo-1', userId: 'u_solo', kind: 'oauth' },
    { token: 'oauth-solo-2', userId: 'u_solo', kind: 'oauth' },
  );
  return w;
}

describe('rate limit (300 per minute, bursts of 120, per personal token)', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer(worldWithOauth());
  });
  afterAll(async () => {
    await s.close();
  });

  it('allows a burst of 120, then answers 429 with Retry-After in whole seconds', async () => {
    s.clock.current = NOW;
    for (let i = 0; i < 120; i++) expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
    const refused = await s.get('/api/v1/workspaces', TOKENS.owner);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ error: 'Too many requests for this token; wait 1 second before trying again.' });
    // Other tokens have their own buckets, even of the same person.
    expect((await s.get('/api/v1/workspaces', TOKENS.collab)).status).toBe(200);
    expect((await s.get('/api/v1/workspaces', TOKENS.expired)).status).toBe(401);
  });

  it('refills at 5 requests per second', async () => {
    s.clock.advance(1000);
    for (let i = 0; i < 5; i++) expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
    expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(429);
    s.clock.advance(60_000);
    for (let i = 0; i < 120; i++) expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
    expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(429);
  });

  it('shares one limit across all OAuth connections of a person', async () => {
    for (let i = 0; i < 60; i++) expect((await s.get('/api/v1/workspaces', 'oauth-solo-1')).status).toBe(200);
    for (let i = 0; i < 60; i++) expect((await s.get('/api/v1/workspaces', 'oauth-solo-2')).status).toBe(200);
    expect((await s.get('/api/v1/workspaces', 'oauth-solo-1')).status).toBe(429);
    expect((await s.get('/api/v1/workspaces', 'oauth-solo-2')).status).toBe(429);
    expect((await s.get('/api/v1/workspaces', TOKENS.solo)).status).toBe(200);
  });
});

describe('rate limit with a slow refill', () => {
  it('rounds the wait up to whole seconds', async () => {
    const s = await startServer(baseWorld(), { rateLimit: { perMinute: 6, burst: 2 } });
    try {
      s.clock.current = NOW;
      expect((await s.get('/api/v1/projects', TOKENS.owner)).status).toBe(200);
      expect((await s.get('/api/v1/projects', TOKENS.owner)).status).toBe(200);
      const refused = await s.get('/api/v1/projects', TOKENS.owner);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('10');
      s.clock.advance(2500);
      expect((await s.get('/api/v1/projects', TOKENS.owner)).headers.get('retry-after')).toBe('8');
      s.clock.advance(7500);
      expect((await s.get('/api/v1/projects', TOKENS.owner)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('RateLimiter with an injected clock', () => {
  /** Takes `n` requests at the current instant and counts how many were allowed. */
  const takeMany = (limiter: RateLimiter, key: string, n: number) =>
    Array.from({ length: n }, () => limiter.take(key)).filter((r) => r.ok).length;

  it('allows exactly the burst at one instant, then refuses', () => {
    const clock = new TestClock(0);
    const limiter = new RateLimiter(clock, DEFAULT_RATE_LIMIT);
    expect(takeMany(limiter, 'a', 500)).toBe(120);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('refills one request per 200 ms, not a moment earlier', () => {
    const clock = new TestClock(0);
    const limiter = new RateLimiter(clock, DEFAULT_RATE_LIMIT);
    takeMany(limiter, 'a', 120);
    clock.advance(199);
    expect(limiter.take('a').ok).toBe(false);
    clock.advance(1);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    // A steady 5 per second is sustained indefinitely: 300 in a minute, one every 200 ms.
    let allowed = 0;
    for (let i = 0; i < 300; i++) {
      clock.advance(200);
      if (limiter.take('a').ok) allowed++;
    }
    expect(allowed).toBe(300);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('never holds more than the burst, however long the key was idle', () => {
    const clock = new TestClock(0);
    const limiter = new RateLimiter(clock, DEFAULT_RATE_LIMIT);
    takeMany(limiter, 'a', 1);
    clock.advance(24 * 3_600_000);
    expect(takeMany(limiter, 'a', 500)).toBe(120);
  });

  it('leaves a second token unaffected when the first is drained', () => {
    const clock = new TestClock(0);
    const limiter = new RateLimiter(clock, DEFAULT_RATE_LIMIT);
    expect(takeMany(limiter, 'first', 200)).toBe(120);
    expect(takeMany(limiter, 'second', 200)).toBe(120);
    clock.advance(1000);
    expect(takeMany(limiter, 'first', 10)).toBe(5);
    expect(takeMany(limiter, 'second', 10)).toBe(5);
  });

  it('counts the wait from the fractional refill, rounded up to whole seconds', () => {
    const clock = new TestClock(0);
    const limiter = new RateLimiter(clock, { perMinute: 6, burst: 1 });
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    clock.advance(9_001);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.advance(999);
    expect(limiter.take('a').ok).toBe(true);
  });

  it('does not drain or refill when the clock steps back', () => {
    const clock = new TestClock(10_000);
    const limiter = new RateLimiter(clock, { perMinute: 60, burst: 2 });
    expect(takeMany(limiter, 'a', 2)).toBe(2);
    clock.current = 0;
    expect(limiter.take('a').ok).toBe(false);
    clock.current = 10_999;
    expect(limiter.take('a').ok).toBe(false);
    clock.current = 11_000;
    expect(limiter.take('a').ok).toBe(true);
  });

  it('keys personal tokens apart and OAuth connections by person', () => {
    expect(rateKey({ tokenKind: 'personal', tokenHash: 'h1', userId: 'u' })).not.toBe(
      rateKey({ tokenKind: 'personal', tokenHash: 'h2', userId: 'u' }),
    );
    expect(rateKey({ tokenKind: 'oauth', tokenHash: 'h1', userId: 'u' })).toBe(
      rateKey({ tokenKind: 'oauth', tokenHash: 'h2', userId: 'u' }),
    );
    expect(rateKey({ tokenKind: 'oauth', tokenHash: 'h1', userId: 'u' })).not.toBe(
      rateKey({ tokenKind: 'oauth', tokenHash: 'h1', userId: 'v' }),
    );
  });
});
