import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, daysAgo, thread, TOKENS, type Loose } from './support/world.js';

let s: Running;
beforeAll(async () => {
  s = await startServer(baseWorld());
});
afterAll(async () => {
  await s.close();
});

const ids = (res: { body: Loose }) => res.body.items.map((i: Loose) => i.id);
const list = (query: string, token: string = TOKENS.owner) => s.get(`/api/v1/items?projectId=p_web${query}`, token);

describe('GET /api/v1/items', () => {
  it('lists live threads newest first with a summary of the whole project', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.project).toEqual({ id: 'p_web', name: 'Web', slug: 'web' });
    expect(ids(res)).toEqual(['it_6', 'it_4', 'it_3', 'it_1', 'it_2']);
    expect(res.body.summary).toEqual({
      total: 5,
      open: 3,
      deferred: 1,
      resolved: 1,
      unassigned: 2,
      byType: { bug: 3, idea: 1, feedback: 1 },
      byPage: { '/checkout': 2, '/': 1, '/pricing': 2 },
    });
    expect(res.body).toMatchObject({ matched: 5, returned: 5, truncated: false, capped: false, scanLimit: 2000 });
  });

  it('shapes rows per the contract', async () => {
    const res = await list('');
    const byId = Object.fromEntries(res.body.items.map((i: Loose) => [i.id, i]));
    expect(byId.it_1).toEqual({
      id: 'it_1',
      page: '/checkout',
      type: 'bug',
      status: 'open',
      excerpt: 'The Pay button is misaligned on mobile',
      excerptSource: 'message',
      reportCount: 1,
      author: 'Olivia Owner',
      agentTask: 'fix',
      assignee: 'Cora Collab',
      assigneeId: 'u_collab',
      replyCount: 2,
      createdAt: daysAgo(10),
    });
    expect(byId.it_2).toMatchObject({ excerpt: 'Dark mode request', excerptSource: 'summary', reportCount: 0 });
    expect(byId.it_4).toMatchObject({ assignee: '', assigneeId: '', agentTask: null, author: 'Cora Collab' });
  });

  it('never lists nor counts merged duplicates', async () => {
    const res = await list('&q=misaligned');
    expect(ids(res)).toEqual(['it_1']);
    expect(res.body.summary.total).toBe(5);
  });

  it('filters by status, type and page (path or full URL)', async () => {
    expect(ids(await list('&status=open'))).toEqual(['it_6', 'it_4', 'it_1']);
    expect(ids(await list('&status=resolved'))).toEqual(['it_2']);
    expect(ids(await list('&type=bug'))).toEqual(['it_6', 'it_3', 'it_1']);
    expect(ids(await list('&page=/checkout'))).toEqual(['it_4', 'it_1']);
    expect(ids(await list(`&page=${encodeURIComponent('https://web.example/checkout')}`))).toEqual(['it_4', 'it_1']);
    expect(ids(await list('&status=open&type=bug'))).toEqual(['it_6', 'it_1']);
  });

  it('filters by assignee: a user id, me, or none', async () => {
    expect(ids(await list('&assignee=u_collab'))).toEqual(['it_1']);
    expect(ids(await list('&assignee=me'))).toEqual(['it_3']);
    expect(ids(await list('&assignee=me', TOKENS.collab))).toEqual(['it_1']);
    expect(ids(await list('&assignee=none'))).toEqual(['it_4', 'it_2']);
  });

  it('filters by q, case-insensitively, in the first message or any reply', async () => {
    expect(ids(await list('&q=zebra'))).toEqual(['it_3']);
    expect(ids(await list('&q=DARK%20MODE'))).toEqual(['it_2']);
    expect(ids(await list('&q=safari'))).toEqual(['it_1']);
    const none = await list('&q=nothing-matches-this');
    expect(none.body).toMatchObject({ matched: 0, returned: 0, truncated: false, items: [] });
    expect(none.body.summary.total).toBe(5);
  });

  it('filters by agent task, including none', async () => {
    expect(ids(await list('&task=fix'))).toEqual(['it_1']);
    expect(ids(await list('&task=investigate'))).toEqual(['it_3']);
    expect(ids(await list('&task=plan'))).toEqual(['it_6']);
    expect(ids(await list('&task=none'))).toEqual(['it_4', 'it_2']);
    expect(ids(await list('&task=build'))).toEqual([]);
  });

  it('cuts the list at limit and says so', async () => {
    const res = await list('&limit=2');
    expect(ids(res)).toEqual(['it_6', 'it_4']);
    expect(res.body).toMatchObject({ matched: 5, returned: 2, truncated: true });
    const bad = await list('&limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
    const notNumber = await list('&limit=lots');
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.error).toBe('limit must be a whole number written in digits, like 50.');
    const badTask = await list('&task=ship');
    expect(badTask.status).toBe(400);
    expect(badTask.body.field).toBe('task');
  });

  it('needs no projectId when the token reaches one workspace with one project', async () => {
    const res = await s.get('/api/v1/items', TOKENS.solo);
    expect(res.status).toBe(200);
    expect(res.body.project.id).toBe('p_solo');
    expect(ids(res)).toEqual(['it_solo']);
  });

  it('asks for a projectId otherwise, listing the projects and how to list them', async () => {
    for (const token of [TOKENS.collab, TOKENS.owner, TOKENS.multi]) {
      const res = await s.get('/api/v1/items', token);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('project_required');
      expect(res.body.error).toContain('"Web" (p_web)');
      expect(res.body.error).toContain('"Docs" (p_docs)');
      expect(res.body.error).toContain('GET /api/v1/projects');
      expect(res.body.error).not.toContain('p_old');
    }
  });

  it('answers 404 alike for unknown, archived and other-workspace projects', async () => {
    const sentences = [];
    for (const projectId of ['p_nope', 'p_old', 'p_solo']) {
      const res = await s.get(`/api/v1/items?projectId=${projectId}`, TOKENS.owner);
      expect(res.status).toBe(404);
      sentences.push(res.body.error.replace(projectId, 'X'));
    }
    expect(new Set(sentences).size).toBe(1);
  });
});

describe('scan limit', () => {
  let big: Running;
  beforeAll(async () => {
    const world = baseWorld();
    // 2,011 live threads plus a merged duplicate: only the 2,000 most recent are read.
    for (let i = 0; i < 2010; i++) {
      world.items!.push(
        thread(`bulk_${String(i).padStart(4, '0')}`, 'p_side', {
          createdAt: daysAgo(30) + i * 60_000,
          body: i < 10 ? `ancient thread number ${i}` : `bulk thread ${i}`,
          status: i % 3 === 0 ? 'deferred' : 'open',
          authorId: 'u_multi',
        }),
      );
    }
    // Solo Store gets exactly 2,000 live threads (its own one plus 1,999).
    for (let i = 0; i < 1999; i++) {
      world.items!.push(thread(`solo_${i}`, 'p_solo', { createdAt: daysAgo(20) + i * 60_000, authorId: 'u_solo' }));
    }
    world.items!.push(
      thread('bulk_dup', 'p_side', { createdAt: daysAgo(1), duplicateOf: 'bulk_2009', authorId: 'u_multi' }),
    );
    big = await startServer(world);
  }, 60_000);
  afterAll(async () => {
    await big.close();
  });

  it('reads only the 2,000 most recent live threads and reports capped', async () => {
    const res = await big.get('/api/v1/items?projectId=p_side', TOKENS.multi);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ capped: true, scanLimit: 2000, matched: 2000, returned: 50, truncated: true });
    expect(res.body.summary.total).toBe(2000);
    // it_side (4 days ago) is newer than every bulk thread.
    expect(res.body.items.slice(0, 2).map((i: Loose) => i.id)).toEqual(['it_side', 'bulk_2009']);
    expect(res.body.items[1].reportCount).toBe(1);
    expect(res.body.items.some((i: Loose) => i.id === 'bulk_dup')).toBe(false);
    const oldest = await big.get('/api/v1/items?projectId=p_side&q=ancient', TOKENS.multi);
    expect(oldest.body.matched).toBe(0);
    const max = await big.get('/api/v1/items?projectId=p_side&limit=200&status=deferred', TOKENS.multi);
    expect(max.body.returned).toBe(200);
    expect(max.body.matched).toBe(max.body.summary.deferred);
  });

  it('is not capped at exactly the scan limit', async () => {
    const res = await big.get('/api/v1/items', TOKENS.solo);
    expect(res.body).toMatchObject({ capped: false, matched: 2000, returned: 50, truncated: true });
    expect(res.body.summary.total).toBe(2000);
  });
});
