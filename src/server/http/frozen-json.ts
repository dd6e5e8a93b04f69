import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MadeInWrites } from '../domain/made-in-writes.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The content type of every JSON answer, as Fastify sends it; answer-first.ts writes it for the same bytes. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * A route's sender for its results (`send`), and the bytes it sends for a frozen answer
 * (`bytes`, null for any other), which routes also hand to app.ts's answers before routing
 * and to encodeMadeInWrites. The domain freezes what it shares between requests (cached
 * lists, see domain/snapshot.ts) and never changes a frozen object, so the same object
 * always yields the same bytes: they are checked and encoded by the route's response
 * schema (the same serializer fastify uses) once, then sent as a Buffer, which fastify
 * writes as is. Anything not frozen goes through fastify's serializer as usual. Headers
 * and bytes are those fastify would send for the object.
 */
export function frozenJson(schema: z.ZodType, method: string, url: string) {
  const serialize = encoderFor(schema, method, url);
  const memo = new WeakMap<object, Buffer>();
  const bytes = (data: object): Buffer | null => {
    if (!Object.isFrozen(data)) return null;
    let b = memo.get(data);
    if (b === undefined) {
      b = Buffer.from(serialize(data), 'utf8');
      memo.set(data, b);
    }
    return b;
  };
  const send = (reply: FastifyReply, data: object): FastifyReply => {
    const b = bytes(data);
    return b === null ? reply.send(data) : reply.type(JSON_UTF8).send(b);
  };
  return { bytes, send };
}

/**
 * Encodes the answers a write makes for the next reads (domain/made-in-writes.ts) with
 * `bytes` as they are made, for as long as `app` is open.
 */
export function encodeMadeInWrites<T extends object>(
  app: FastifyInstance,
  made: MadeInWrites<T>,
  bytes: (answer: T) => Buffer | null,
): void {
  const stop = made.encodeWith((answer) => {
    try {
      bytes(answer);
    } catch {
      // The write has committed: an answer that fails its schema is left for the read to
      // encode, which answers 500 through Fastify as any other read would.
    }
  });
  app.addHook('onClose', (_instance, done) => {
    stop();
    done();
  });
}

type Encode = (value: unknown) => string;

interface SchemaDef {
  type?: string;
  checks?: unknown[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef | undefined =>
  (schema as unknown as { _zod?: { def?: SchemaDef } })._zod?.def;

/**
 * The bytes the serializer writes for `schema`, remembered for each frozen object inside
 * the answer too: answers made after a status change share all rows but one, the
 * summary's type and page counts and so on with the answers before it, and only what is
 * new is checked and encoded. An object schema's answer is its fields in schema order,
 * each encoded by its own schema, and an array's its elements by the element schema,
 * which is what the serializer writes for the whole (JSON.stringify of the checked value);
 * any value that does not have exactly its schema's fields (an optional one left out, an
 * extra one), and any schema other than a plain object or array, goes through the
 * serializer as a whole.
 */
function encoderFor(schema: z.ZodType, method: string, url: string): Encode {
  const whole = serializerCompiler({ schema, method, url, httpStatus: '200' }) as Encode;
  const def = defOf(schema);
  const plain = def !== undefined && (def.checks === undefined || def.checks.length === 0);
  let parts: Encode | null = null;
  if (plain && def.type === 'object' && def.shape) {
    const fields = Object.entries(def.shape).map(([key, field]) => {
      // An optional field may be left out (the serializer leaves it out too); when present it is its inner schema's.
      const inner = defOf(field);
      const optional = inner?.type === 'optional' && inner.innerType !== undefined && (inner.checks ?? []).length === 0;
      return {
        key,
        optional,
        prefix: `${JSON.stringify(key)}:`,
        encode: encoderFor(optional ? inner.innerType! : field, method, url),
      };
    });
    parts = (value) => {
      const v = value as Record<string, unknown>;
      let present = 0;
      for (const f of fields) {
        if (v[f.key] !== undefined && Object.hasOwn(v, f.key)) present++;
        else if (!f.optional || Object.hasOwn(v, f.key)) return whole(value);
      }
      if (Object.keys(v).length !== present) return whole(value);
      // A flat record (a row) is checked in one go: nothing inside it is shared.
      if (!fields.some((f) => typeof v[f.key] === 'object' && v[f.key] !== null)) return whole(value);
      return `{${fields
        .filter((f) => v[f.key] !== undefined)
        .map((f) => f.prefix + f.encode(v[f.key]))
        .join(',')}}`;
    };
  } else if (plain && def.type === 'array' && def.element) {
    const element = encoderFor(def.element, method, url);
    parts = (value) => `[${(value as unknown[]).map(element).join(',')}]`;
  }
  // Any other schema's frozen answers (records: a summary's counts by type and page) are
  // remembered whole, so an answer that shares them does not encode them again.
  const split = parts ?? whole;
  const memo = new WeakMap<object, string>();
  return (value) => {
    if (
      typeof value !== 'object' ||
      value === null ||
      (parts !== null && (def?.type === 'array') !== Array.isArray(value))
    )
      return whole(value);
    if (!Object.isFrozen(value)) return split(value);
    let text = memo.get(value);
    if (text === undefined) memo.set(value, (text = split(value)));
    return text;
  };
}
