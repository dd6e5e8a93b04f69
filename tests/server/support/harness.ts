import type { FastifyInstance } from 'fastify';
import { createServer } from '../../../src/server/app.js';
import type { Clock } from '../../../src/server/clock.js';
import { loadFixture } from '../../../src/server/fixture/load.js';
import type { FixtureInput } from '../../../src/server/fixture/schema.js';
import type { RateLimitOptions } from '../../../src/server/http/rate-limit.js';
import type { RenderPng } from '../../../src/server/http/render-png.js';
import type { ServerTimeouts } from '../../../src/server/http/timeouts.js';
import type { OAuthOptions } from '../../../src/server/oauth/provider.js';
import type { Db } from '../../../src/server/storage/open.js';
import { openTestDatabase } from './test-database.js';
import { NOW, type Loose } from './world.js';

export class TestClock implements Clock {
  constructor(public current: number = NOW) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface Res {
  status: number;
  headers: Headers;
  body: Loose;
}

export interface Running {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  baseUrl: string;
  get(path: string, token?: string | null, headers?: Record<string, string>): Promise<Res>;
  post(path: string, body: unknown, token?: string | null): Promise<Res>;
  raw(path: string, init: RequestInit): Promise<Res>;
  close(): Promise<void>;
}

async function toRes(r: Response): Promise<Res> {
  const text = await r.text();
  let body: unknown = text;
  if ((r.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: r.status, headers: r.headers, body };
}

/** exactOptionalPropertyTypes: options left out must be absent, not undefined. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A real server on 127.0.0.1 over a real database (test-database.ts: SQLite, or PostgreSQL
 * with TEST_DATABASE_URL) loaded with `fixture`: a new one, or the one of `dataDir` (loaded
 * only when that database is still empty, so a second server on
 * the same directory is the first one restarted). `port` 0 picks a free one.
 */
export async function startServer(
  fixture: FixtureInput,
  opts: {
    clock?: TestClock;
    renderPng?: RenderPng;
    rateLimit?: RateLimitOptions;
    authFailureLimit?: RateLimitOptions;
    publicUrl?: string;
    trustProxy?: readonly string[];
    timeouts?: Partial<ServerTimeouts>;
    oauth?: OAuthOptions;
    dataDir?: string;
    port?: number;
  } = {},
): Promise<Running> {
  const { db, fresh } = await openTestDatabase(opts.dataDir ?? ':memory:');
  if (fresh) await loadFixture(db, fixture);
  const clock = opts.clock ?? new TestClock();
  const { renderPng, rateLimit, authFailureLimit, publicUrl, trustProxy, timeouts, oauth } = opts;
  const app = createServer({
    db,
    clock,
    ...definedOnly({ renderPng, rateLimit, authFailureLimit, publicUrl, trustProxy, timeouts, oauth }),
  });
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const auth = (token: string | null | undefined): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    app,
    db,
    clock,
    baseUrl,
    get: async (path, token, headers = {}) =>
      toRes(await fetch(baseUrl + path, { headers: { ...auth(token), ...headers } })),
    post: async (path, body, token) =>
      toRes(
        await fetch(baseUrl + path, {
          method: 'POST',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    raw: async (path, init) => toRes(await fetch(baseUrl + path, init)),
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
