import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, type Running } from '../server/support/harness.js';
import { ENGINE } from '../server/support/test-database.js';
import { baseWorld, TOKENS } from '../server/support/world.js';

/**
 * What a request answered from memory waits for on PostgreSQL: the read of the cache versions
 * (is the token still good, is the answer still current) and the take from the caller's
 * rate-limit bucket. Both are round trips; made one after the other they would cost twice
 * the wait. (Run by vitest.postgres.config.ts only.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-round-trips-'));
let server: Running;
beforeAll(async () => {
  if (ENGINE !== 'postgres')
    throw new Error(
      'These tests need TEST_DATABASE_URL (a PostgreSQL server): run them with vitest.postgres.config.ts.',
    );
  server = await startServer(baseWorld(), { dataDir: dir, rateLimit: { perMinute: 60, burst: 5 } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Kind = 'versions' | 'take' | 'other';
const kindOf = (q: CompiledQuery): Kind =>
  /from cache_versions/i.test(q.sql) ? 'versions' : /into rate_buckets/i.test(q.sql) ? 'take' : 'other';

/** Every statement the service runs while `fn` runs, as start and end events in order. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  const original = server.db.executeQuery.bind(server.db);
  const spy = vi.spyOn(server.db, 'executeQuery').mockImplementation(((q: CompiledQuery) => {
    const kind = kindOf(q);
    events.push(`start ${kind}`);
    return original(q).finally(() => events.push(`end ${kind}`));
  }) as typeof server.db.executeQuery);
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return events;
}

describe('a request answered from memory on PostgreSQL', () => {
  it('takes from its bucket while the versions are read: both are under way before either ends', async () => {
    // The first request reads the token; from then on its bucket is known before authentication ends.
    expect((await server.get('/api/v1/projects', TOKENS.owner)).status).toBe(200);
    const events = await statementsDuring(async () => {
      expect((await server.get('/api/v1/projects', TOKENS.owner)).status).toBe(200);
    });
    expect(events.filter((e) => e.startsWith('start'))).toEqual(['start take', 'start versions']);
    expect(events.slice(0, 2).sort()).toEqual(['start take', 'start versions']);
  });

  it('still takes exactly once per request: a burst of five gives five answers, the sixth waits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.get('/api/v1/workspaces', TOKENS.admin)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a token revoked since it was read, though its take had started', async () => {
    expect((await server.get('/api/v1/projects', TOKENS.collab)).status).toBe(200);
    await writeTransaction(server.db, { shared: true }, (t) =>
      t
        .updateTable('tokens')
        .set({ revoked_at: server.clock.now() - 1 })
        .where('user_id', '=', 'u_collab')
        .execute(),
    );
    const refused = await server.get('/api/v1/projects', TOKENS.collab);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/revoked/);
  });
});
