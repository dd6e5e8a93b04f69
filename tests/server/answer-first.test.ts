import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from '../../src/server/app.js';
import { loadFixture } from '../../src/server/fixture/load.js';
import { openTestDatabase } from './support/test-database.js';
import { baseWorld, TOKENS } from './support/world.js';

/**
 * With `answerBeforeRouting` (off by default), a list in memory, asked with a query string
 * validated before, is answered by the HTTP server's request listener before Fastify routes
 * it, after the same authentication, workspace check and rate limit. A hook on the server
 * shows which requests reached Fastify.
 */

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serve(opts: Partial<ServerOptions> = {}) {
  const db = (await openTestDatabase()).db;
  await loadFixture(db, baseWorld());
  const app = createServer({ db, rateLimit: { perMinute: 1e9, burst: 1e9 }, answerBeforeRouting: true, ...opts });
  const routed: string[] = [];
  app.addHook('onResponse', (req, reply, done) => {
    routed.push(`${req.method} ${req.url} ${reply.statusCode}`);
    done();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  stops.push(async () => {
    await app.close();
    await db.destroy();
  });
  const get = async (path: string, token: string = TOKENS.owner) => {
    const r = await fetch(`http://127.0.0.1:${address.port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      length: r.headers.get('content-length'),
      retryAfter: r.headers.get('retry-after'),
      text: await r.text(),
    };
  };
  return { get, routed };
}

const LIST = '/api/v1/items?projectId=p_web&status=open';

describe('answers before routing', () => {
  it('a list asked again is answered before routing, with the bytes and headers Fastify sends', async () => {
    const s = await serve();
    const first = await s.get(LIST);
    const again = await s.get(LIST);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    // Only the first request (which validated the query string) reached Fastify.
    expect(s.routed).toEqual([`GET ${LIST} 200`]);
    // Another query string is validated by Fastify first.
    await s.get(`${LIST}&limit=5`);
    expect(s.routed).toHaveLength(2);
  });

  it('by default (one pipeline), every request reaches Fastify and its hooks', async () => {
    const s = await serve({ answerBeforeRouting: undefined });
    const first = await s.get(LIST);
    expect(await s.get(LIST)).toEqual(first);
    expect(s.routed).toEqual([`GET ${LIST} 200`, `GET ${LIST} 200`]);
  });

  it('refusals come from Fastify as before: a revoked or unknown token, a workspace without agent tools', async () => {
    const s = await serve();
    await s.get(LIST);
    expect((await s.get(LIST, TOKENS.revoked)).status).toBe(401);
    expect((await s.get(LIST, 'tok-nobody')).status).toBe(401);
    // The free-plan owner's token reaches no workspace with agent tools.
    expect((await s.get(LIST, TOKENS.free)).status).toBe(403);
    expect(s.routed.slice(1).map((line) => line.split(' ').at(-1))).toEqual(['401', '401', '403']);
  });

  it('each answered request takes one token from the rate limit, however it is answered', async () => {
    // Three requests in a burst, then one every minute: the fourth is refused by Fastify.
    const s = await serve({ rateLimit: { perMinute: 1, burst: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await s.get(LIST)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(s.routed.map((line) => line.split(' ').at(-1))).toEqual(['200', '429']);
  });

  it('the server that answers first has the slow-client limits of the server Fastify would build', async () => {
    const timeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 400, idleSocketMs: 5_000, checkEveryMs: 100 };
    const limitsOf = async (answerBeforeRouting: boolean) => {
      const db = (await openTestDatabase()).db;
      const app = createServer({ db, timeouts, answerBeforeRouting });
      await app.ready();
      const { headersTimeout, requestTimeout, keepAliveTimeout, timeout, maxRequestsPerSocket } = app.server;
      await app.close();
      await db.destroy();
      return { headersTimeout, requestTimeout, keepAliveTimeout, timeout, maxRequestsPerSocket };
    };
    const answering = await limitsOf(true);
    expect(answering).toEqual({
      headersTimeout: 300,
      requestTimeout: 600,
      keepAliveTimeout: 400,
      timeout: 5_000,
      maxRequestsPerSocket: 0,
    });
    expect(answering).toEqual(await limitsOf(false));
  });

  it('in lean mode every answer goes through Fastify (its onSend hook rewrites answers)', async () => {
    const s = await serve({ shapes: 'minimal' });
    await s.get(LIST);
    await s.get(LIST);
    expect(s.routed).toHaveLength(2);
  });
});
