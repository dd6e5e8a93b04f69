import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, NOW, TOKENS } from './support/world.js';

let s: Running;
beforeAll(async () => {
  s = await startServer(baseWorld());
});
afterAll(async () => {
  await s.close();
});

const events = (itemId: string) =>
  s.db
    .selectFrom('item_events')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('kind', '=', 'status')
    .orderBy('id')
    .execute();
const projectActivity = async (id: string) =>
  (await s.db.selectFrom('projects').select('last_activity_at').where('id', '=', id).executeTakeFirstOrThrow())
    .last_activity_at;

describe('POST /api/v1/items/status', () => {
  it('changes the status, records who did it and bumps project activity', async () => {
    s.clock.current = NOW + 1000;
    const before = await projectActivity('p_web');
    expect(before).toBeLessThan(NOW);
    const res = await s.post('/api/v1/items/status', { itemId: 'it_4', status: 'deferred' }, TOKENS.owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'deferred', changed: true });
    expect(await events('it_4')).toMatchObject([
      { by_user_id: 'u_owner', from_value: 'open', to_value: 'deferred', at: NOW + 1000 },
    ]);
    expect(await projectActivity('p_web')).toBe(NOW + 1000);
    const detail = await s.get('/api/v1/items/it_4', TOKENS.owner);
    expect(detail.body.status).toBe('deferred');
    const projects = await s.get('/api/v1/projects', TOKENS.owner);
    expect(projects.body.projects[0].id).toBe('p_web');
    // The thread's author (Cora) is told, as in the web app; the actor is not.
    const notes = await s.db.selectFrom('notifications').selectAll().where('item_id', '=', 'it_4').execute();
    expect(notes).toMatchObject([{ user_id: 'u_collab', kind: 'status', actor_id: 'u_owner' }]);
  });

  it('answers changed false and records nothing when the status is already set', async () => {
    const res = await s.post('/api/v1/items/status', { itemId: 'it_4', status: 'deferred' }, TOKENS.collab);
    expect(res.body).toEqual({ status: 'deferred', changed: false });
    expect(await events('it_4')).toHaveLength(1);
  });

  it('sets resolvedAt on resolve and clears it on reopen', async () => {
    s.clock.current = NOW + 5000;
    expect(
      (await s.post('/api/v1/items/status', { itemId: 'it_6', status: 'resolved' }, TOKENS.collab)).body.changed,
    ).toBe(true);
    expect((await s.get('/api/v1/items/it_6', TOKENS.collab)).body.resolvedAt).toBe(NOW + 5000);
    expect((await s.post('/api/v1/items/status', { itemId: 'it_6', status: 'open' }, TOKENS.collab)).body).toEqual({
      status: 'open',
      changed: true,
    });
    const reopened = await s.get('/api/v1/items/it_6', TOKENS.collab);
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null });
    expect((await events('it_6')).map((e) => [e.from_value, e.to_value, e.by_user_id])).toEqual([
      ['open', 'resolved', 'u_collab'],
      ['resolved', 'open', 'u_collab'],
    ]);
  });

  it('refuses a merged duplicate with 409, pointing at the kept thread', async () => {
    const res = await s.post('/api/v1/items/status', { itemId: 'it_5', status: 'resolved' }, TOKENS.owner);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'merged_duplicate', duplicateOf: 'it_1' });
    expect(res.body.error).toMatch(/merged into it_1/);
    expect(await events('it_5')).toHaveLength(0);
  });

  it("refuses a reply's ID, unknown items and blocked workspaces", async () => {
    const reply = await s.post('/api/v1/items/status', { itemId: 'r_3a', status: 'open' }, TOKENS.owner);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ reason: 'reply_id', parentId: 'it_3' });
    expect((await s.post('/api/v1/items/status', { itemId: 'it_solo', status: 'open' }, TOKENS.owner)).status).toBe(
      404,
    );
    const blocked = await s.post('/api/v1/items/status', { itemId: 'it_free', status: 'resolved' }, TOKENS.multi);
    expect(blocked.status).toBe(403);
    expect(blocked.body.reason).toBe('no_plan');
    const reviewer = await s.post('/api/v1/items/status', { itemId: 'it_1', status: 'resolved' }, TOKENS.reviewer);
    expect(reviewer.status).toBe(403);
    expect(reviewer.body.reason).toBe('no_seat');
  });
});
