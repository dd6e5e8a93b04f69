import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/storage/open.js';
import { databaseVersionsOf } from '../../src/server/storage/versions.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, TestClock, type Running } from '../server/support/harness.js';
import { ENGINE } from '../server/support/test-database.js';
import { reportsWorld } from '../server/support/reports-world.js';
import { DAY, NOW, TOKENS, type Loose } from '../server/support/world.js';

/**
 * Two instances of the service on one PostgreSQL database, each keeping reads in memory: a
 * write through one moves the versions held in the database (storage/versions.ts), so the
 * other's warm caches (lists, windows, review, hotspots, similar, who a token is) answer it
 * on the next read. (Run by vitest.postgres.config.ts only.)
 */
let dir: string;
let a: Running;
let b: Running;
beforeEach(async () => {
  if (ENGINE !== 'postgres')
    throw new Error(
      'These tests need TEST_DATABASE_URL (a PostgreSQL server): run them with vitest.postgres.config.ts.',
    );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-cached-'));
  const clock = new TestClock();
  const opts = { dataDir: dir, clock, rateLimit: { perMinute: 1e9, burst: 1e9 } };
  a = await startServer(reportsWorld(), opts);
  b = await startServer(reportsWorld(), opts);
});
afterEach(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const P = 'projectId=p_web';
const ok = (r: { status: number; body: Loose }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** Every cached read of p_web through one instance. */
async function everyRead(s: Running): Promise<Record<string, Loose>> {
  return {
    list: ok(await s.get(`/api/v1/items?${P}`, TOKENS.owner)),
    open: ok(await s.get(`/api/v1/items?${P}&status=open`, TOKENS.owner)),
    search: ok(await s.get(`/api/v1/items?${P}&q=pricing`, TOKENS.owner)),
    review: ok(await s.get(`/api/v1/review?${P}`, TOKENS.owner)),
    hotspots: ok(await s.get(`/api/v1/source?${P}`, TOKENS.owner)),
    similar: ok(await s.post('/api/v1/similar', { projectId: 'p_web', text: 'pricing table typo' }, TOKENS.owner)),
    whatsNew: ok(await s.get(`/api/v1/whats-new?${P}&since=${NOW - 30 * DAY}`, TOKENS.owner)),
    decisions: ok(await s.get(`/api/v1/decisions?${P}`, TOKENS.owner)),
    projects: ok(await s.get('/api/v1/projects', TOKENS.owner)),
  };
}

/** Reads everything through `s` twice, so the second answers come from its memory. */
async function warm(s: Running): Promise<Record<string, Loose>> {
  await everyRead(s);
  return everyRead(s);
}

const inDatabase = (s: Running, write: (t: Db) => Promise<unknown>) => writeTransaction(s.db, { shared: true }, write);

describe('two instances keeping reads in memory on one database', () => {
  it('writes through one are read through the other, whose caches were warm', async () => {
    const before = await warm(a);
    await warm(b);
    const writes: [string, unknown][] = [
      ['/api/v1/items/status', { itemId: 'it_4', status: 'resolved' }],
      ['/api/v1/items/assign', { itemId: 'it_3', assignee: 'u_admin' }],
      ['/api/v1/items/update', { itemId: 'it_1', body: 'A pricing reply written through the other instance' }],
      [
        '/api/v1/items/create',
        { projectId: 'p_web', url: 'https://web.example/pricing', body: 'Pricing table typo again' },
      ],
      ['/api/v1/items/merge', { itemId: 'it_1', duplicateIds: ['it_6'] }],
      ['/api/v1/rules', { projectId: 'p_web', rule: 'Pricing typos are bugs.' }],
    ];
    for (const [route, body] of writes) {
      a.clock.advance(1000);
      ok(await b.post(route, body, TOKENS.owner));
    }
    const throughA = await everyRead(a);
    // What the writing instance answers (its caches patched by its own writes) is what the other reads.
    expect(throughA).toEqual(await everyRead(b));
    expect(throughA).not.toEqual(before);
    const row = (id: string) => throughA.list.items.find((i: Loose) => i.id === id);
    expect(row('it_4')).toMatchObject({ status: 'resolved' });
    expect(row('it_6')).toBeUndefined();
    expect(throughA.search.items.map((i: Loose) => i.id)).toContain('it_1');
    expect(throughA.decisions.rules.projectContext).toMatch(/Pricing typos are bugs\./);
  });

  it('a write through one is seen by the other even while requests keep arriving there', async () => {
    await warm(a);
    const reads = Array.from({ length: 10 }, () => a.get(`/api/v1/items?${P}`, TOKENS.owner));
    a.clock.advance(1000);
    ok(await b.post('/api/v1/items/status', { itemId: 'it_4', status: 'deferred' }, TOKENS.owner));
    const after = ok(await a.get(`/api/v1/items?${P}`, TOKENS.owner));
    expect(after.items.find((i: Loose) => i.id === 'it_4')).toMatchObject({ status: 'deferred' });
    for (const r of await Promise.all(reads)) expect(r.status).toBe(200);
  });

  it('a token revoked through one is refused by both at once', async () => {
    ok(await a.get('/api/v1/workspaces', TOKENS.owner));
    ok(await a.get('/api/v1/workspaces', TOKENS.owner));
    ok(await b.get('/api/v1/workspaces', TOKENS.owner));
    await inDatabase(b, (t) =>
      t
        .updateTable('tokens')
        .set({ revoked_at: NOW - 1 })
        .where('user_id', '=', 'u_owner')
        .execute(),
    );
    for (const s of [a, b]) {
      const res = await s.get('/api/v1/workspaces', TOKENS.owner);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/revoked/);
    }
  });

  it('a member removed through one is refused by both at once', async () => {
    await warm(a);
    await inDatabase(b, (t) =>
      t.deleteFrom('memberships').where('user_id', '=', 'u_owner').where('workspace_id', '=', 'ws_main').execute(),
    );
    expect((await a.get(`/api/v1/items?${P}`, TOKENS.owner)).status).toBe(404);
    expect((await b.get(`/api/v1/items?${P}`, TOKENS.owner)).status).toBe(404);
  });

  it('a list answered from memory costs one version check, shared by every cache the request consults', async () => {
    await warm(a);
    const versions = databaseVersionsOf(a.db)!;
    const checks = versions.checks;
    ok(await a.get(`/api/v1/items?${P}`, TOKENS.owner));
    // The token, the project and its window are all compared with the one check made after the request came.
    expect(versions.checks - checks).toBe(1);
  });
});
