import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, NOW, TOKENS } from './support/world.js';

function worldWithOauth() {
  const w = baseWorld();
  w.tokens.push({ token: 'oauth-solo-1', userId: 'u_solo', kind: 'oauth' }, { token: 'oauth-solo-2', userId: 'u_solo', kind: 'oauth' });
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
