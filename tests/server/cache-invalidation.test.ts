import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/storage/open.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { DAY, NOW, TOKENS, type Loose } from './support/world.js';

/**
 * The service keeps reads in memory (tokens, projects, each project's scan window and what
 * is derived from it: summaries, lists, word index, review, hotspots) until a table they
 * come from is written. Every test here first reads everything once, so the caches are
 * full, then writes, then reads again: what it reads must be what is in the database now.
 * The same on both engines (storage/versions.ts).
 */

let s: Running;
beforeEach(async () => {
  // The default rate limit would refuse these read-heavy tests; it is tested elsewhere.
  s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1e9, burst: 1e9 } });
});
afterEach(async () => {
  await s.close();
});

const P = 'projectId=p_web';
const ok = (r: { status: number; body: Loose }) => {
  expect(r.status).toBe(200);
  return r.body;
};
const list = async (query = '') => ok(await s.get(`/api/v1/items?${P}${query}`, TOKENS.owner));
const row = async (id: string, query = '') => (await list(query)).items.find((i: Loose) => i.id === id);
const review = async (query = '') => ok(await s.get(`/api/v1/review?${P}${query}`, TOKENS.owner));
const source = async (query = '') => ok(await s.get(`/api/v1/source?${P}${query}`, TOKENS.owner));
const hotspot = async (file: string) => (await source()).files.find((f: Loose) => f.file === file);
const similar = async (body: Record<string, unknown>) =>
  ok(await s.post('/api/v1/similar', { projectId: 'p_web', ...body }, TOKENS.owner)).candidates.map((c: Loose) => c.id);
const whatsNew = async () => ok(await s.get(`/api/v1/whats-new?${P}&since=${NOW - 30 * DAY}`, TOKENS.owner));
const decisions = async () => ok(await s.get(`/api/v1/decisions?${P}`, TOKENS.owner));
const write = async (path: string, body: unknown, token: string = TOKENS.owner) => {
  s.clock.advance(1000);
  return ok(await s.post(path, body, token));
};

/** Every cached read of p_web, twice (the second is answered from memory). */
async function warm(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await list();
    await list('&status=open');
    await list('&assignee=me');
    await list('&q=xylophone');
    await review();
    await review('&section=open');
    await source();
    await source('&file=Table.tsx');
    await similar({ text: 'xylophone pricing table' });
    await similar({ text: 'pricing FAQ typo', includeResolved: false });
    await whatsNew();
    await decisions();
    await s.get('/api/v1/projects', TOKENS.owner);
  }
}

describe('cached reads after each kind of write', () => {
  it('status: lists, summary, review, hotspots and similar see the new status', async () => {
    await warm();
    expect((await row('it_6')).status).toBe('open');
    const before = await list();
    const reviewBefore = await review();
    expect(await hotspot('src/pricing/Table.tsx')).toMatchObject({ open: 1, deferred: 1, resolved: 0 });
    expect(await similar({ text: 'pricing FAQ typo', includeResolved: false })).toContain('it_6');

    await write('/api/v1/items/status', { itemId: 'it_6', status: 'resolved' });

    expect((await row('it_6')).status).toBe('resolved');
    const after = await list();
    expect(after.summary).toMatchObject({ open: before.summary.open - 1, resolved: before.summary.resolved + 1 });
    expect((await list('&status=open')).items.map((i: Loose) => i.id)).not.toContain('it_6');
    const reviewAfter = await review();
    expect(reviewAfter.counts).toMatchObject({
      open: reviewBefore.counts.open - 1,
      resolved: reviewBefore.counts.resolved + 1,
    });
    expect(reviewAfter.resolved[0]).toMatchObject({ id: 'it_6', resolvedAt: NOW + 1000, resolvedBy: 'Olivia Owner' });
    expect((await review('&section=open')).open.map((r: Loose) => r.id)).not.toContain('it_6');
    expect(await hotspot('src/pricing/Table.tsx')).toMatchObject({ open: 0, deferred: 1, resolved: 1 });
    expect((await source('&file=Table.tsx')).summary).toEqual({ open: 0, deferred: 1, resolved: 1 });
    expect(await similar({ text: 'pricing FAQ typo', includeResolved: false })).not.toContain('it_6');
    expect((await whatsNew()).resolved.map((r: Loose) => r.id)).toContain('it_6');
  });

  it('reply: reply counts, text search, similar, discussions and whats-new see the reply', async () => {
    await warm();
    expect((await row('it_4')).replyCount).toBe(0);
    expect((await list('&q=xylophone')).items).toEqual([]);
    expect(await similar({ text: 'xylophone pricing table' })).not.toContain('it_4');
    const repliesBefore = (await review()).counts.replies;

    await write('/api/v1/items/update', { itemId: 'it_4', body: 'A xylophone sound plays on checkout' });

    expect((await row('it_4')).replyCount).toBe(1);
    expect((await list('&q=xylophone')).items.map((i: Loose) => i.id)).toEqual(['it_4']);
    expect(await similar({ text: 'xylophone pricing table' })).toContain('it_4');
    const r = await review();
    expect(r.counts.replies).toBe(repliesBefore + 1);
    expect(r.discussions.map((d: Loose) => d.id)).toContain('it_4');
    expect((await whatsNew()).newReplies.map((t: Loose) => t.id)).toContain('it_4');
  });

  it('assign: assignee, unassigned count, the "me" filter, review and whats-new see the assignment', async () => {
    await warm();
    expect((await row('it_4')).assignee).toBe('');
    const before = await list();
    expect((await list('&assignee=me')).items.map((i: Loose) => i.id)).not.toContain('it_4');

    await write('/api/v1/items/assign', { itemId: 'it_4', assignee: 'me' });

    expect(await row('it_4')).toMatchObject({ assignee: 'Olivia Owner', assigneeId: 'u_owner' });
    expect((await list()).summary.unassigned).toBe(before.summary.unassigned - 1);
    expect((await list('&assignee=me')).items.map((i: Loose) => i.id)).toContain('it_4');
    expect((await review('&section=open')).open.find((o: Loose) => o.id === 'it_4').assignee).toBe('Olivia Owner');
    expect((await whatsNew()).assignedToYou.map((t: Loose) => t.id)).toContain('it_4');
  });

  it('merge: the duplicate leaves lists, hotspots and similar; the kept thread counts it', async () => {
    await warm();
    const before = await list();
    const mergedBefore = (await review()).counts.mergedDuplicates;
    expect(await similar({ text: 'pricing FAQ typo' })).toContain('it_6');

    await write('/api/v1/items/merge', { itemId: 'it_4', duplicateIds: ['it_6'] });

    const after = await list();
    expect(after.items.map((i: Loose) => i.id)).not.toContain('it_6');
    expect(after.summary.total).toBe(before.summary.total - 1);
    expect(after.items.find((i: Loose) => i.id === 'it_4').reportCount).toBe(1);
    expect((await review()).counts.mergedDuplicates).toBe(mergedBefore + 1);
    expect(await hotspot('src/pricing/Table.tsx')).toMatchObject({ open: 0, deferred: 1 });
    expect(await similar({ text: 'pricing FAQ typo' })).not.toContain('it_6');
  });

  it('create: the new thread is listed, counted, found by similar and reported as new', async () => {
    await warm();
    const before = await list();
    const created = await write('/api/v1/items/create', {
      projectId: 'p_web',
      url: 'https://web.example/pricing',
      body: 'The xylophone pricing table jingles',
    });

    const after = await list();
    expect(after.items[0]).toMatchObject({ id: created.pinId, status: 'open', replyCount: 0 });
    expect(after.summary.total).toBe(before.summary.total + 1);
    expect((await list('&q=xylophone')).items.map((i: Loose) => i.id)).toEqual([created.pinId]);
    expect(await similar({ text: 'xylophone pricing table' })).toContain(created.pinId);
    expect((await review('&section=open')).open.map((o: Loose) => o.id)).toContain(created.pinId);
    expect((await whatsNew()).newThreads.map((t: Loose) => t.id)).toContain(created.pinId);
  });

  it('rule: the decision log quotes it and the project listing shows the new updatedAt', async () => {
    await warm();
    expect((await decisions()).rules.projectContext).not.toMatch(/Xylophones are bugs/);
    const saved = await write('/api/v1/rules', { projectId: 'p_web', rule: 'Xylophones are bugs.' });
    expect(saved.saved).toBe(true);
    expect((await decisions()).rules.projectContext).toMatch(
      /Rules learned:\n- Xylophones are bugs\. \(added by Olivia Owner/,
    );
    const project = ok(await s.get('/api/v1/projects', TOKENS.owner)).projects.find((p: Loose) => p.id === 'p_web');
    expect(project.updatedAt).toBe(s.clock.now());
  });

  it('whats-new moving the bookmark leaves the other reads as they are', async () => {
    await warm();
    const items = await list();
    ok(await s.get(`/api/v1/whats-new?${P}`, TOKENS.owner));
    expect(await list()).toEqual(items);
  });
});

/**
 * A write that does not come through the API (a script, an administrator's tool) goes through
 * writeTransaction as the service's own do: it moves the versions of what it changes.
 */
const inDatabase = (write: (t: Db) => Promise<unknown>) => writeTransaction(s.db, { shared: true }, write);

describe('cached reads after writes that bypass the API', () => {
  it('sees rows changed directly in the database (summary, names, project)', async () => {
    await warm();
    await inDatabase(async (t) => {
      await t.updateTable('items').set({ summary: 'Edited summary' }).where('id', '=', 'it_4').execute();
      await t.updateTable('users').set({ name: 'Cora Renamed' }).where('id', '=', 'u_collab').execute();
      await t.updateTable('projects').set({ name: 'Web Renamed' }).where('id', '=', 'p_web').execute();
    });
    const after = await list();
    expect(after.project.name).toBe('Web Renamed');
    expect(after.items.find((i: Loose) => i.id === 'it_4')).toMatchObject({
      excerpt: 'Edited summary',
      excerptSource: 'summary',
      author: 'Cora Renamed',
    });
    expect((await review()).people.map((p: Loose) => p.name)).toContain('Cora Renamed');
  });

  it('refuses a token revoked in the database on the next request', async () => {
    ok(await s.get('/api/v1/workspaces', TOKENS.owner));
    ok(await s.get('/api/v1/workspaces', TOKENS.owner));
    await inDatabase((t) =>
      t
        .updateTable('tokens')
        .set({ revoked_at: NOW - 1 })
        .where('user_id', '=', 'u_owner')
        .execute(),
    );
    const res = await s.get('/api/v1/workspaces', TOKENS.owner);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/revoked/);
  });

  it('sees a membership removed in the database on the next request', async () => {
    await list();
    await inDatabase((t) =>
      t.deleteFrom('memberships').where('user_id', '=', 'u_owner').where('workspace_id', '=', 'ws_main').execute(),
    );
    expect((await s.get(`/api/v1/items?${P}`, TOKENS.owner)).status).toBe(404);
  });
});

describe('answers kept in memory are only given to callers who may have them', () => {
  it('a list cached for one caller is refused to callers outside or blocked in its workspace', async () => {
    await list();
    await list();
    expect((await s.get(`/api/v1/items?${P}`, TOKENS.solo)).status).toBe(404);
    const reviewer = await s.get(`/api/v1/items?${P}`, TOKENS.reviewer);
    expect(reviewer.status).toBe(403);
    expect(reviewer.body.reason).toBe('no_seat');
    expect((await s.get(`/api/v1/items?${P}`, TOKENS.expired)).status).toBe(401);
    expect((await s.get(`/api/v1/items?${P}`, 'not-a-token')).status).toBe(401);
    // The same list for a colleague: identical bytes, "me" resolved per caller.
    expect(ok(await s.get(`/api/v1/items?${P}`, TOKENS.admin))).toEqual(await list());
    const mine = ok(await s.get(`/api/v1/items?${P}&assignee=me`, TOKENS.collab)).items.map((i: Loose) => i.id);
    expect(mine).toEqual(['it_1']);
    expect((await list('&assignee=me')).items.map((i: Loose) => i.id)).toEqual(['it_3']);
  });
});

describe('cached tokens keep their expiry', () => {
  it('a token cached while valid stops working at its expiresAt', async () => {
    await inDatabase((t) =>
      t
        .updateTable('tokens')
        .set({ expires_at: NOW + 5000 })
        .where('user_id', '=', 'u_collab')
        .execute(),
    );
    ok(await s.get('/api/v1/workspaces', TOKENS.collab));
    s.clock.current = NOW + 4999;
    ok(await s.get('/api/v1/workspaces', TOKENS.collab));
    s.clock.current = NOW + 5000;
    const res = await s.get('/api/v1/workspaces', TOKENS.collab);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/expired/);
  });

  it('a token revoked for a later time works until then', async () => {
    await inDatabase((t) =>
      t
        .updateTable('tokens')
        .set({ revoked_at: NOW + 5000 })
        .where('user_id', '=', 'u_collab')
        .execute(),
    );
    ok(await s.get('/api/v1/workspaces', TOKENS.collab));
    s.clock.current = NOW + 5000;
    expect((await s.get('/api/v1/workspaces', TOKENS.collab)).status).toBe(401);
  });
});

describe('reads racing writes', () => {
  it('after concurrent writes and reads settle, every read shows every acknowledged write', async () => {
    await warm();
    const ids = ['it_1', 'it_3', 'it_4', 'it_6'];
    const traffic: Promise<unknown>[] = [];
    for (const [n, id] of ids.entries()) {
      traffic.push(
        s.post('/api/v1/items/status', { itemId: id, status: n % 2 ? 'deferred' : 'resolved' }, TOKENS.owner),
      );
      traffic.push(s.post('/api/v1/items/update', { itemId: id, body: `Racing reply ${n}` }, TOKENS.admin));
      traffic.push(list(), review(), similar({ text: 'racing reply' }), source());
    }
    await Promise.all(traffic);
    const after = await list();
    for (const [n, id] of ids.entries()) {
      expect(after.items.find((i: Loose) => i.id === id)).toMatchObject({ status: n % 2 ? 'deferred' : 'resolved' });
    }
    expect((await list('&q=racing%20reply')).items.map((i: Loose) => i.id).sort()).toEqual([...ids].sort());
    expect((await review()).counts.open).toBe(after.summary.open);
    expect((await similar({ text: 'racing reply' })).sort()).toEqual([...ids].sort());
  });
});
