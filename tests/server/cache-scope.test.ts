import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { windowLoads } from '../../src/server/domain/snapshot.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { forgetCaches } from './support/forget-caches.js';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { DAY, NOW, TOKENS, type Loose } from './support/world.js';
import { sendWrites } from './support/write-sequence.js';

/**
 * Writes through the API move their project's version only (storage/write-transaction.ts), so
 * they leave other projects' windows in memory; status changes and assignments patch their
 * own project's window instead of having it read again (domain/snapshot.ts). windowLoads()
 * counts reads of windows (threads, messages, events) from the database: it shows what a
 * write left in memory without timing anything. cache-invalidation.test.ts proves every read is fresh after every write.
 */

let s: Running;
beforeEach(async () => {
  s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1e9, burst: 1e9 } });
});
afterEach(async () => {
  await s.close();
});

const ok = (r: { status: number; body: Loose }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const items = async (project: string, query = '') =>
  ok(await s.get(`/api/v1/items?projectId=${project}${query}`, TOKENS.owner));
const write = async (path: string, body: unknown) => {
  s.clock.advance(1000);
  return s.post(path, body, TOKENS.owner);
};

/** Windows read from the database while `reads` runs. */
async function loadsDuring(reads: () => Promise<unknown>): Promise<number> {
  const before = windowLoads();
  await reads();
  return windowLoads() - before;
}

/** Everything p_web answers from its window and what is derived from it, as a caller sees it. */
async function everyRead(): Promise<Record<string, unknown>> {
  const P = 'projectId=p_web';
  const out: Record<string, unknown> = {};
  for (const q of [
    '',
    '&status=open',
    '&status=resolved',
    '&status=deferred',
    '&assignee=me',
    '&assignee=none',
    '&q=pricing',
    '&type=bug',
  ]) {
    out[`items${q}`] = await items('p_web', q);
  }
  out.review = ok(await s.get(`/api/v1/review?${P}`, TOKENS.owner));
  for (const section of ['open', 'resolved', 'deferred', 'discussions']) {
    out[`review ${section}`] = ok(await s.get(`/api/v1/review?${P}&section=${section}`, TOKENS.owner));
  }
  out.source = ok(await s.get(`/api/v1/source?${P}`, TOKENS.owner));
  out.sourceFile = ok(await s.get(`/api/v1/source?${P}&file=Table.tsx`, TOKENS.owner));
  out.similar = ok(
    await s.post(
      '/api/v1/similar',
      { projectId: 'p_web', text: 'pricing FAQ typo', includeResolved: false },
      TOKENS.owner,
    ),
  );
  out.similarAll = ok(
    await s.post('/api/v1/similar', { projectId: 'p_web', text: 'Pay button checkout' }, TOKENS.owner),
  );
  out.whatsNew = ok(await s.get(`/api/v1/whats-new?${P}&since=${NOW - 30 * DAY}`, TOKENS.owner));
  out.decisions = ok(await s.get(`/api/v1/decisions?${P}`, TOKENS.owner));
  return out;
}

const forgetEverything = () => forgetCaches(s.db);

describe('a write in one project leaves the others in memory', () => {
  const docsItems = () => items('p_docs');
  const docsDecisions = async () => ok(await s.get('/api/v1/decisions?projectId=p_docs', TOKENS.owner));
  /** Each write in p_docs, and a read of p_docs that shows it. */
  const writesInDocs: [string, string, unknown, () => Promise<Loose>][] = [
    ['status', '/api/v1/items/status', { itemId: 'it_d1', status: 'resolved' }, docsItems],
    ['assign', '/api/v1/items/assign', { itemId: 'it_d1', assignee: 'me' }, docsItems],
    ['reply', '/api/v1/items/update', { itemId: 'it_d1', body: 'Still empty today' }, docsItems],
    [
      'create',
      '/api/v1/items/create',
      { projectId: 'p_docs', url: 'https://docs.example/faq', body: 'The FAQ is missing' },
      docsItems,
    ],
    ['rule', '/api/v1/rules', { projectId: 'p_docs', rule: 'Empty pages are bugs.' }, docsDecisions],
  ];

  for (const [kind, path, body, docs] of writesInDocs) {
    it(`${kind} in p_docs: p_web's window is not read again, p_docs answers fresh`, async () => {
      const web = await items('p_web');
      const docsBefore = await docs();
      ok(await write(path, body));
      expect(await loadsDuring(async () => expect(await items('p_web')).toEqual(web))).toBe(0);
      const docsAfter = await docs();
      expect(docsAfter).not.toEqual(docsBefore);
      // What p_docs answers from memory is what it would answer after reading everything again.
      await forgetEverything();
      expect(await docs()).toEqual(docsAfter);
    });
  }

  it('a merge in p_web leaves p_docs in memory', async () => {
    await items('p_web');
    const docs = await items('p_docs');
    ok(await write('/api/v1/items/merge', { itemId: 'it_4', duplicateIds: ['it_6'] }));
    expect(await loadsDuring(async () => expect(await items('p_docs')).toEqual(docs))).toBe(0);
    expect((await items('p_web')).items.map((i: Loose) => i.id)).not.toContain('it_6');
  });

  it('a write straight to the database that moves the shared version makes every project read its window again', async () => {
    await items('p_web');
    await items('p_docs');
    await writeTransaction(s.db, { shared: true }, (t) =>
      t.updateTable('items').set({ summary: 'Edited in the database' }).where('id', '=', 'it_d1').execute(),
    );
    expect(await loadsDuring(() => items('p_web'))).toBe(1);
    expect(
      await loadsDuring(async () => expect((await items('p_docs')).items[0].excerpt).toBe('Edited in the database')),
    ).toBe(1);
  });
});

describe('writes through the API patch the window in memory', () => {
  it('a status change and an assignment are answered without reading the window again', async () => {
    await everyRead();
    ok(await write('/api/v1/items/status', { itemId: 'it_6', status: 'resolved' }));
    ok(await write('/api/v1/items/assign', { itemId: 'it_4', assignee: 'u_admin' }));
    let patched: Record<string, unknown> = {};
    expect(await loadsDuring(async () => (patched = await everyRead()))).toBe(0);
    expect((patched['items&status=resolved'] as Loose).items.map((i: Loose) => i.id)).toContain('it_6');
    await forgetEverything();
    expect(await everyRead()).toEqual(patched);
  });

  it('many patches in a row, none read in between, still answer what the database holds', async () => {
    await everyRead();
    const statuses = ['deferred', 'open', 'resolved'] as const;
    for (let i = 0; i < 40; i++)
      ok(await write('/api/v1/items/status', { itemId: i % 2 ? 'it_4' : 'it_3', status: statuses[i % 3] }));
    const patched = await everyRead();
    await forgetEverything();
    expect(await everyRead()).toEqual(patched);
  });

  it('a reply, a create and a merge are answered without reading the window (threads, messages, events) again', async () => {
    await everyRead();
    ok(await write('/api/v1/items/update', { itemId: 'it_4', body: 'A reply about the pricing table' }));
    ok(
      await write('/api/v1/items/create', {
        projectId: 'p_web',
        url: 'https://web.example/pricing',
        body: 'Pricing table overlaps',
        assignee: 'u_admin',
      }),
    );
    ok(await write('/api/v1/items/merge', { itemId: 'it_3', duplicateIds: ['it_6'] }));
    let patched: Record<string, unknown> = {};
    expect(await loadsDuring(async () => (patched = await everyRead()))).toBe(0);
    const list = patched.items as Loose;
    expect(list.items.map((i: Loose) => i.id)).not.toContain('it_6');
    expect(list.items.find((i: Loose) => i.id === 'it_3').reportCount).toBeGreaterThan(0);
    expect(list.items[0]).toMatchObject({ excerpt: 'Pricing table overlaps', assignee: 'Adam Admin' });
    await forgetEverything();
    expect(await everyRead()).toEqual(patched);
  });

  it('over random sequences of writes (status, assign, reply, create, merge), every patched answer equals a rebuilt one', async () => {
    const threads = ['it_1', 'it_2', 'it_3', 'it_4', 'it_6', 'it_5'];
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('status' as const),
        itemId: fc.constantFrom(...threads),
        status: fc.constantFrom('open', 'deferred', 'resolved'),
      }),
      fc.record({
        kind: fc.constant('assign' as const),
        itemId: fc.constantFrom(...threads),
        assignee: fc.constantFrom('me', 'u_admin', 'u_collab', 'Mia Multi', null),
      }),
      fc.record({
        kind: fc.constant('reply' as const),
        itemId: fc.constantFrom(...threads),
        body: fc.constantFrom('Seen on the pricing page too', 'Fixed in the next build', 'xylophone'),
      }),
      fc.record({
        kind: fc.constant('create' as const),
        page: fc.constantFrom('pricing', 'faq', 'brand-new-page'),
        body: fc.constantFrom('Pricing FAQ typo again', 'Button overlaps'),
        assignee: fc.constantFrom(undefined, 'u_collab'),
      }),
      fc.record({
        kind: fc.constant('merge' as const),
        itemId: fc.constantFrom(...threads),
        duplicateIds: fc.subarray(threads, { minLength: 1, maxLength: 2 }),
      }),
    );
    const send = (w: Loose) => {
      switch (w.kind) {
        case 'status':
          return s.post('/api/v1/items/status', { itemId: w.itemId, status: w.status }, TOKENS.owner);
        case 'assign':
          return s.post('/api/v1/items/assign', { itemId: w.itemId, assignee: w.assignee }, TOKENS.owner);
        case 'reply':
          return s.post('/api/v1/items/update', { itemId: w.itemId, body: w.body }, TOKENS.owner);
        case 'create':
          return s.post(
            '/api/v1/items/create',
            {
              projectId: 'p_web',
              url: `https://web.example/${w.page}`,
              body: w.body,
              ...(w.assignee ? { assignee: w.assignee } : {}),
            },
            TOKENS.owner,
          );
        default:
          return s.post('/api/v1/items/merge', { itemId: w.itemId, duplicateIds: w.duplicateIds }, TOKENS.owner);
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        await everyRead();
        const loadsBefore = windowLoads();
        await sendWrites(s.clock, writes, send);
        // Neither the writes nor the reads after them read a window (threads, messages, events) again.
        const patched = await everyRead();
        expect(windowLoads() - loadsBefore).toBe(0);
        await forgetEverything();
        expect(await everyRead()).toEqual(patched);
      }),
      { numRuns: 25 },
    );
    // Twenty-five sequences of a few dozen requests each: more than the default allows on a busy PostgreSQL.
  }, 180_000);
});
