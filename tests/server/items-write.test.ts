import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, NOW, thread, TOKENS, type Loose } from './support/world.js';

/** The base world plus two people both called Alex, to exercise ambiguous names. */
function worldWithAlexes() {
  const w = baseWorld();
  w.users.push(
    { id: 'u_alex_k', name: 'Alex Kim', email: 'alex.kim@paid.example' },
    { id: 'u_alex_p', name: 'Alex Park', email: 'alex.park@paid.example' },
  );
  w.memberships.push(
    { workspaceId: 'ws_main', userId: 'u_alex_k', role: 'collaborator' },
    { workspaceId: 'ws_main', userId: 'u_alex_p', role: 'collaborator' },
  );
  return w;
}

let s: Running;
beforeAll(async () => {
  s = await startServer(worldWithAlexes());
});
afterAll(async () => {
  await s.close();
});
// A minute between tests refills every token's rate-limit bucket.
beforeEach(() => {
  s.clock.advance(60_000);
});

const countMessages = async (itemId: string) =>
  Number(
    (
      await s.db
        .selectFrom('messages')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const notes = (itemId: string) =>
  s.db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'actor_id'])
    .where('item_id', '=', itemId)
    .orderBy('id')
    .execute();

describe('POST /api/v1/items/update (reply)', () => {
  it('posts a reply as the caller with mentions and links, and notifies people', async () => {
    s.clock.current = NOW + 60_000;
    const res = await s.post(
      '/api/v1/items/update',
      {
        itemId: 'it_4',
        body: 'Thanks! @Adam Admin please check the copy.',
        mentions: ['adam@paid.example', 'Remy'],
        links: [{ url: 'https://github.com/paid/web/pull/7', label: 'Fix' }, { url: 'https://example.com/x' }],
      },
      TOKENS.owner,
    );
    expect(res.status).toBe(200);
    expect(res.body.pinId).toMatch(/^pin_[0-9a-f]{20}$/);
    expect(res.body).toMatchObject({ postedAs: 'Olivia Owner', mentioned: ['Adam Admin', 'Remy Reviewer'] });
    const detail = await s.get('/api/v1/items/it_4', TOKENS.owner);
    const reply = detail.body.thread.replies.at(-1);
    expect(reply).toMatchObject({
      id: res.body.pinId,
      author: 'Olivia Owner',
      authorId: 'u_owner',
      createdAt: NOW + 60_000,
      editedAt: null,
      via: 'api',
    });
    expect(reply.content).toBe(
      'Thanks! @Adam Admin please check the copy.\n\n@Remy Reviewer\n\nFix: https://github.com/paid/web/pull/7\nhttps://example.com/x',
    );
    expect(await notes('it_4')).toEqual([
      { user_id: 'u_admin', kind: 'mention', actor_id: 'u_owner' },
      { user_id: 'u_reviewer', kind: 'mention', actor_id: 'u_owner' },
      { user_id: 'u_collab', kind: 'reply', actor_id: 'u_owner' },
    ]);
    // The reply's own ID is a pinId: reading it as an item points at the thread.
    const asItem = await s.get(`/api/v1/items/${res.body.pinId}`, TOKENS.owner);
    expect(asItem.body).toMatchObject({ reason: 'reply_id', parentId: 'it_4' });
    const activity = await s.get('/api/v1/projects', TOKENS.owner);
    expect(activity.body.projects.find((p: Loose) => p.id === 'p_web').lastActivityAt).toBe(NOW + 60_000);
  });

  it('refuses a reply to a reply, naming the thread', async () => {
    const res = await s.post('/api/v1/items/update', { itemId: 'r_1a', body: 'hi' }, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'reply_to_reply', parentId: 'it_1' });
  });

  it('refuses an ambiguous name with the candidates and posts nothing', async () => {
    const before = await countMessages('it_1');
    const res = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'cc', mentions: ['me', 'Alex'] },
      TOKENS.owner,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'ambiguous_name', name: 'Alex', field: 'mentions.1' });
    expect(res.body.candidates.map((c: Loose) => c.name).sort()).toEqual(['Alex Kim', 'Alex Park']);
    expect(await countMessages('it_1')).toBe(before);
    const unknown = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'cc', mentions: ['Zed'] },
      TOKENS.owner,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.reason).toBe('unknown_person');
    expect(unknown.body.error).toMatch(/GET \/api\/v1\/members/);
    const full = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'cc', mentions: ['alex kim', '@Cora Collab'] },
      TOKENS.owner,
    );
    expect(full.body.mentioned).toEqual(['Alex Kim', 'Cora Collab']);
  });

  it('enforces the body, mentions and links limits with field-naming errors', async () => {
    const long = await s.post('/api/v1/items/update', { itemId: 'it_1', body: 'x'.repeat(4001) }, TOKENS.owner);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'body', error: 'body must be at most 4,000 characters.' });
    const ok = await s.post('/api/v1/items/update', { itemId: 'it_1', body: 'x'.repeat(4000) }, TOKENS.owner);
    expect(ok.status).toBe(200);
    const mentions = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'x', mentions: Array(11).fill('me') },
      TOKENS.owner,
    );
    expect(mentions.body).toMatchObject({ field: 'mentions', error: 'mentions may name at most 10 people.' });
    const links = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'x', links: Array(6).fill({ url: 'https://a.example' }) },
      TOKENS.owner,
    );
    expect(links.body).toMatchObject({ field: 'links', error: 'links may hold at most 5 entries.' });
    const badLink = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'x', links: [{ url: 'javascript:alert(1)' }] },
      TOKENS.owner,
    );
    expect(badLink.status).toBe(400);
    expect(badLink.body.field).toBe('links.0.url');
    const empty = await s.post('/api/v1/items/update', { itemId: 'it_1', body: '   ' }, TOKENS.owner);
    expect(empty.body).toMatchObject({ field: 'body', error: 'body must not be empty.' });
  });

  it('refuses replies on a merged duplicate and in blocked workspaces', async () => {
    expect((await s.post('/api/v1/items/update', { itemId: 'it_5', body: 'x' }, TOKENS.owner)).status).toBe(409);
    const blocked = await s.post('/api/v1/items/update', { itemId: 'it_free', body: 'x' }, TOKENS.multi);
    expect(blocked.status).toBe(403);
    expect(blocked.body.reason).toBe('no_plan');
  });
});

describe('POST /api/v1/items/create', () => {
  it('creates a thread as the caller, assigned and listed first', async () => {
    s.clock.current = NOW + 120_000;
    const res = await s.post(
      '/api/v1/items/create',
      {
        url: 'https://web.example/new-page?x=1',
        body: 'The hero image is blurry',
        projectId: 'p_web',
        selector: 'img.hero',
        pageTitle: 'New page',
        assignee: 'cora@paid.example',
        mentions: ['Adam Admin'],
      },
      TOKENS.owner,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      postedAs: 'Olivia Owner',
      assignedTo: 'Cora Collab',
      mentioned: ['Adam Admin'],
      page: '/new-page',
    });
    expect(res.body.pinId).toMatch(/^itm_/);
    const list = await s.get('/api/v1/items?projectId=p_web', TOKENS.owner);
    expect(list.body.items[0]).toMatchObject({
      id: res.body.pinId,
      status: 'open',
      type: 'feedback',
      assignee: 'Cora Collab',
      page: '/new-page',
      author: 'Olivia Owner',
    });
    const detail = await s.get(`/api/v1/items/${res.body.pinId}`, TOKENS.owner);
    expect(detail.body).toMatchObject({
      url: 'https://web.example/new-page?x=1',
      pageTitle: 'New page',
      anchor: { selector: 'img.hero' },
      source: null,
      createdAt: NOW + 120_000,
    });
    expect(detail.body.thread.root.content).toBe('The hero image is blurry\n\n@Adam Admin');
    expect(await notes(res.body.pinId)).toEqual([
      { user_id: 'u_admin', kind: 'mention', actor_id: 'u_owner' },
      { user_id: 'u_collab', kind: 'assign', actor_id: 'u_owner' },
    ]);
  });

  it('a thread made without an element has no selector and no click position, rather than null and 0×0', async () => {
    const res = await s.post(
      '/api/v1/items/create',
      { url: 'https://web.example/plain', body: 'Typed in by an agent', projectId: 'p_web' },
      TOKENS.owner,
    );
    const detail = await s.get(`/api/v1/items/${res.body.pinId}`, TOKENS.owner);
    expect(detail.body.anchor).toEqual({ elementText: null, selectedText: null });
  });

  it('refuses a page of another site, and asks for projectId when ambiguous', async () => {
    const other = await s.post(
      '/api/v1/items/create',
      { url: 'https://evil.example/', body: 'x', projectId: 'p_web' },
      TOKENS.owner,
    );
    expect(other.status).toBe(400);
    expect(other.body.field).toBe('url');
    const noProject = await s.post('/api/v1/items/create', { url: 'https://web.example/', body: 'x' }, TOKENS.owner);
    expect(noProject.status).toBe(400);
    expect(noProject.body.reason).toBe('project_required');
    const badUrl = await s.post(
      '/api/v1/items/create',
      { url: 'not a url', body: 'x', projectId: 'p_web' },
      TOKENS.owner,
    );
    expect(badUrl.body).toMatchObject({ field: 'url', error: 'url must be a full http(s) URL of the page.' });
  });

  it('applies the per-person creation limit', async () => {
    s.clock.current = NOW + 3_600_000;
    for (let i = 0; i < 20; i++) {
      const ok = await s.post(
        '/api/v1/items/create',
        { url: `https://solo.example/p${i}`, body: `thread ${i}` },
        TOKENS.solo,
      );
      expect(ok.status).toBe(200);
    }
    const refused = await s.post(
      '/api/v1/items/create',
      { url: 'https://solo.example/late', body: 'one more' },
      TOKENS.solo,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('creation_limit');
    s.clock.advance(11 * 60_000);
    expect(
      (await s.post('/api/v1/items/create', { url: 'https://solo.example/late', body: 'one more' }, TOKENS.solo))
        .status,
    ).toBe(200);
  });
});

describe('POST /api/v1/items/assign', () => {
  it('assigns, reports unchanged, and unassigns, recording events', async () => {
    const first = await s.post('/api/v1/items/assign', { itemId: 'it_6', assignee: 'Cora' }, TOKENS.owner);
    expect(first.body).toEqual({ assignedTo: 'Cora Collab', changed: true });
    const again = await s.post('/api/v1/items/assign', { itemId: 'it_6', assignee: 'u_collab' }, TOKENS.owner);
    expect(again.body).toEqual({ assignedTo: 'Cora Collab', changed: false });
    const none = await s.post('/api/v1/items/assign', { itemId: 'it_6', assignee: null }, TOKENS.owner);
    expect(none.body).toEqual({ assignedTo: null, changed: true });
    const me = await s.post('/api/v1/items/assign', { itemId: 'it_6', assignee: 'me' }, TOKENS.collab);
    expect(me.body).toEqual({ assignedTo: 'Cora Collab', changed: true });
    const events = await s.db
      .selectFrom('item_events')
      .select(['from_value', 'to_value', 'by_user_id'])
      .where('item_id', '=', 'it_6')
      .where('kind', '=', 'assign')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { from_value: 'u_multi', to_value: 'u_collab', by_user_id: 'u_owner' },
      { from_value: 'u_collab', to_value: null, by_user_id: 'u_owner' },
      { from_value: null, to_value: 'u_collab', by_user_id: 'u_collab' },
    ]);
    // Cora is told once (by Olivia); assigning herself tells nobody.
    expect((await notes('it_6')).filter((n) => n.kind === 'assign')).toEqual([
      { user_id: 'u_collab', kind: 'assign', actor_id: 'u_owner' },
    ]);
  });

  it('refuses a resolved item until it is reopened', async () => {
    const res = await s.post('/api/v1/items/assign', { itemId: 'it_2', assignee: 'me' }, TOKENS.owner);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('resolved_item');
    await s.post('/api/v1/items/status', { itemId: 'it_2', status: 'open' }, TOKENS.owner);
    expect((await s.post('/api/v1/items/assign', { itemId: 'it_2', assignee: 'me' }, TOKENS.owner)).body).toEqual({
      assignedTo: 'Olivia Owner',
      changed: true,
    });
  });

  it('refuses ambiguous names, people outside the workspace and a missing assignee field', async () => {
    expect((await s.post('/api/v1/items/assign', { itemId: 'it_3', assignee: 'alex' }, TOKENS.owner)).body.reason).toBe(
      'ambiguous_name',
    );
    expect(
      (await s.post('/api/v1/items/assign', { itemId: 'it_3', assignee: 'u_solo' }, TOKENS.owner)).body.reason,
    ).toBe('unknown_person');
    const missing = await s.post('/api/v1/items/assign', { itemId: 'it_3' }, TOKENS.owner);
    expect(missing.body).toMatchObject({ field: 'assignee', error: 'assignee is required.' });
  });
});

describe('POST /api/v1/items/merge naming a thread twice', () => {
  it('merges, counts and logs a thread once when both its ID and its root message ID are given', async () => {
    const world = baseWorld();
    const kept = thread('it_keep', 'p_web', { body: 'Checkout button overlaps the footer' });
    const dup = thread('it_dup', 'p_web', { body: 'Checkout button covers the footer' });
    // A fixture may give the root message an ID of its own.
    world.items = [...(world.items ?? []), kept, { ...dup, root: { ...dup.root, id: 'msg_dup_root' } }];
    const running = await startServer(world);
    try {
      const res = await running.post(
        '/api/v1/items/merge',
        { itemId: 'it_keep', duplicateIds: ['it_dup', 'msg_dup_root'] },
        TOKENS.owner,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ merged: 1, canonicalId: 'it_keep' });
      const keptNow = await running.get('/api/v1/items/it_keep', TOKENS.owner);
      expect((keptNow.body as Loose).reportCount).toBe(1);
    } finally {
      await running.close();
    }
  });
});

describe('POST /api/v1/items/merge', () => {
  let m: Running;
  beforeAll(async () => {
    m = await startServer(baseWorld());
  });
  afterAll(async () => {
    await m.close();
  });

  it('checks every duplicate before writing anything', async () => {
    const cases = [
      [['it_4', 'r_3a'], 400, 'merge_reply'],
      [['it_4', 'it_d1'], 400, 'merge_other_project'],
      [['it_4', 'it_1'], 400, 'merge_self'],
      [['it_4', 'nope'], 404, undefined],
      [['it_4', 'it_solo'], 404, undefined],
    ] as const;
    for (const [duplicateIds, status, reason] of cases) {
      const res = await m.post('/api/v1/items/merge', { itemId: 'it_1', duplicateIds }, TOKENS.owner);
      expect(res.status).toBe(status);
      if (reason) expect(res.body.reason).toBe(reason);
    }
    expect((await m.get('/api/v1/items/it_4', TOKENS.owner)).body.duplicateOf).toBeNull();
    const tooMany = await m.post(
      '/api/v1/items/merge',
      { itemId: 'it_1', duplicateIds: Array.from({ length: 51 }, (_, i) => `x${i}`) },
      TOKENS.owner,
    );
    expect(tooMany.body).toMatchObject({ field: 'duplicateIds', error: 'duplicateIds may hold at most 50 items.' });
    const kept = await m.post('/api/v1/items/merge', { itemId: 'r_1a', duplicateIds: ['it_4'] }, TOKENS.owner);
    expect(kept.body).toMatchObject({ reason: 'reply_id', parentId: 'it_1' });
  });

  it('refuses the first bad ID in the order given', async () => {
    const first = await m.post(
      '/api/v1/items/merge',
      { itemId: 'it_1', duplicateIds: ['it_4', 'nope', 'r_3a'] },
      TOKENS.owner,
    );
    expect(first.status).toBe(404);
    expect(first.body.error).toBe('Item nope does not exist or is not reachable with this token.');
    const reply = await m.post(
      '/api/v1/items/merge',
      { itemId: 'it_1', duplicateIds: ['r_3a', 'nope', 'it_d1'] },
      TOKENS.owner,
    );
    expect(reply.body).toMatchObject({ reason: 'merge_reply', itemId: 'r_3a' });
    const other = await m.post(
      '/api/v1/items/merge',
      { itemId: 'it_1', duplicateIds: ['it_d1', 'r_3a'] },
      TOKENS.owner,
    );
    expect(other.body).toMatchObject({ reason: 'merge_other_project', itemId: 'it_d1' });
    expect((await m.get('/api/v1/items/it_4', TOKENS.owner)).body.duplicateOf).toBeNull();
  });

  it('hides merged threads, raises reportCount, and merges into the canonical thread', async () => {
    const res = await m.post('/api/v1/items/merge', { itemId: 'it_1', duplicateIds: ['it_4', 'it_4'] }, TOKENS.owner);
    expect(res.body).toEqual({ merged: 1, canonicalId: 'it_1' });
    const list = await m.get('/api/v1/items?projectId=p_web', TOKENS.owner);
    expect(list.body.items.map((i: Loose) => i.id)).not.toContain('it_4');
    expect(list.body.items.find((i: Loose) => i.id === 'it_1').reportCount).toBe(2);
    expect((await m.get('/api/v1/items/it_4', TOKENS.owner)).body.duplicateOf).toBe('it_1');

    // Keeping a thread that was itself merged merges into the thread it went to.
    const viaDuplicate = await m.post('/api/v1/items/merge', { itemId: 'it_5', duplicateIds: ['it_6'] }, TOKENS.collab);
    expect(viaDuplicate.body).toEqual({ merged: 1, canonicalId: 'it_1' });
    expect((await m.get('/api/v1/items/it_1', TOKENS.owner)).body.reportCount).toBe(3);

    // Merging an already merged thread again changes nothing.
    expect(
      (await m.post('/api/v1/items/merge', { itemId: 'it_1', duplicateIds: ['it_4'] }, TOKENS.owner)).body,
    ).toEqual({ merged: 0, canonicalId: 'it_1' });
  });

  it('moves the duplicates of a merged thread along, so no chains form', async () => {
    const res = await m.post('/api/v1/items/merge', { itemId: 'it_3', duplicateIds: ['it_1'] }, TOKENS.owner);
    expect(res.body).toEqual({ merged: 1, canonicalId: 'it_3' });
    expect((await m.get('/api/v1/items/it_5', TOKENS.owner)).body.duplicateOf).toBe('it_3');
    expect((await m.get('/api/v1/items/it_3', TOKENS.owner)).body.reportCount).toBe(4);
  });

  it('merges several duplicates at once, skipping repeats and one already merged', async () => {
    const created: string[] = [];
    for (const page of ['a', 'b']) {
      const res = await m.post(
        '/api/v1/items/create',
        { projectId: 'p_web', url: `https://web.example/${page}`, body: `Same as it_2, page ${page}` },
        TOKENS.owner,
      );
      created.push(res.body.pinId);
    }
    const res = await m.post(
      '/api/v1/items/merge',
      { itemId: 'it_2', duplicateIds: [created[0], 'it_4', created[1], created[0]] },
      TOKENS.owner,
    );
    expect(res.body).toEqual({ merged: 2, canonicalId: 'it_2' });
    for (const id of created) expect((await m.get(`/api/v1/items/${id}`, TOKENS.owner)).body.duplicateOf).toBe('it_2');
    expect((await m.get('/api/v1/items/it_4', TOKENS.owner)).body.duplicateOf).toBe('it_3');
    expect((await m.get('/api/v1/items/it_2', TOKENS.owner)).body.reportCount).toBe(2);
    const list = await m.get('/api/v1/items?projectId=p_web', TOKENS.owner);
    expect(list.body.items.map((i: Loose) => i.id).sort()).toEqual(['it_2', 'it_3']);
  });
});
