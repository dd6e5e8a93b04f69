import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  destroyRecord,
  pruneExpired,
  recordColumns,
  revokeGrant,
  upsertRecord,
} from '../../src/server/storage/oauth.js';
import { DatabaseVersions } from '../../src/server/storage/versions.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { TOKENS } from './support/world.js';

/**
 * The versions caches compare (storage/versions.ts) are held in the database and moved by
 * every write's transaction (storage/write-transaction.ts): on PostgreSQL they are all that
 * tells one instance's caches about another's writes, so a write that forgot to move them
 * would be served stale. These tests run on both engines.
 */

let s: Running;
beforeEach(async () => {
  s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1e9, burst: 1e9 } });
});
afterEach(async () => {
  await s.close();
});

async function versions(): Promise<{ shared: number; p_web: number; p_docs: number }> {
  const projects = await s.db.selectFrom('projects').select(['id', 'cache_version']).execute();
  const shared = await s.db
    .selectFrom('cache_versions')
    .select('version')
    .where('scope', '=', 'shared')
    .executeTakeFirstOrThrow();
  const of = (id: string) => Number(projects.find((p) => p.id === id)!.cache_version);
  return { shared: Number(shared.version), p_web: of('p_web'), p_docs: of('p_docs') };
}

const SERVER_DIR = path.resolve(import.meta.dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('every write moves the versions of what it changes', () => {
  it('every transaction of the service is opened by writeTransaction', () => {
    const opening = sourceFiles(SERVER_DIR)
      .filter((file) => /\.transaction\(\)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER_DIR, file));
    expect(opening).toEqual([path.join('storage', 'write-transaction.ts')]);
  });

  const writes: [string, string, unknown][] = [
    ['a status change', '/api/v1/items/status', { itemId: 'it_4', status: 'resolved' }],
    ['an assignment', '/api/v1/items/assign', { itemId: 'it_4', assignee: 'u_admin' }],
    ['a reply', '/api/v1/items/update', { itemId: 'it_4', body: 'Seen again today' }],
    ['a new thread', '/api/v1/items/create', { projectId: 'p_web', url: 'https://web.example/new', body: 'Broken' }],
    ['a merge', '/api/v1/items/merge', { itemId: 'it_4', duplicateIds: ['it_6'] }],
    ['a rule', '/api/v1/rules', { projectId: 'p_web', rule: 'Typos are bugs.' }],
  ];
  for (const [name, route, body] of writes) {
    it(`${name} moves its project's version, and neither another project's nor the shared one`, async () => {
      const before = await versions();
      s.clock.advance(1000);
      const res = await s.post(route, body, TOKENS.owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await versions()).toEqual({ ...before, p_web: before.p_web + 1 });
    });
  }

  it('a refused write leaves every version as it was', async () => {
    const before = await versions();
    const res = await s.post('/api/v1/items/merge', { itemId: 'it_4', duplicateIds: ['it_4'] }, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(await versions()).toEqual(before);
  });

  it('writes to tokens (an access token issued, destroyed, its grant revoked, expired ones pruned) move the shared version', async () => {
    const now = s.clock.now();
    const grant = recordColumns('Grant', 'grant-1', { accountId: 'u_owner' }, null);
    await upsertRecord(s.db, grant, now);
    const token = (hash: string) => ({
      tokenHash: hash,
      userId: 'u_owner',
      label: 'Signed in',
      expiresAt: now + 60_000,
    });
    const steps: [string, () => Promise<void>][] = [
      [
        'issued',
        () => upsertRecord(s.db, recordColumns('AccessToken', 'h1', { grantId: 'grant-1' }, null), now, token('h1')),
      ],
      ['destroyed', () => destroyRecord(s.db, 'AccessToken', 'h1', now)],
      [
        'issued again',
        () => upsertRecord(s.db, recordColumns('AccessToken', 'h2', { grantId: 'grant-1' }, null), now, token('h2')),
      ],
      ['grant revoked', () => revokeGrant(s.db, 'grant-1', now)],
      ['pruned', () => pruneExpired(s.db, now, now + 120_000, 0)],
    ];
    for (const [step, run] of steps) {
      const before = (await versions()).shared;
      await run();
      expect((await versions()).shared, step).toBe(before + 1);
    }
  });

  it('a write within one project and the shared tables moves both', async () => {
    const before = await versions();
    await writeTransaction(s.db, { projectId: 'p_docs', shared: true }, async () => undefined);
    expect(await versions()).toEqual({ ...before, shared: before.shared + 1, p_docs: before.p_docs + 1 });
  });
});

describe('versions read from the database', () => {
  it('asks arriving while a check runs wait for the next one, which is one round trip for all of them', async () => {
    const source = new DatabaseVersions(s.db);
    const first = source.current(['items'], 'p_web');
    const burst = [
      ...Array.from({ length: 8 }, () => source.current(['items'], 'p_web')),
      source.current(['items', 'users'], 'p_docs'),
      source.current(['tokens', 'users']),
    ];
    await Promise.all([first, ...burst]);
    expect(source.checks).toBe(2);
    // Everyone in the burst got the same check's answer.
    expect(new Set(await Promise.all(burst.slice(0, 8))).size).toBe(1);
  });

  it('an ask after a write sees it, whether or not a check was running when it committed', async () => {
    const source = new DatabaseVersions(s.db);
    const before = await source.current(['items'], 'p_web');
    const running = source.current(['items'], 'p_web');
    await writeTransaction(s.db, { projectId: 'p_web' }, async () => undefined);
    const after = await source.current(['items'], 'p_web');
    expect(after).not.toBe(before);
    await running;
    const shared = await source.current(['tokens']);
    await writeTransaction(s.db, { shared: true }, async () => undefined);
    expect(await source.current(['tokens'])).not.toBe(shared);
    // A project's threads do not depend on the shared tables; its names (users) do.
    const threads = await source.current(['items'], 'p_web');
    const withNames = await source.current(['items', 'users'], 'p_web');
    await writeTransaction(s.db, { shared: true }, async () => undefined);
    expect(await source.current(['items'], 'p_web')).toBe(threads);
    expect(await source.current(['items', 'users'], 'p_web')).not.toBe(withNames);
  });

  it("a request's reads share the first check made after it came, and read after its own write from a new one", async () => {
    const source = new DatabaseVersions(s.db);
    // Started before the request came: the request must not use it.
    const earlier = source.current(['tokens']);
    await source.readsFrom(async () => {
      const first = await source.current(['items', 'users'], 'p_web');
      expect(source.checks).toBe(2);
      // Known at once, from the same check: the token, the project and its window cost one round trip.
      expect(source.current(['tokens'])).toEqual(expect.any(String));
      expect(source.known(['items', 'users'], 'p_web')).toBe(first);
      await writeTransaction(s.db, { projectId: 'p_web' }, async () => undefined);
      source.committed();
      expect(source.known(['items', 'users'], 'p_web')).toBeUndefined();
      expect(await source.current(['items', 'users'], 'p_web')).not.toBe(first);
      expect(source.checks).toBe(3);
    });
    await earlier;
    // Outside a request nothing is known without asking.
    expect(source.known(['tokens'])).toBeUndefined();
  });

  it('a project that is not there has a version its first write changes; reads across projects have none', async () => {
    const source = new DatabaseVersions(s.db);
    const missing = await source.current(['projects'], 'p_nowhere');
    expect(missing).not.toBe(await source.current(['projects'], 'p_web'));
    expect(source.current(['projects', 'workspaces'])).toBeNull();
  });

  it('a failed check fails the reads waiting on it, and the next ask checks again', async () => {
    const source = new DatabaseVersions(s.db);
    await s.db.schema.alterTable('cache_versions').renameTo('cache_versions_away').execute();
    await expect(source.current(['tokens'])).rejects.toThrow();
    await s.db.schema.alterTable('cache_versions_away').renameTo('cache_versions').execute();
    expect(await source.current(['tokens'])).toEqual(expect.any(String));
  });
});
