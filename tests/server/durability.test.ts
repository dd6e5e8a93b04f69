import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { FixtureInput } from '../../src/server/fixture/schema.js';
import { openDatabase } from '../../src/server/storage/open.js';
import { startServer } from './support/harness.js';
import { databaseUrlFor, ENGINE } from './support/test-database.js';
import { baseWorld, daysAgo, thread, TOKENS, type Loose } from './support/world.js';

/**
 * A 2xx means the write is committed: the service is killed (SIGKILL, no chance to flush
 * or close) in the middle of a burst of concurrent writes, restarted on the same data
 * directory, and every acknowledged write must be there. Writes the service never
 * answered may or may not have landed; nothing else may be lost or half-written.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'src/server/cli.ts');

const tmpDirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Service {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** The real CLI, as `npm run server` starts it, on 127.0.0.1 and a free port. */
async function startCli(args: string[]): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) return { child, url: m[1]!, exited };
    if (child.exitCode !== null) throw new Error(`the service exited: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the service did not start; stdout: ${out} stderr: ${err}`);
}

const STATUS_THREADS = 80;
const REPLY_THREADS = 8;
const REPLIES_PER_THREAD = 20;
const CREATES_PER_PERSON = 15;
const CONCURRENCY = 24;
/** SIGKILL once this many writes were acknowledged, with the rest of the burst in flight or queued. */
const KILL_AFTER = 120;

const statusThread = (i: number) => `it_st_${i}`;
const replyThread = (i: number) => `it_rp_${i}`;

function burstWorld(): FixtureInput {
  const w = baseWorld();
  for (let i = 0; i < STATUS_THREADS; i++) w.items!.push(thread(statusThread(i), 'p_web', { createdAt: daysAgo(20) }));
  for (let i = 0; i < REPLY_THREADS; i++) w.items!.push(thread(replyThread(i), 'p_web', { createdAt: daysAgo(20) }));
  return w;
}

type Write =
  | { kind: 'status'; token: string; itemId: string; status: 'resolved' | 'deferred' }
  | { kind: 'reply'; token: string; itemId: string; text: string }
  | { kind: 'create'; token: string; projectId: string | null; text: string };

/** About 300 writes over five tokens, each within its burst of 120 and its creation limit. */
function burst(): Write[] {
  const writes: Write[] = [];
  for (let i = 0; i < STATUS_THREADS; i++)
    writes.push({
      kind: 'status',
      token: i % 2 ? TOKENS.admin : TOKENS.owner,
      itemId: statusThread(i),
      status: i % 2 ? 'deferred' : 'resolved',
    });
  const repliers = [TOKENS.owner, TOKENS.collab, TOKENS.multi];
  for (let i = 0; i < REPLY_THREADS * REPLIES_PER_THREAD; i++)
    writes.push({
      kind: 'reply',
      token: repliers[i % 3]!,
      itemId: replyThread(i % REPLY_THREADS),
      text: `durable reply ${i}`,
    });
  const creators: [string, string | null][] = [
    [TOKENS.admin, 'p_web'],
    [TOKENS.collab, 'p_web'],
    [TOKENS.multi, 'p_web'],
    [TOKENS.solo, null],
  ];
  for (const [token, projectId] of creators)
    for (let i = 0; i < CREATES_PER_PERSON; i++)
      writes.push({ kind: 'create', token, projectId, text: `durable thread ${token} ${i}` });
  // A fixed interleaving (no Math.random): each run sends the same mix in the same order.
  return writes
    .map((w, i) => ({ w, key: (i * 7919) % writes.length }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.w);
}

async function sendWrite(url: string, w: Write): Promise<{ status: number; body: Loose }> {
  const [endpoint, body] =
    w.kind === 'status'
      ? ['/api/v1/items/status', { itemId: w.itemId, status: w.status }]
      : w.kind === 'reply'
        ? ['/api/v1/items/update', { itemId: w.itemId, body: w.text }]
        : [
            '/api/v1/items/create',
            {
              url: w.projectId === null ? 'https://solo.example/durable' : 'https://web.example/durable',
              body: w.text,
              ...(w.projectId ? { projectId: w.projectId } : {}),
            },
          ];
  const res = await fetch(url + endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function getJson(url: string, p: string, token: string): Promise<Loose> {
  const res = await fetch(url + p, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, p).toBe(200);
  return res.json();
}

describe('acknowledged writes survive SIGKILL', () => {
  it('keeps every write that got a 2xx when the service is killed mid-burst', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-durability-'));
    tmpDirs.push(dir);
    const fixture = path.join(dir, 'world.json');
    fs.writeFileSync(fixture, JSON.stringify(burstWorld()));
    const data = path.join(dir, 'data');

    // The service's own store: the data directory, or on PostgreSQL a database of its own.
    const store = ENGINE === 'postgres' ? ['--database', await databaseUrlFor(data)] : ['--data', data];
    const first = await startCli([...store, '--fixture', fixture]);
    const queue = burst();
    const total = queue.length;
    const acked: { write: Write; body: Loose }[] = [];
    const refused: { write: Write; status: number; body: Loose }[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;

    const worker = async () => {
      while (!killed && queue.length > 0) {
        const write = queue.shift()!;
        inFlight++;
        try {
          const res = await sendWrite(first.url, write);
          if (res.status >= 200 && res.status < 300) acked.push({ write, body: res.body });
          else refused.push({ write, status: res.status, body: res.body });
        } catch {
          // No answer: the process died with this write in flight. It may or may not have committed.
        } finally {
          inFlight--;
        }
        if (!killed && acked.length >= KILL_AFTER) {
          killed = true;
          inFlightAtKill = inFlight;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await first.exited;

    // Killed mid-burst: with writes in flight and others never sent.
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.length).toBeLessThan(total);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // SQLite: the committed writes were still in the write-ahead log, not yet checkpointed into the database file.
    if (ENGINE === 'sqlite') expect(fs.statSync(path.join(data, 'feedback.sqlite-wal')).size).toBeGreaterThan(0);

    const second = await startCli(store);
    try {
      const url = second.url;
      const ackedOf = <K extends Write['kind']>(kind: K) =>
        acked.filter((a): a is { write: Extract<Write, { kind: K }>; body: Loose } => a.write.kind === kind);
      expect(ackedOf('status').length + ackedOf('reply').length + ackedOf('create').length).toBe(acked.length);

      // Status changes: on the thread itself, and in the filtered listings.
      for (const { write } of ackedOf('status')) {
        expect((await getJson(url, `/api/v1/items/${write.itemId}`, TOKENS.admin)).status, write.itemId).toBe(
          write.status,
        );
      }
      for (const status of ['resolved', 'deferred'] as const) {
        const listed = new Set(
          (await getJson(url, `/api/v1/items?projectId=p_web&status=${status}&limit=200`, TOKENS.owner)).items.map(
            (i: Loose) => i.id,
          ),
        );
        for (const { write } of ackedOf('status').filter((a) => a.write.status === status))
          expect(listed.has(write.itemId), write.itemId).toBe(true);
      }

      // Replies: each acknowledged pinId is in its thread, with its text; reply counts at least as high.
      const threads = new Map<string, Loose>();
      for (let i = 0; i < REPLY_THREADS; i++)
        threads.set(replyThread(i), await getJson(url, `/api/v1/items/${replyThread(i)}`, TOKENS.owner));
      for (const { write, body } of ackedOf('reply')) {
        const reply = threads.get(write.itemId)!.thread.replies.find((r: Loose) => r.id === body.pinId);
        expect(reply?.content, `${write.itemId} ${body.pinId}`).toBe(write.text);
      }
      const rows = new Map(
        (await getJson(url, '/api/v1/items?projectId=p_web&q=durable%20reply&limit=200', TOKENS.owner)).items.map(
          (i: Loose) => [i.id, i],
        ),
      );
      for (let i = 0; i < REPLY_THREADS; i++) {
        const ackedHere = ackedOf('reply').filter((a) => a.write.itemId === replyThread(i)).length;
        if (ackedHere > 0) expect((rows.get(replyThread(i)) as Loose).replyCount).toBeGreaterThanOrEqual(ackedHere);
      }

      // Created threads: readable by ID, and listed in their project.
      for (const { write, body } of ackedOf('create')) {
        const item = await getJson(url, `/api/v1/items/${body.pinId}`, write.token);
        expect(item.thread.root.content).toBe(write.text);
      }
      const webListed = new Set(
        (await getJson(url, '/api/v1/items?projectId=p_web&q=durable%20thread&limit=200', TOKENS.collab)).items.map(
          (i: Loose) => i.id,
        ),
      );
      const soloListed = new Set(
        (await getJson(url, '/api/v1/items?q=durable%20thread&limit=200', TOKENS.solo)).items.map((i: Loose) => i.id),
      );
      for (const { write, body } of ackedOf('create'))
        expect((write.projectId === null ? soloListed : webListed).has(body.pinId), body.pinId).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);
});

describe('how the database file is opened', () => {
  // SIGKILL above proves "answered only after commit"; surviving a power cut also needs each
  // commit synced to disk, which only the connection's settings can show.
  it('uses a write-ahead log synced on every commit (WAL, synchronous=FULL)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-pragmas-'));
    tmpDirs.push(dir);
    const db = await openDatabase({ dataDir: dir });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

describe('a write that fails half way leaves nothing behind', () => {
  /**
   * A trigger makes the *last* statement of a write fail, as a crash or a full disk would;
   * the first statements must roll back with it, and the caller gets a 500 without details.
   */
  async function failingAt(
    table: string,
    event: 'INSERT' | 'UPDATE',
    run: (s: Awaited<ReturnType<typeof startServer>>) => Promise<void>,
  ) {
    const s = await startServer(baseWorld());
    try {
      if (ENGINE === 'postgres') {
        await sql
          .raw(
            `CREATE FUNCTION fail_here() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$ LANGUAGE plpgsql`,
          )
          .execute(s.db);
        await sql
          .raw(`CREATE TRIGGER fail_here BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_here()`)
          .execute(s.db);
      } else {
        await sql
          .raw(
            `CREATE TRIGGER fail_here BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
          )
          .execute(s.db);
      }
      await run(s);
    } finally {
      await s.close();
    }
  }

  const expect500 = (res: { status: number; body: Loose }) => {
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'The service failed to handle this request; it has been logged.' });
  };

  it('a saved rule commits with the project update or not at all', async () => {
    await failingAt('projects', 'UPDATE', async (s) => {
      expect500(
        await s.post('/api/v1/rules', { projectId: 'p_web', rule: 'Always reply before resolving.' }, TOKENS.owner),
      );
      expect(await s.db.selectFrom('rules').selectAll().execute()).toEqual([]);
    });
  });

  it('a status change commits with its event or not at all', async () => {
    await failingAt('item_events', 'INSERT', async (s) => {
      expect500(await s.post('/api/v1/items/status', { itemId: 'it_4', status: 'resolved' }, TOKENS.owner));
      expect((await s.get('/api/v1/items/it_4', TOKENS.owner)).body.status).toBe('open');
    });
  });

  it('a reply commits with its notifications or not at all', async () => {
    await failingAt('notifications', 'INSERT', async (s) => {
      expect500(await s.post('/api/v1/items/update', { itemId: 'it_1', body: 'Fixed, please check.' }, TOKENS.owner));
      expect((await s.get('/api/v1/items/it_1', TOKENS.owner)).body.thread.replies).toHaveLength(2);
    });
  });

  it('a created thread commits with its first message or not at all', async () => {
    await failingAt('messages', 'INSERT', async (s) => {
      expect500(
        await s.post('/api/v1/items/create', { url: 'https://solo.example/x', body: 'Half a thread' }, TOKENS.solo),
      );
      expect((await s.get('/api/v1/items', TOKENS.solo)).body.items.map((i: Loose) => i.id)).toEqual(['it_solo']);
    });
  });
});

describe('concurrent writes keep their checks', () => {
  // Guards for docs/api-decisions.md "Durability": a check made before a write's transaction
  // must still hold when many requests for the same thing arrive at once.
  it('30 concurrent creates by one person give exactly the 20 the limit allows', async () => {
    const s = await startServer(baseWorld(), { rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          s.post('/api/v1/items/create', { url: 'https://solo.example/x', body: `At once ${i}` }, TOKENS.solo),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(20);
      expect(results.filter((r) => r.status === 400).map((r) => r.body.reason)).toEqual(
        Array(10).fill('creation_limit'),
      );
      expect((await s.get('/api/v1/items?q=At%20once', TOKENS.solo)).body.matched).toBe(20);
    } finally {
      await s.close();
    }
  });

  it('two opposite merges at once never make threads duplicates of each other', async () => {
    const s = await startServer(baseWorld());
    try {
      const [a, b] = await Promise.all([
        s.post('/api/v1/items/merge', { itemId: 'it_1', duplicateIds: ['it_4'] }, TOKENS.owner),
        s.post('/api/v1/items/merge', { itemId: 'it_4', duplicateIds: ['it_1'] }, TOKENS.admin),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      const duplicateOf = async (id: string) => (await s.get(`/api/v1/items/${id}`, TOKENS.owner)).body.duplicateOf;
      const [one, four] = [await duplicateOf('it_1'), await duplicateOf('it_4')];
      // Exactly one of the two was merged, into the other: no cycle, and the kept one stays listed.
      expect([one, four].filter((d) => d !== null)).toHaveLength(1);
      const kept = one === null ? 'it_1' : 'it_4';
      expect((await s.get('/api/v1/items?projectId=p_web', TOKENS.owner)).body.items.map((i: Loose) => i.id)).toContain(
        kept,
      );
    } finally {
      await s.close();
    }
  });
});
