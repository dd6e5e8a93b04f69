import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app.js';
import { loadFixture } from '../../src/server/fixture/load.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/storage/open.js';
import { TestClock } from './support/harness.js';
import { baseWorld, TOKENS } from './support/world.js';

/**
 * SQLite's equivalent of a lost database: another program holds the file's write lock past
 * the busy timeout. The write is answered 503 with Retry-After in words, not 500. (Always on
 * SQLite, whichever engine the other suites use.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-locked-'));
let db: Db;
let app: ReturnType<typeof createServer>;
let baseUrl: string;

const create = async (body: string) => {
  const res = await fetch(`${baseUrl}/api/v1/items/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'p_web', url: 'https://web.example/locked', body }),
    signal: AbortSignal.timeout(45_000),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
};

beforeAll(async () => {
  db = await openDatabase({ dataDir: dir });
  await loadFixture(db, baseWorld());
  app = createServer({ db, clock: new TestClock() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the service when another program locks its SQLite file', () => {
  it('answers a write 503 with Retry-After and a sentence, not 500', async () => {
    const other = new Libsql(path.join(dir, DB_FILE_NAME));
    try {
      other.exec('begin exclusive');
      const refused = await create('Written while the file is locked');
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body).toEqual({
        error: "The service's database file is locked by another program; try again in 5 seconds.",
        reason: 'database_unavailable',
      });
    } finally {
      other.exec('rollback');
      other.close();
    }
  });

  it('writes again once the lock is released, without a restart, and keeps what it acknowledged', async () => {
    const before = await create('Written before the lock');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const other = new Libsql(path.join(dir, DB_FILE_NAME));
    try {
      other.exec('begin exclusive');
      expect((await create('Refused while the file is locked')).status).toBe(503);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const after = await create('Written after the lock is released');
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const reader = new Libsql(path.join(dir, DB_FILE_NAME), { readonly: true });
    try {
      const bodies = (reader.prepare('select body from messages').all() as { body: string }[]).map((r) => r.body);
      expect(bodies).toContain('Written before the lock');
      expect(bodies).toContain('Written after the lock is released');
      expect(bodies).not.toContain('Refused while the file is locked');
    } finally {
      reader.close();
    }
  });
});
