import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { FixtureError, loadFixture } from '../../src/server/fixture/load.js';
import { isDataDirEmpty, openDatabase } from '../../src/server/storage/open.js';
import { openTestDatabase } from './support/test-database.js';
import { asLoose, baseWorld } from './support/world.js';

const tmpDirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-test-'));
  tmpDirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function expectFixtureError(input: unknown, message: string | RegExp) {
  const db = (await openTestDatabase()).db;
  try {
    const err = await loadFixture(db, input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FixtureError);
    if (typeof message === 'string') expect((err as Error).message).toBe(message);
    else expect((err as Error).message).toMatch(message);
    const orgs = await db.selectFrom('orgs').select('id').execute();
    expect(orgs).toEqual([]);
  } finally {
    await db.destroy();
  }
}

describe('fixture loading', () => {
  it('names the path of the first bad field', async () => {
    const world = asLoose(baseWorld());
    world.items[2].anchor.viewport.x = 'left';
    await expectFixtureError(world, /^fixture\.items\[2\]\.anchor\.viewport\.x: /);
    const noVersion = asLoose(baseWorld());
    delete noVersion.version;
    await expectFixtureError(noVersion, /^fixture\.version: /);
    await expectFixtureError('not json object', /^fixture: /);
  });

  it('names the path of a broken reference', async () => {
    const world = asLoose(baseWorld());
    world.memberships[3].userId = 'u_ghost';
    await expectFixtureError(world, 'fixture.memberships[3].userId: unknown user "u_ghost"');
    const dup = asLoose(baseWorld());
    dup.items[1].replies = [{ id: 'r_1a', authorId: 'u_owner', body: 'x', createdAt: 1 }];
    await expectFixtureError(dup, 'fixture.items[1].replies[0].id: duplicate message id "r_1a"');
    const chain = asLoose(baseWorld());
    chain.items[1].duplicateOf = 'it_5';
    await expectFixtureError(chain, /^fixture\.items\[1\]\.duplicateOf: "it_5" is itself a merged duplicate/);
  });

  it('loads nothing when an insert fails half way', async () => {
    const db = (await openTestDatabase()).db;
    try {
      await loadFixture(db, baseWorld());
      const first = baseWorld();
      const second = {
        version: 1 as const,
        organizations: [{ id: 'org_new', name: 'New', plan: 'team' as const, agentTools: true }],
        users: first.users,
        tokens: [],
        workspaces: [],
        memberships: [],
        projects: [],
      };
      // Valid on its own; its users collide with the first load after org_new was inserted.
      const err = await loadFixture(db, second).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(FixtureError);
      expect(await db.selectFrom('orgs').select('id').where('id', '=', 'org_new').execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe('database file', () => {
  it('uses WAL, synchronous FULL and foreign keys, and keeps data across restarts', async () => {
    const dir = tmp();
    expect(isDataDirEmpty(dir)).toBe(true);
    const db = await openDatabase({ dataDir: dir });
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    await loadFixture(db, baseWorld());
    await db.destroy();
    expect(fs.existsSync(path.join(dir, 'feedback.sqlite'))).toBe(true);
    expect(isDataDirEmpty(dir)).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    const n = await again
      .selectFrom('items')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(baseWorld().items!.length);
    await again.destroy();
  });
});

describe('a database made by a newer version of the service', () => {
  it('is refused at start with a sentence naming the migration this version does not know, and left as it was', async () => {
    const dir = tmp();
    const first = await openTestDatabase(dir);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      first.db,
    );
    await first.db.destroy();
    await expect(openTestDatabase(dir)).rejects.toThrow(
      /^The database was made by a newer version of the service \(it has migration 9999_from_the_future; this version knows up to 0006_cache_versions\)\. Start the newer version, or restore a backup made by this one\.$/,
    );
  });
});
