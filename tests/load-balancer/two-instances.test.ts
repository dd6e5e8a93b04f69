import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, register, signIn } from '../server/support/oauth-browser.js';
import { databaseUrlFor, TEST_DATABASE_URL } from '../server/support/test-database.js';
import { TOKENS, type Loose } from '../server/support/world.js';
import {
  freePort,
  nginx,
  NGINX_BIN,
  START_WITHIN_MS,
  startInstance,
  stopInstance,
  teamWorld,
  writerToken,
  type Instance,
} from './support/team.js';

/**
 * Two instances of the service on one PostgreSQL database behind nginx, started as
 * docs/self-hosting.md tells a team to (`--database`, `--public-url`, `--trust-proxy`), with
 * nginx running docs/self-hosting/nginx.conf itself (scripts/nginx.sh fills in the ports).
 * Run by vitest.postgres.config.ts, which `.ci/run` gives a throwaway cluster.
 */

/** The contract's request-rate limit of one personal token (feedback-api-v1.md, "Limits"). */
const PER_MINUTE = 300;
const BURST = 120;
const WRITERS = 100;
const WRITES_EACH = 3;
/** Bound on one request, far above what it takes here: a hang fails, it never blocks CI. */
const REQUEST_WITHIN_MS = 20_000;

const skipReason = !TEST_DATABASE_URL
  ? 'needs PostgreSQL: run with TEST_DATABASE_URL=$(scripts/postgres.sh start) and vitest.postgres.config.ts'
  : NGINX_BIN === null
    ? 'needs nginx: apt-get install -y nginx'
    : null;

async function call(
  base: string,
  method: 'GET' | 'POST',
  route: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: Loose; headers: Headers }> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_WITHIN_MS),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* nginx's own error pages are HTML */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const createItem = (base: string, token: string, body: string) =>
  call(base, 'POST', '/api/v1/items/create', token, { projectId: 'p_web', url: 'https://web.example/balanced', body });
const readItem = (base: string, token: string, pinId: string) => call(base, 'GET', `/api/v1/items/${pinId}`, token);

describe.skipIf(skipReason !== null)(
  skipReason
    ? `two instances behind nginx: skipped, ${skipReason}`
    : 'two instances behind nginx on one PostgreSQL database',
  () => {
    // Made in beforeAll: a skipped suite still runs this body, and must leave nothing behind.
    let dir: string;
    let nginxEnv: NodeJS.ProcessEnv;
    let a: Instance;
    let b: Instance;
    let balancer: string;

    /** Which instance answered each request nginx passed on, in order (its access log). */
    const upstreamsOf = async (): Promise<string[]> => {
      const { stdout } = await nginx(['dir'], nginxEnv);
      return fs
        .readFileSync(path.join(stdout.trim(), 'logs/access.log'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');
    };

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-balanced-'));
      nginxEnv = { NGINX_STATE: path.join(dir, 'nginx.state'), ...(NGINX_BIN ? { NGINX_BIN } : {}) };
      const world = teamWorld(WRITERS);
      const fixture = path.join(dir, 'team.json');
      fs.writeFileSync(fixture, JSON.stringify(world));
      const database = await databaseUrlFor(dir);
      const listen = await freePort();
      balancer = `http://127.0.0.1:${listen}`;
      const common = ['--database', database, '--public-url', balancer, '--trust-proxy', '127.0.0.1', '--oauth'];
      // The first instance loads the team's data into the empty database; the others start after it.
      a = await startInstance([...common, '--fixture', fixture]);
      b = await startInstance(common);
      const { stdout } = await nginx(['start', String(listen), String(a.port), String(b.port)], nginxEnv);
      expect(stdout.trim()).toBe(balancer);
    }, 2 * START_WITHIN_MS);

    afterAll(async () => {
      if (nginxEnv) await nginx(['stop'], nginxEnv).catch(() => undefined);
      await Promise.all([stopInstance(a), stopInstance(b)]);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('a write through either instance is read through the other at once, directly and through nginx', async () => {
      for (const [writer, reader] of [
        [a, b],
        [b, a],
      ] as const) {
        const created = await createItem(writer.url, TOKENS.owner, `Written on ${writer.port}`);
        expect(created.status).toBe(200);
        const read = await readItem(reader.url, TOKENS.owner, created.body.pinId);
        expect(read.status).toBe(200);
        expect(read.body.thread.root.content).toBe(`Written on ${writer.port}`);
      }
      const before = (await upstreamsOf()).length;
      // Rounds of three requests: nginx's round-robin sends each write's next read to the other
      // instance, and the next write to the other instance than the last one.
      for (let n = 0; n < 6; n++) {
        const created = await createItem(balancer, TOKENS.owner, `Balanced write ${n}`);
        expect(created.status).toBe(200);
        for (let k = 0; k < 2; k++) {
          const read = await readItem(balancer, TOKENS.owner, created.body.pinId);
          expect(read.status).toBe(200);
          expect(read.body.thread.root.content).toBe(`Balanced write ${n}`);
        }
      }
      // nginx writes a request's log line just after answering it.
      let served: string[] = [];
      for (let tries = 0; tries < 50 && served.length < 18; tries++) {
        served = (await upstreamsOf()).slice(before);
        if (served.length < 18) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(served).toHaveLength(18);
      const both = new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
      const writes = served.filter((_, i) => i % 3 === 0);
      expect(new Set(writes)).toEqual(both);
      served.forEach((upstream, i) => {
        if (i % 3 === 1) expect(upstream).not.toBe(served[i - 1]);
      });
      expect(a.access.filter((l) => l.startsWith('access POST /api/v1/items/create 200')).length).toBeGreaterThan(1);
      expect(b.access.filter((l) => l.startsWith('access POST /api/v1/items/create 200')).length).toBeGreaterThan(1);
    });

    it('a list either instance keeps in memory shows a write through the other on its next read', async () => {
      const list = (base: string) => call(base, 'GET', '/api/v1/items?projectId=p_web&q=remembered', TOKENS.owner);
      for (const [writer, reader] of [
        [a, b],
        [b, a],
      ] as const) {
        // Read twice: the second answer comes from the reader's memory.
        for (let k = 0; k < 2; k++) expect((await list(reader.url)).status).toBe(200);
        const created = await createItem(writer.url, TOKENS.owner, `Remembered list, written on ${writer.port}`);
        expect(created.status).toBe(200);
        const read = await list(reader.url);
        expect(read.body.items.map((i: Loose) => i.id)).toContain(created.body.pinId);
      }
    });

    it('a browser sign-in revoked through the balancer is refused by both instances at once', async () => {
      const config = await register(`${balancer}/oauth`, ['http://127.0.0.1:9/callback'], 'Balanced app');
      const { tokens } = await signIn(new Browser(balancer), {
        config,
        redirectUri: 'http://127.0.0.1:9/callback',
        resource: `${balancer}/api/v1`,
        as: { token: TOKENS.admin },
      });
      const access = tokens!.access_token;
      expect((await call(a.url, 'GET', '/api/v1/workspaces', access)).status).toBe(200);
      expect((await call(b.url, 'GET', '/api/v1/workspaces', access)).status).toBe(200);
      await client.tokenRevocation(config, access, { token_type_hint: 'access_token' });
      for (const base of [a.url, b.url, balancer, balancer]) {
        const refused = await call(base, 'GET', '/api/v1/workspaces', access);
        expect(refused.status).toBe(401);
        expect(refused.body.error).toMatch(/revoked|ended|no longer/i);
      }
    });

    it(`${PER_MINUTE + BURST * 0.5} requests as fast as they go through the balancer get one token's limit, not one per instance`, async () => {
      const total = PER_MINUTE + BURST / 2;
      const started = Date.now();
      const statuses: number[] = [];
      for (let sent = 0; sent < total; sent += 12) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(12, total - sent) }, () =>
            call(balancer, 'GET', '/api/v1/workspaces', TOKENS.collab),
          ),
        );
        for (const r of batch) {
          statuses.push(r.status);
          if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        }
      }
      const seconds = (Date.now() - started) / 1000;
      const allowed = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      // The burst, plus what refills (300 a minute) while they were sent; two instances each
      // counting alone would allow twice the burst.
      expect(allowed).toBeGreaterThanOrEqual(BURST);
      expect(allowed).toBeLessThanOrEqual(BURST + Math.ceil((seconds * PER_MINUTE) / 60) + 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(total - allowed);
    });

    it('an instance killed during 100 concurrent writers loses no acknowledged write; the other keeps serving', async () => {
      type Outcome = { writer: number; body: string; status: number; pinId: string | null; afterKill: boolean };
      const outcomes: Outcome[] = [];
      let acknowledged = 0;
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        b.child.kill('SIGKILL');
      };
      const writer = async (w: number) => {
        for (let j = 0; j < WRITES_EACH; j++) {
          const body = `Writer ${w} write ${j}`;
          const afterKill = killed;
          let status: number;
          let pinId: string | null = null;
          try {
            const r = await createItem(balancer, writerToken(w), body);
            status = r.status;
            if (status >= 200 && status < 300) pinId = r.body.pinId;
          } catch {
            status = 0; // no answer at all: the client sees that too
          }
          outcomes.push({ writer: w, body, status, pinId, afterKill });
          if (pinId !== null && ++acknowledged === (WRITERS * WRITES_EACH) / 4) kill();
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      kill();
      await new Promise((resolve) =>
        b.child.exitCode !== null || b.child.signalCode !== null ? resolve(null) : b.child.once('exit', resolve),
      );

      expect(outcomes).toHaveLength(WRITERS * WRITES_EACH);
      const acked = outcomes.filter((o) => o.pinId !== null);
      const failed = outcomes.filter((o) => o.pinId === null);
      // A write the dead instance was handling gets nginx's 502; none is answered as if saved.
      expect(failed.map((o) => o.status).filter((s) => s !== 502)).toEqual([]);
      // Only the writes in flight on the dead instance fail: at most one per writer.
      expect(failed.length).toBeLessThanOrEqual(WRITERS);
      // The survivor took the writes sent after the kill (about 125 are; a few may meet the dead
      // instance's connections before nginx leaves it out).
      expect(outcomes.filter((o) => o.afterKill && o.pinId !== null).length).toBeGreaterThanOrEqual(WRITERS / 2);

      // Every acknowledged write is there, read on the survivor directly...
      for (let i = 0; i < acked.length; i += 50) {
        const reads = await Promise.all(
          acked.slice(i, i + 50).map((o) => readItem(a.url, writerToken(o.writer), o.pinId!)),
        );
        reads.forEach((r, k) => {
          expect(r.status).toBe(200);
          expect(r.body.thread.root.content).toBe(acked[i + k]!.body);
        });
      }
      // ...and reads through the balancer all succeed: nginx passes over the dead instance.
      const sample = acked.slice(0, 20);
      const viaBalancer = await Promise.all(sample.map((o) => readItem(balancer, writerToken(o.writer), o.pinId!)));
      expect(viaBalancer.map((r) => r.status)).toEqual(sample.map(() => 200));
    }, 120_000);
  },
);
