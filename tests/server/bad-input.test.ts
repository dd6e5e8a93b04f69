import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { TOKENS } from './support/world.js';

let s: Running;
beforeAll(async () => {
  // A generous rate limit: this test is about input handling, not throttling.
  s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
});
afterAll(async () => {
  await s.close();
});

const GETS = [
  '/api/v1/workspaces',
  '/api/v1/projects',
  '/api/v1/members',
  '/api/v1/items',
  '/api/v1/whats-new',
  '/api/v1/review',
  '/api/v1/decisions',
  '/api/v1/source',
];
const POSTS = [
  '/api/v1/items/update',
  '/api/v1/items/create',
  '/api/v1/items/status',
  '/api/v1/items/assign',
  '/api/v1/items/merge',
  '/api/v1/rules',
  '/api/v1/similar',
];
const PARAMS = [
  'projectId',
  'workspaceId',
  'status',
  'type',
  'page',
  'assignee',
  'q',
  'task',
  'limit',
  'offset',
  'since',
  'section',
  'file',
  'line',
  'component',
];
const FIELDS = [
  'itemId',
  'body',
  'status',
  'assignee',
  'duplicateIds',
  'mentions',
  'links',
  'url',
  'projectId',
  'rule',
  'sourceItemIds',
  'text',
  'limit',
  'includeResolved',
  'page',
  'selector',
];
const IDS = ['it_1', 'r_1a', 'it_5', 'it_solo', 'p_web', 'p_old', 'ws_main', 'me', 'none', 'Alex'];

const value = fc.oneof(
  fc.constantFrom(...IDS),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.constantFrom(...IDS), fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.record({ url: fc.oneof(fc.webUrl(), fc.string()), label: fc.string({ maxLength: 5 }) }),
);

function expectCleanRefusal(res: { status: number; body: unknown }) {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof (res.body as { error?: unknown }).error).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.(ts|js):\d+/);
  }
}

describe('bad input never becomes a 5xx', () => {
  it('random query strings on every GET endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS),
        fc.dictionary(fc.constantFrom(...PARAMS), fc.oneof(fc.constantFrom(...IDS), fc.string({ maxLength: 12 }))),
        async (path, params) => {
          const res = await s.get(`${path}?${new URLSearchParams(params).toString()}`, TOKENS.owner);
          expectCleanRefusal(res);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random JSON bodies on every POST endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        fc.dictionary(fc.constantFrom(...FIELDS), value),
        async (path, body) => {
          expectCleanRefusal(await s.post(path, body, TOKENS.owner));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('random raw bodies and item IDs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ minLength: 1, maxLength: 30 }), async (raw, id) => {
        const res = await s.raw('/api/v1/items/status', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/json' },
          body: raw,
        });
        expectCleanRefusal(res);
        expectCleanRefusal(await s.get(`/api/v1/items/${encodeURIComponent(id)}`, TOKENS.owner));
      }),
      { numRuns: 100 },
    );
  });
});
