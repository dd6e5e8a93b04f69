import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { startServer, type Running } from '../server/support/harness.js';
import { ENGINE } from '../server/support/test-database.js';
import { baseWorld, TOKENS } from '../server/support/world.js';

/**
 * Two instances of the service on one PostgreSQL database, as behind a load balancer: what one
 * instance counts, the other sees. (Run by vitest.postgres.config.ts only.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-shared-'));
let a: Running;
let b: Running;
beforeAll(async () => {
  if (ENGINE !== 'postgres')
    throw new Error(
      'These tests need TEST_DATABASE_URL (a PostgreSQL server): run them with vitest.postgres.config.ts.',
    );
  const limits = { rateLimit: { perMinute: 60, burst: 6 }, authFailureLimit: { perMinute: 1, burst: 4 } };
  a = await startServer(baseWorld(), { dataDir: dir, ...limits });
  b = await startServer(baseWorld(), { dataDir: dir, ...limits });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('share one rate limit per token: three requests through each use up a burst of six, the seventh waits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await a.get('/api/v1/workspaces', TOKENS.collab)).status);
      statuses.push((await b.get('/api/v1/workspaces', TOKENS.collab)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await a.get('/api/v1/workspaces', TOKENS.collab);
    expect(seventh.status).toBe(429);
    expect(Number(seventh.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another token has its own bucket.
    expect((await b.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
  });

  it('many requests at once through both take exactly the burst', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).get('/api/v1/workspaces', TOKENS.admin)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(6);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(14);
  });

  it('a write through one is read through the other at once, and a revoked token is refused by both', async () => {
    const created = await a.post(
      '/api/v1/items/create',
      { projectId: 'p_web', url: 'https://web.example/shared', body: 'Seen through the other instance' },
      TOKENS.owner,
    );
    expect(created.status).toBe(200);
    const detail = await b.get(`/api/v1/items/${created.body.pinId}`, TOKENS.owner);
    expect(detail.body.thread.root.content).toBe('Seen through the other instance');
    // As an administrator's tool would: through writeTransaction, which moves the shared version.
    await writeTransaction(a.db, { shared: true }, (t) =>
      t
        .updateTable('tokens')
        .set({ revoked_at: a.clock.now() - 1 })
        .execute(),
    );
    expect((await a.get('/api/v1/projects', TOKENS.owner)).status).toBe(401);
    expect((await b.get('/api/v1/projects', TOKENS.owner)).status).toBe(401);
  });

  it('share the failed-authentication limit of a client address', async () => {
    // The revoked token's two refusals above, one through each, took two of this address's four.
    const statuses: number[] = [];
    for (const s of [a, b, a]) statuses.push((await s.get('/api/v1/workspaces', 'sky_not_a_token')).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
