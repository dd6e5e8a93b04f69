import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '#shared/api/index.js';
import { frozenJson } from '../../src/server/http/frozen-json.js';
import { deepFreeze } from '../../src/server/domain/snapshot.js';
import { startServer, type Running } from './support/harness.js';
import { reportsWorld } from './support/reports-world.js';
import { TOKENS } from './support/world.js';

/**
 * Frozen answers are encoded part by part, each shared part once (http/frozen-json.ts):
 * the bytes must be exactly those the route's serializer writes for the whole answer.
 */

const whole = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });

/** What a route's frozenJson sender sends for `data`, as text. */
function sent(send: (reply: FastifyReply, data: object) => FastifyReply, data: object): string {
  let out: unknown;
  const reply = {
    type: () => reply,
    send: (body: unknown) => {
      out = body;
      return reply;
    },
  } as unknown as FastifyReply;
  send(reply, data);
  return Buffer.isBuffer(out) ? out.toString('utf8') : JSON.stringify(out);
}

describe('frozen answers over HTTP', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer(reportsWorld(), { rateLimit: { perMinute: 1e9, burst: 1e9 } });
  });
  afterAll(async () => {
    await s.close();
  });

  const answer = async (path: string) => {
    const res = await fetch(s.baseUrl + path, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() };
  };
  const raw = async (path: string) => (await answer(path)).text;
  const lists = ['', '&status=open', '&assignee=none', '&q=pricing', '&limit=2'].map(
    (q) => `/api/v1/items?projectId=p_web${q}`,
  );
  const sources = ['', '&limit=1'].map((q) => `/api/v1/source?projectId=p_web${q}`);

  it('lists and hotspots, sent from memory and after patches, are the serializer’s bytes', async () => {
    const head = await fetch(`${s.baseUrl}/api/v1/items?projectId=p_web`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${TOKENS.owner}` },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const check = async () => {
      for (const path of lists) {
        const text = await raw(path);
        expect(text).toBe(whole(ENDPOINTS.listItems.response)(JSON.parse(text)));
        // The second answer comes from memory, written straight to the socket: same bytes, same headers.
        const again = await answer(path);
        expect(again).toEqual({
          type: 'application/json; charset=utf-8',
          length: String(Buffer.byteLength(text)),
          text,
        });
      }
      for (const path of sources) {
        const text = await raw(path);
        expect(text).toBe(whole(ENDPOINTS.findBySource.response)(JSON.parse(text)));
      }
    };
    await check();
    s.clock.advance(1000);
    expect((await s.post('/api/v1/items/status', { itemId: 'it_4', status: 'deferred' }, TOKENS.owner)).status).toBe(
      200,
    );
    s.clock.advance(1000);
    expect((await s.post('/api/v1/items/assign', { itemId: 'it_6', assignee: 'me' }, TOKENS.owner)).status).toBe(200);
    await check();
  });
});

describe('frozen answers that do not have exactly their schema’s fields', () => {
  const Row = z.looseObject({ id: z.string(), note: z.string().optional(), n: z.number() });
  const Answer = z.looseObject({ title: z.string(), rows: z.array(Row), extra: z.string().optional() });
  const { send } = frozenJson(Answer, 'GET', '/test');
  const check = (data: object) => expect(sent(send, deepFreeze(data))).toBe(whole(Answer)(data));

  it('writes what the serializer writes for the whole answer', () => {
    check({ title: 't', rows: [{ id: 'a', note: 'x', n: 1 }], extra: 'e' });
    check({ rows: [{ n: 2, id: 'b', note: 'y' }], extra: 'e', title: 'reordered' });
    check({ title: 'optional left out', rows: [{ id: 'c', n: 3 }] });
    check({ title: 'unknown fields kept', rows: [{ id: 'd', n: 4, more: true }], extra: 'e', other: 1 });
    check({ title: 'no rows', rows: [], extra: 'e' });
    check({ title: 'optional given as undefined', rows: [{ id: 'e', note: undefined, n: 5 }], extra: undefined });
  });

  it('shares encoded rows between answers without changing their bytes', () => {
    const a = deepFreeze({ id: 'a', note: 'x', n: 1 });
    const b = deepFreeze({ id: 'b', note: 'y', n: 2 });
    check({ title: 'one', rows: [a, b], extra: 'e' });
    check({ title: 'two', rows: [b, a], extra: 'f' });
  });

  it('refuses an answer its schema refuses, as the serializer does', () => {
    expect(() => sent(send, deepFreeze({ title: 1, rows: [], extra: 'e' }))).toThrow();
    expect(() =>
      sent(send, deepFreeze({ title: 't', rows: [{ id: 'a', note: 'x', n: 'one' }], extra: 'e' })),
    ).toThrow();
  });
});
