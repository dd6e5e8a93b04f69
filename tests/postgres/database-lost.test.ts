import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app.js';
import { loadFixture } from '../../src/server/fixture/load.js';
import { openDatabase, type Db } from '../../src/server/storage/open.js';
import { TestClock } from '../server/support/harness.js';
import { baseWorld, TOKENS, type Loose } from '../server/support/world.js';
import { OwnCluster, postgresInstalled } from './support/own-cluster.js';

/**
 * The service on a PostgreSQL server that crashes (pg_ctl stop -m immediate) and comes back:
 * requests meanwhile are answered 503 with Retry-After, none hangs, the service serves again
 * without a restart, and every write answered 2xx is there afterwards. The cluster is this
 * suite's own, so crashing it hurts no other suite. (Run by vitest.postgres.config.ts.)
 */

/** "Answered, not hung": far above any normal answer, far below a hang. */
const ANSWER_WITHIN_MS = 45_000;

let cluster: OwnCluster;
let db: Db;
let app: ReturnType<typeof createServer>;
let baseUrl: string;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Loose;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${TOKENS.owner}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (text ? JSON.parse(text) : null) as Loose,
  };
}

const create = (body: string) =>
  call('POST', '/api/v1/items/create', { projectId: 'p_web', url: 'https://web.example/lost', body });

async function rootBodiesPresent(): Promise<Set<string>> {
  const rows = await db.selectFrom('messages').select('body').where('is_root', '=', 1).execute();
  return new Set(rows.map((r) => r.body));
}

beforeAll(async () => {
  if (!process.env['TEST_DATABASE_URL'])
    throw new Error(
      'This suite runs with the PostgreSQL suites only: TEST_DATABASE_URL=$(scripts/postgres.sh url) npx vitest run --config vitest.postgres.config.ts',
    );
  if (!postgresInstalled())
    throw new Error(
      'PostgreSQL 15 is not installed (apt-get install -y postgresql-15): this suite starts a cluster of its own.',
    );
  cluster = await OwnCluster.create('lost-suite-pw');
  db = await openDatabase({ databaseUrl: cluster.url() });
  await loadFixture(db, baseWorld());
  app = createServer({ db, clock: new TestClock(), rateLimit: { perMinute: 100_000, burst: 100_000 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await cluster?.remove();
}, 120_000);

describe('the service when PostgreSQL is lost and comes back', () => {
  const acknowledged: string[] = [];

  it('answers 503 with Retry-After, in words, to reads and writes while the server is down; none hangs and the process stays up', async () => {
    for (let i = 0; i < 5; i++) {
      const written = await create(`Before the crash ${i}`);
      expect(written.status).toBe(200);
      acknowledged.push(`Before the crash ${i}`);
    }
    // Writes in flight while the server crashes: each is answered 2xx (and then kept) or 503.
    const inFlight = Array.from({ length: 12 }, (_, i) => `During the crash ${i}`);
    const answers = Promise.all(inFlight.map(async (body) => ({ body, answer: await create(body) })));
    await cluster.stop('immediate');
    for (const { body, answer } of await answers) {
      expect([200, 503], `${body}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (answer.status === 200) acknowledged.push(body);
    }

    const read = await call('GET', '/api/v1/projects');
    expect(read.status).toBe(503);
    expect(read.retryAfter).toBe('5');
    expect(read.body).toEqual({
      error: "The service's database is not reachable; try again in 5 seconds.",
      reason: 'database_unavailable',
    });
    const write = await create('While the server is down');
    expect(write.status).toBe(503);
    expect(write.retryAfter).toBe('5');
    expect(write.body.error).toMatch(/database is not reachable; try again in 5 seconds/);
    const list = await call('GET', '/api/v1/items?projectId=p_web');
    expect(list.status).toBe(503);
  }, 120_000);

  it('serves again by itself once the server is back, with every acknowledged write kept and no write half applied', async () => {
    await cluster.start();
    // The pool opens new connections for the next requests: no restart of the service.
    let read = await call('GET', '/api/v1/projects');
    for (let tries = 0; read.status !== 200 && tries < 20; tries++) {
      expect(read.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 500));
      read = await call('GET', '/api/v1/projects');
    }
    expect(read.status).toBe(200);

    const present = await rootBodiesPresent();
    for (const body of acknowledged) expect(present.has(body), body).toBe(true);
    expect(present.has('While the server is down')).toBe(false);
    // Whole or not at all: every item has its root message and every root message its item.
    const items = await db.selectFrom('items').select('id').execute();
    const roots = await db.selectFrom('messages').select('item_id').where('is_root', '=', 1).execute();
    expect(new Set(roots.map((r) => r.item_id))).toEqual(new Set(items.map((r) => r.id)));

    const after = await create('After the server came back');
    expect(after.status).toBe(200);
    const detail = await call('GET', `/api/v1/items/${after.body.pinId as string}`);
    expect(detail.status).toBe(200);
    expect(detail.body.thread.root.content).toBe('After the server came back');
  }, 120_000);
});
