import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { baseWorld, DAY, daysAgo, NOW, thread, TOKENS, type Loose } from './support/world.js';

let s: Running;
beforeAll(async () => {
  s = await startServer(reportsWorld());
});
afterAll(async () => {
  await s.close();
});

const ids = (rows: Loose[]) => rows.map((r) => r.id);

describe('POST /api/v1/rules', () => {
  it('saves a rule for owners and admins, citing the first five threads', async () => {
    s.clock.current = NOW;
    const res = await s.post(
      '/api/v1/rules',
      {
        projectId: 'p_web',
        rule: 'Typos are copy, not bugs.',
        sourceItemIds: ['it_6', 'it_1', 'it_2', 'it_3', 'it_4', 'it_5'],
      },
      TOKENS.admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      saved: true,
      rule: 'Typos are copy, not bugs.',
      cited: ['it_6', 'it_1', 'it_2', 'it_3', 'it_4'],
    });
    const again = await s.post(
      '/api/v1/rules',
      { projectId: 'p_web', rule: '  typos are copy,   not bugs ' },
      TOKENS.owner,
    );
    expect(again.body).toEqual({ saved: false, duplicate: true });
    const inContext = await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'Be kind to users' }, TOKENS.owner);
    expect(inContext.body).toEqual({ saved: false, duplicate: true });
    const decisions = await s.get('/api/v1/decisions?projectId=p_web', TOKENS.collab);
    expect(decisions.body.rules).toEqual({
      projectContext:
        'The public web shop. Be kind to users.\n\nRules learned:\n- Typos are copy, not bugs. (added by Adam Admin, 2026-01-15)',
      workspaceInstructions: 'Reply before resolving.',
    });
  });

  it('refuses collaborators, several sentences, long rules and foreign threads', async () => {
    const collab = await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'Anything.' }, TOKENS.collab);
    expect(collab.status).toBe(403);
    expect(collab.body).toMatchObject({ reason: 'role', role: 'collaborator' });
    const two = await s.post(
      '/api/v1/rules',
      { projectId: 'p_web', rule: 'Typos are copy. Layout is design.' },
      TOKENS.owner,
    );
    expect(two.body).toMatchObject({ reason: 'rule_not_one_sentence', field: 'rule' });
    expect(
      (await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'Use e.g. British spelling in copy.' }, TOKENS.owner))
        .body.saved,
    ).toBe(true);
    const long = await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'x'.repeat(500) }, TOKENS.owner);
    expect(long.body).toMatchObject({ field: 'rule', error: 'rule must be under 500 characters.' });
    expect(
      (await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'y'.repeat(499) }, TOKENS.owner)).body.saved,
    ).toBe(true);
    const foreign = await s.post(
      '/api/v1/rules',
      { projectId: 'p_web', rule: 'Docs are docs.', sourceItemIds: ['it_1', 'it_d1'] },
      TOKENS.owner,
    );
    expect(foreign.body).toMatchObject({ field: 'sourceItemIds.1' });
    const noProject = await s.post('/api/v1/rules', { rule: 'Docs are docs.' }, TOKENS.owner);
    expect(noProject.body.reason).toBe('project_required');
  });

  it('keeps one of the same rule saved by several people at the same moment', async () => {
    const rule = 'Screenshots of the checkout are evidence, not bugs.';
    const answers = await Promise.all(
      [TOKENS.owner, TOKENS.admin, TOKENS.owner, TOKENS.admin].map((token, i) =>
        s.post('/api/v1/rules', { projectId: 'p_web', rule: i % 2 ? rule.toLowerCase() : rule }, token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.saved === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(3);
    const decisions = await s.get('/api/v1/decisions?projectId=p_web', TOKENS.collab);
    expect(decisions.body.rules.projectContext.split('Screenshots of the checkout are evidence')).toHaveLength(2);
  });
});

describe('GET /api/v1/whats-new', () => {
  it('reads from the bookmark, looking back 7 days the first time, and moves it', async () => {
    s.clock.current = NOW;
    const first = await s.get('/api/v1/whats-new?projectId=p_web', TOKENS.collab);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      project: { id: 'p_web', name: 'Web' },
      since: NOW - 7 * DAY,
      until: NOW,
      firstBriefing: true,
      capped: false,
    });
    expect(ids(first.body.newThreads)).toEqual(['it_6']);
    expect(first.body.newThreads[0]).toMatchObject({
      status: 'open',
      line: 'Typo in the pricing FAQ',
      lineSource: 'message',
      type: 'bug',
      page: '/pricing',
      source: { file: 'src/pricing/Table.tsx', line: 80 },
    });
    expect(first.body.newReplies.map((r: Loose) => [r.id, r.replies.map((m: Loose) => m.text)])).toEqual(
      expect.arrayContaining([
        ['it_2', ['Shipped in v2']],
        ['it_3', ['Revisit next quarter']],
      ]),
    );
    expect(first.body.resolved).toMatchObject([{ id: 'it_2', resolvedBy: 'Adam Admin' }]);
    expect(first.body.deferred).toMatchObject([{ id: 'it_3', deferredBy: 'Olivia Owner' }]);
    expect(first.body.assignedToYou).toEqual([]);
    expect(first.body.counts).toEqual({
      newThreads: 1,
      newReplies: 2,
      threadsWithNewReplies: 2,
      resolved: 1,
      deferred: 1,
      assignedToYou: 0,
      mentionsYou: 0,
    });

    s.clock.current = NOW + 3_600_000;
    await s.post('/api/v1/items/assign', { itemId: 'it_4', assignee: 'Cora Collab' }, TOKENS.owner);
    await s.post(
      '/api/v1/items/update',
      { itemId: 'it_3', body: '@Cora Collab can you look?', mentions: ['Cora Collab'] },
      TOKENS.owner,
    );
    s.clock.current = NOW + 7_200_000;
    const second = await s.get('/api/v1/whats-new?projectId=p_web', TOKENS.collab);
    expect(second.body).toMatchObject({ since: NOW, until: NOW + 7_200_000, firstBriefing: false });
    expect(second.body.assignedToYou).toMatchObject([{ id: 'it_4', assignedBy: 'Olivia Owner' }]);
    expect(second.body.mentionsYou).toMatchObject([
      {
        threadId: 'it_3',
        thread: { id: 'it_3' },
        mention: { author: 'Olivia Owner', via: 'api', at: NOW + 3_600_000, text: '@Cora Collab can you look?' },
      },
    ]);
    expect(second.body.newReplies).toMatchObject([{ id: 'it_3', omittedReplies: 0 }]);
    expect(second.body.newThreads).toEqual([]);
  });

  it('reads from since without moving the bookmark', async () => {
    s.clock.current = NOW + 10_800_000;
    const since = await s.get('/api/v1/whats-new?projectId=p_web&since=2026-01-01', TOKENS.collab);
    expect(since.body).toMatchObject({ since: Date.UTC(2026, 0, 1), firstBriefing: false });
    expect(since.body.newThreads.length).toBe(4);
    const iso = await s.get(
      `/api/v1/whats-new?projectId=p_web&since=${encodeURIComponent(new Date(NOW).toISOString())}`,
      TOKENS.collab,
    );
    expect(iso.body.since).toBe(NOW);
    const ms = await s.get(`/api/v1/whats-new?projectId=p_web&since=${NOW}`, TOKENS.collab);
    expect(ms.body.since).toBe(NOW);
    const next = await s.get('/api/v1/whats-new?projectId=p_web', TOKENS.collab);
    expect(next.body.since).toBe(NOW + 7_200_000);
    const bad = await s.get('/api/v1/whats-new?projectId=p_web&since=yesterday', TOKENS.collab);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('since');
  });
});

describe('GET /api/v1/review', () => {
  it('gives every count, breakdowns and the first rows of each section', async () => {
    const res = await s.get('/api/v1/review?projectId=p_web', TOKENS.owner);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ section: null, offset: 0, capped: false });
    expect(b.counts).toMatchObject({ threads: 5, resolved: 1, deferred: 1, open: 3, mergedDuplicates: 1, retyped: 1 });
    expect(b.counts.replies).toBeGreaterThanOrEqual(5);
    expect(b.byType[0]).toEqual({ key: 'bug', total: 3, resolved: 0, deferred: 1, open: 2 });
    expect(b.byPage).toContainEqual({ key: '/pricing', total: 2, open: 1 });
    expect(b.people.map((p: Loose) => p.name).sort()).toEqual(['Adam Admin', 'Cora Collab', 'Olivia Owner']);
    expect(b.span.firstAt).toBe(daysAgo(40));
    expect(ids(b.open)).toEqual(['it_1', 'it_4', 'it_6']);
    expect(b.open[0]).toMatchObject({ ageDays: 10, assignee: 'Cora Collab' });
    expect(b.resolved).toMatchObject([
      {
        id: 'it_2',
        resolvedAt: daysAgo(1),
        resolvedBy: 'Adam Admin',
        lastWord: { author: 'Cora Collab', text: 'Shipped in v2' },
      },
    ]);
    expect(b.deferred).toMatchObject([
      {
        id: 'it_3',
        deferredAt: daysAgo(6),
        deferredBy: 'Olivia Owner',
        reason: { text: 'The ZEBRA stripes layout breaks at 320px' },
      },
    ]);
    expect(b.discussions[0]).toMatchObject({
      id: 'it_3',
      status: 'deferred',
      opening: { author: 'Olivia Owner', text: 'Pricing table overflows' },
      omittedReplies: 0,
    });
    expect(b.pages).toEqual({
      resolved: { total: 1, nextOffset: null },
      deferred: { total: 1, nextOffset: null },
      open: { total: 3, nextOffset: null },
      discussions: { total: 3, nextOffset: null },
    });
  });

  it('returns one section from an offset', async () => {
    const res = await s.get('/api/v1/review?projectId=p_web&section=open&offset=1', TOKENS.owner);
    expect(res.body).toMatchObject({ section: 'open', offset: 1 });
    expect(ids(res.body.open)).toEqual(['it_4', 'it_6']);
    expect(res.body.resolved).toBeUndefined();
    expect(res.body.byType).toBeUndefined();
    expect(res.body.pages.open).toEqual({ total: 3, nextOffset: null });
    expect(res.body.pages.resolved).toEqual({ total: 1, nextOffset: 0 });
    expect((await s.get('/api/v1/review?projectId=p_web&section=later', TOKENS.owner)).body.field).toBe('section');
  });

  it('pages 25 rows in the overview, 100 per section and 5 conversations', async () => {
    const w = baseWorld();
    for (let i = 0; i < 130; i++) {
      w.items!.push(
        thread(`o_${i}`, 'p_side', {
          createdAt: daysAgo(20) + i * 1000,
          authorId: 'u_multi',
          replies: [{ id: `o_${i}_r`, authorId: 'u_multi', body: 'reply', createdAt: daysAgo(19) }],
        }),
      );
    }
    const big = await startServer(w);
    try {
      const overview = await big.get('/api/v1/review?projectId=p_side', TOKENS.multi);
      expect(overview.body.open).toHaveLength(25);
      expect(overview.body.discussions).toHaveLength(25);
      expect(overview.body.pages.open).toEqual({ total: 131, nextOffset: 25 });
      const first = await big.get('/api/v1/review?projectId=p_side&section=open', TOKENS.multi);
      expect(first.body.open).toHaveLength(100);
      expect(first.body.pages.open.nextOffset).toBe(100);
      const last = await big.get('/api/v1/review?projectId=p_side&section=open&offset=100', TOKENS.multi);
      expect(last.body.open).toHaveLength(31);
      expect(last.body.pages.open.nextOffset).toBeNull();
      const talk = await big.get('/api/v1/review?projectId=p_side&section=discussions&offset=125', TOKENS.multi);
      expect(talk.body.discussions).toHaveLength(5);
      expect(talk.body.pages.discussions).toEqual({ total: 130, nextOffset: null });
    } finally {
      await big.close();
    }
  });
});

describe('GET /api/v1/decisions', () => {
  it('lists threads decided after a discussion, newest first, with paging and since', async () => {
    const res = await s.get('/api/v1/decisions?projectId=p_web', TOKENS.owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decided: 2, offset: 0, nextOffset: null, capped: false });
    expect(res.body.decisions[0]).toMatchObject({
      id: 'it_2',
      outcome: 'resolved',
      decidedAt: daysAgo(1),
      decidedBy: 'Adam Admin',
      question: { author: 'Olivia Owner', text: 'Please add a dark mode' },
      omittedReplies: 0,
      conversation: [{ author: 'Cora Collab', text: 'Shipped in v2' }],
    });
    expect(res.body.decisions[1]).toMatchObject({
      id: 'it_3',
      outcome: 'deferred',
      decidedAt: daysAgo(6),
      decidedBy: 'Olivia Owner',
    });
    expect(res.body.corrections).toEqual([
      { id: 'it_6', from: 'feedback', to: 'bug', line: 'Typo in the pricing FAQ' },
    ]);
    const page1 = await s.get('/api/v1/decisions?projectId=p_web&limit=1', TOKENS.owner);
    expect(page1.body).toMatchObject({ decided: 2, nextOffset: 1 });
    const page2 = await s.get('/api/v1/decisions?projectId=p_web&limit=1&offset=1', TOKENS.owner);
    expect(ids(page2.body.decisions)).toEqual(['it_3']);
    expect(page2.body.nextOffset).toBeNull();
    const recent = await s.get(`/api/v1/decisions?projectId=p_web&since=${daysAgo(3)}`, TOKENS.owner);
    expect(ids(recent.body.decisions)).toEqual(['it_2']);
    expect((await s.get('/api/v1/decisions?projectId=p_web&limit=31', TOKENS.owner)).body).toMatchObject({
      field: 'limit',
      error: 'limit must be at most 30.',
    });
  });
});

describe('GET /api/v1/source', () => {
  it('ranks stamped files by open and deferred threads without file or component', async () => {
    const res = await s.get('/api/v1/source?projectId=p_web', TOKENS.owner);
    expect(res.body).toMatchObject({ mode: 'hotspots', coverage: { threads: 5, stamped: 4 }, totalFiles: 2 });
    expect(res.body.files).toEqual([
      { file: 'src/pricing/Table.tsx', open: 1, deferred: 1, resolved: 0, components: ['PricingTable'] },
      { file: 'src/checkout/PayButton.tsx', open: 1, deferred: 0, resolved: 1, components: ['PayButton'] },
    ]);
  });

  it('matches files on whole path segments, nearest line first', async () => {
    const m = await s.get('/api/v1/source?projectId=p_web&file=PayButton.tsx', TOKENS.owner);
    expect(m.body).toMatchObject({
      mode: 'matches',
      query: { file: 'PayButton.tsx', component: null, line: null },
      matched: 2,
      summary: { open: 1, deferred: 0, resolved: 1 },
    });
    expect(m.body.items[0]).toMatchObject({ status: 'open' });
    expect(
      ids((await s.get('/api/v1/source?projectId=p_web&file=checkout/PayButton.tsx&line=49', TOKENS.owner)).body.items),
    ).toEqual(['it_2', 'it_1']);
    expect(
      ids((await s.get('/api/v1/source?projectId=p_web&file=PayButton.tsx&line=43', TOKENS.owner)).body.items),
    ).toEqual(['it_1', 'it_2']);
    expect((await s.get('/api/v1/source?projectId=p_web&file=Button.tsx', TOKENS.owner)).body.matched).toBe(0);
    expect(ids((await s.get('/api/v1/source?projectId=p_web&file=src/pricing', TOKENS.owner)).body.items)).toEqual([
      'it_6',
      'it_3',
    ]);
    const open = await s.get('/api/v1/source?projectId=p_web&file=PayButton.tsx&status=resolved', TOKENS.owner);
    // The summary counts what matched counts, so a client can print one beside the other.
    expect(open.body).toMatchObject({ matched: 1, summary: { open: 0, deferred: 0, resolved: 1 } });
    expect(
      ids((await s.get('/api/v1/source?projectId=p_web&component=pricingtable', TOKENS.owner)).body.items),
    ).toEqual(['it_3']);
    expect((await s.get('/api/v1/source?projectId=p_web&file=src&limit=1', TOKENS.owner)).body.items).toHaveLength(1);
    expect((await s.get('/api/v1/source?projectId=p_web&file=x&line=0', TOKENS.owner)).body.field).toBe('line');
  });
});

describe('POST /api/v1/similar', () => {
  it('scores shared words, page, element and source file, with reasons', async () => {
    const res = await s.post(
      '/api/v1/similar',
      { projectId: 'p_web', text: 'The pay button looks misaligned', selector: 'button.pay' },
      TOKENS.owner,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ project: { id: 'p_web', name: 'Web' }, subject: null, compared: 5 });
    const top = res.body.candidates[0];
    expect(top).toMatchObject({
      id: 'it_1',
      status: 'open',
      reasons: ['shared words: pay, button, misaligned', 'same element'],
    });
    expect(top.score).toBeGreaterThan(0.5);
    expect(top.score).toBeLessThanOrEqual(1);
  });

  it('finds duplicates of a thread, excluding itself and merged duplicates', async () => {
    const res = await s.post('/api/v1/similar', { itemId: 'it_1' }, TOKENS.owner);
    expect(res.body.subject).toEqual({ id: 'it_1' });
    expect(res.body.compared).toBe(4);
    expect(ids(res.body.candidates)).not.toContain('it_1');
    expect(ids(res.body.candidates)).not.toContain('it_5');
    expect(res.body.candidates.find((c: Loose) => c.id === 'it_2').reasons).toContain('same source file');
    const open = await s.post('/api/v1/similar', { itemId: 'it_1', includeResolved: false }, TOKENS.owner);
    expect(ids(open.body.candidates)).not.toContain('it_2');
    const page = await s.post(
      '/api/v1/similar',
      { projectId: 'p_web', text: 'pricing faq typo', page: 'https://web.example/pricing', limit: 1 },
      TOKENS.owner,
    );
    expect(page.body.candidates).toHaveLength(1);
    expect(page.body.candidates[0]).toMatchObject({ id: 'it_6' });
    expect(page.body.candidates[0].reasons).toContain('same page');
  });

  it('refuses bad requests clearly', async () => {
    expect((await s.post('/api/v1/similar', { projectId: 'p_web' }, TOKENS.owner)).body).toMatchObject({
      field: 'text',
      error: 'give text or itemId.',
    });
    expect((await s.post('/api/v1/similar', { itemId: 'r_1a' }, TOKENS.owner)).body).toMatchObject({
      reason: 'reply_id',
      parentId: 'it_1',
    });
    expect((await s.post('/api/v1/similar', { text: 'x' }, TOKENS.owner)).body.reason).toBe('project_required');
    expect(
      (await s.post('/api/v1/similar', { projectId: 'p_web', text: 'x', limit: 21 }, TOKENS.owner)).body.field,
    ).toBe('limit');
    expect((await s.post('/api/v1/similar', { itemId: 'it_1', projectId: 'p_docs' }, TOKENS.owner)).body.field).toBe(
      'projectId',
    );
  });
});
