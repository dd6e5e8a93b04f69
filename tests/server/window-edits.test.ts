import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowLoads } from '../../src/server/domain/snapshot.js';
import { forgetCaches } from './support/forget-caches.js';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, daysAgo, thread, TOKENS, type Loose } from './support/world.js';
import { PAST_CREATE_LIMIT_MS, sendWrites } from './support/write-sequence.js';

/**
 * Creates and merges change which threads a project's window holds (domain/snapshot.ts
 * editWindow): a new thread comes in at the top and, in a capped window, pushes the last one
 * out; a merged duplicate leaves and the thread after the window comes in. The window is
 * edited in memory instead of being read again; here it is capped (2,004 live threads in
 * p_side, 2,000 in the window), so every edit crosses its edge.
 */

let s: Running;
const BULK = 2004;
const bulk = (i: number) => `bulk_${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  const world = baseWorld();
  for (let i = 0; i < BULK; i++) {
    world.items!.push(
      thread(bulk(i), 'p_side', {
        url: `https://side.example/page-${i % 7}`,
        createdAt: daysAgo(30) + i * 60_000,
        body: `bulk thread ${i} about page ${i % 7}`,
        status: i % 3 === 0 ? 'deferred' : 'open',
        authorId: 'u_multi',
        ...(i % 5 === 0 ? { source: { file: `src/page${i % 4}.tsx`, line: i, build: 'b1', branch: 'main' } } : {}),
        ...(i % 11 === 0
          ? {
              replies: [
                {
                  id: `r_${i}`,
                  authorId: 'u_owner',
                  body: `reply to ${i}`,
                  createdAt: daysAgo(30) + i * 60_000 + 1000,
                },
              ],
            }
          : {}),
      }),
    );
  }
  s = await startServer(world, { rateLimit: { perMinute: 1e9, burst: 1e9 } });
}, 60_000);
afterAll(async () => {
  await s.close();
});

const ok = (r: { status: number; body: Loose }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** What p_side answers from its window, as a caller sees it. */
async function reads(): Promise<Record<string, unknown>> {
  const P = 'projectId=p_side';
  const out: Record<string, unknown> = {};
  for (const q of ['', '&limit=200', '&status=deferred&limit=200', '&q=page%203', '&assignee=none']) {
    out[`items${q}`] = ok(await s.get(`/api/v1/items?${P}${q}`, TOKENS.multi));
  }
  out.source = ok(await s.get(`/api/v1/source?${P}&limit=200`, TOKENS.multi));
  out.review = ok(await s.get(`/api/v1/review?${P}`, TOKENS.multi));
  out.reviewOpen = ok(await s.get(`/api/v1/review?${P}&section=open`, TOKENS.multi));
  out.similar = ok(
    await s.post('/api/v1/similar', { projectId: 'p_side', text: 'bulk thread about page 3' }, TOKENS.multi),
  );
  return out;
}

/** Every cache is read again, on either engine. */
const forgetEverything = () => forgetCaches(s.db);

// The window's edge: bulk_0000 to bulk_0004 are outside it, bulk_0005 is its last thread.
const ids = [bulk(0), bulk(4), bulk(5), bulk(6), bulk(1000), bulk(BULK - 1), 'it_side'];

describe('a capped window edited for creates and merges', () => {
  it('a create pushes its last thread out; a merge of a thread at its edge takes the next one in', async () => {
    const before = (await reads())['items&limit=200'] as Loose;
    expect(before).toMatchObject({ capped: true, matched: 2000 });
    s.clock.advance(PAST_CREATE_LIMIT_MS);
    ok(
      await s.post(
        '/api/v1/items/create',
        { projectId: 'p_side', url: 'https://side.example/page-3', body: 'A new thread about page 3' },
        TOKENS.multi,
      ),
    );
    const loads = windowLoads();
    const created = (await reads())['items&limit=200'] as Loose;
    // The new thread (open) came in, bulk_0005 (open) left.
    expect(created.summary).toMatchObject({
      total: 2000,
      open: before.summary.open,
      deferred: before.summary.deferred,
    });
    expect(created.capped).toBe(true);
    s.clock.advance(1000);
    ok(await s.post('/api/v1/items/merge', { itemId: bulk(BULK - 2), duplicateIds: [bulk(6), bulk(0)] }, TOKENS.multi));
    const patched = await reads();
    expect(windowLoads() - loads).toBe(0);
    const list = patched['items&limit=200'] as Loose;
    // bulk_0006 (deferred, as every third) left, bulk_0005 (open) came back in: still 2,000 threads, still capped.
    expect(list).toMatchObject({ capped: true, matched: 2000 });
    expect(list.summary).toMatchObject({
      total: 2000,
      open: before.summary.open + 1,
      deferred: before.summary.deferred - 1,
    });
    expect(list.items[0].excerpt).toBe('A new thread about page 3');
    expect(list.items.find((i: Loose) => i.id === bulk(BULK - 2)).reportCount).toBe(2);
    await forgetEverything();
    expect(await reads()).toEqual(patched);
  });

  it('over random creates, merges, replies and status changes, the edited window answers as one read again', async () => {
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('merge' as const),
        itemId: fc.constantFrom(...ids),
        duplicateIds: fc.subarray(ids, { minLength: 1, maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant('create' as const), page: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant('reply' as const), itemId: fc.constantFrom(...ids) }),
      fc.record({
        kind: fc.constant('status' as const),
        itemId: fc.constantFrom(...ids),
        status: fc.constantFrom('open', 'deferred', 'resolved'),
      }),
    );
    const send = (w: Loose) => {
      switch (w.kind) {
        case 'merge':
          return s.post('/api/v1/items/merge', { itemId: w.itemId, duplicateIds: w.duplicateIds }, TOKENS.multi);
        case 'create':
          return s.post(
            '/api/v1/items/create',
            { projectId: 'p_side', url: `https://side.example/page-${w.page}`, body: `Created about page ${w.page}` },
            TOKENS.multi,
          );
        case 'reply':
          return s.post('/api/v1/items/update', { itemId: w.itemId, body: 'Another page 3 reply' }, TOKENS.multi);
        default:
          return s.post('/api/v1/items/status', { itemId: w.itemId, status: w.status }, TOKENS.multi);
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 4 }), async (writes) => {
        await reads();
        const loads = windowLoads();
        await sendWrites(s.clock, writes, send);
        const patched = await reads();
        expect(windowLoads() - loads).toBe(0);
        await forgetEverything();
        expect(await reads()).toEqual(patched);
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
