import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trackerOf } from '../../src/server/storage/versions.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { TOKENS, type Loose } from './support/world.js';

/**
 * SQLite's caches compare versions counted in this process (storage/write-tracker.ts): the
 * service is the one process with the one connection, so every statement that connection runs
 * is counted, through writeTransaction or not. (SQLite only: vitest.postgres.config.ts leaves
 * this file out, as PostgreSQL's versions are held in the database.)
 */

let s: Running;
beforeEach(async () => {
  s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1e9, burst: 1e9 } });
});
afterEach(async () => {
  await s.close();
});

const versions = () => {
  const t = trackerOf(s.db)!;
  return { items: t.version(['items']), messages: t.version(['messages']), users: t.version(['users']) };
};

describe('the write tracker behind SQLite caches', () => {
  it('moves the version of the tables a statement writes, and only those', async () => {
    const v0 = versions();
    await s.db.selectFrom('items').selectAll().execute();
    expect(versions()).toEqual(v0);
    await s.db.updateTable('items').set({ summary: 'x' }).where('id', '=', 'it_4').execute();
    const v1 = versions();
    expect(v1.items).toBeGreaterThan(v0.items);
    expect(v1).toMatchObject({ messages: v0.messages, users: v0.users });
    await s.db.transaction().execute((t) => t.deleteFrom('reactions').where('item_id', '=', 'it_1').execute());
    expect(versions()).toEqual(v1);
    expect(trackerOf(s.db)!.version(['reactions'])).toBeGreaterThan(0);
  });

  it('counts raw SQL other than a SELECT as a write to every table', async () => {
    const v0 = versions();
    await sql`select count(*) from items`.execute(s.db);
    expect(versions()).toEqual(v0);
    await sql`update users set name = name`.execute(s.db);
    const v1 = versions();
    expect(v1.items).toBeGreaterThan(v0.items);
    expect(v1.messages).toBeGreaterThan(v0.messages);
  });

  it('counts no write for the statements that move the database-held versions, so a project read before a write can be patched by it', async () => {
    const t = trackerOf(s.db)!;
    const project = () => t.version(['projects', 'items'], 'p_web');
    const shared = () => t.version(['users', 'memberships']);
    const [p0, s0] = [project(), shared()];
    await writeTransaction(s.db, { projectId: 'p_web', shared: true }, async () => undefined);
    expect([project(), shared()]).toEqual([p0, s0]);
    expect(
      await s.db.selectFrom('projects').select('cache_version').where('id', '=', 'p_web').executeTakeFirst(),
    ).toEqual({ cache_version: expect.any(Number) });
    await writeTransaction(s.db, { projectId: 'p_web' }, (w) =>
      w.updateTable('projects').set({ updated_at: 1 }).where('id', '=', 'p_web').execute(),
    );
    expect(project()).toBeGreaterThan(p0);
    expect(shared()).toBe(s0);
  });

  it('a statement on the service connection outside writeTransaction still reaches every cached read', async () => {
    const list = async () => (await s.get('/api/v1/items?projectId=p_web', TOKENS.owner)).body;
    await list();
    await s.db.updateTable('items').set({ summary: 'Edited without a version' }).where('id', '=', 'it_4').execute();
    expect((await list()).items.find((i: Loose) => i.id === 'it_4').excerpt).toBe('Edited without a version');
  });
});
