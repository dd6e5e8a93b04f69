import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Sends a route's results, remembering the bytes of frozen ones. The domain freezes what
 * it shares between requests (cached lists, see domain/snapshot.ts) and never changes a
 * frozen object, so the same object always yields the same bytes: they are checked and
 * encoded by the route's response schema (the same serializer fastify uses) once, then
 * sent as a Buffer, which fastify writes as is. Anything not frozen goes through fastify's
 * serializer as usual. Headers and bytes are those fastify would send for the object.
 */
export function frozenJsonSender(schema: z.ZodType, method: string, url: string): (reply: FastifyReply, data: object) => FastifyReply {
  const serialize = serializerCompiler({ schema, method, url, httpStatus: '200' });
  const memo = new WeakMap<object, Buffer>();
  return (reply, data) => {
    if (!Object.isFrozen(data)) return reply.send(data);
    let bytes = memo.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(data), 'utf8');
      memo.set(data, bytes);
    }
    return reply.type(JSON_UTF8).send(bytes);
  };
}
