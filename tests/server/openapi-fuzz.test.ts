import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_RESPONSES, type ErrorStatus } from '../../src/server/openapi/responses.js';
import {
  AmbiguousNameErrorBody,
  BillingErrorBody,
  ENDPOINT_NAMES,
  ENDPOINTS,
  ParentIdErrorBody,
  REFUSAL_REASONS,
  type EndpointName,
} from '#shared/api/index.js';
import { DocumentSchemas } from './support/doc-schemas.js';
import { startServer, type Running } from './support/harness.js';
import { resolvePointer } from './support/openapi-validator.js';
import { reportsWorld } from './support/reports-world.js';
import { SchemaArbitraries, type Pools } from './support/schema-arbitrary.js';
import { TOKENS, type Loose } from './support/world.js';

/**
 * Property tests driven by the served OpenAPI document: for every operation, inputs are
 * generated from its parameter and body schemas (plausible and hostile), sent by callers
 * of every kind, and each answer must be a status the document lists for that operation,
 * with a body that satisfies both the document's schema and the shared zod schema for
 * that status. Never a 5xx, never a stack trace.
 */

const RUNS_PER_OPERATION = 45;

/** Every ID, name and email the world holds (other workspaces' included), plus unknown ones. */
function poolsOf(world: ReturnType<typeof reportsWorld>): Pools {
  const items = world.items ?? [];
  const ids = [
    ...items.flatMap((i) => [i.id, ...(i.replies ?? []).map((r) => r.id)]),
    ...world.projects.map((p) => p.id),
    ...world.workspaces.map((w) => w.id),
    ...world.users.flatMap((u) => [u.id, u.name, u.email, u.name.split(' ')[0]!]),
    'me',
    'none',
    'it_nope',
    'p_nope',
    'ws_nope',
    'itm_00000000',
    'IT_1',
    ' it_1 ',
  ];
  const urls = [
    ...world.projects.flatMap((p) => [`${p.siteUrl}/checkout`, `${p.siteUrl}/`]),
    'https://evil.example/x',
    'ftp://web.example/',
    'javascript:alert(1)',
    'https://web.example:99999/',
  ];
  // Most callers below work in ws_main, so its threads and people come first; the rest of
  // `ids` (other workspaces, replies, archived) stays in the mix through `ids`.
  const threads = items.filter((i) => i.projectId === 'p_web' || i.projectId === 'p_docs').map((i) => i.id);
  const people = ['me', 'u_collab', 'Cora Collab', 'cora@paid.example', 'Adam', 'u_reviewer', 'none'];
  const byField: Pools['byField'] = {
    projectId: ['p_web', 'p_docs', 'p_side', 'p_solo'],
    workspaceId: ['ws_main', 'ws_side', 'ws_solo'],
    itemId: [...threads, 'r_1a'],
    duplicateIds: threads,
    sourceItemIds: threads,
    assignee: people,
    mentions: people,
    // Edges a date parser gets wrong: non-safe integers, past what a Date holds, a year beyond 9999.
    since: [
      '2025-12-01',
      '2026-01-10T08:00:00Z',
      String(Date.UTC(2026, 0, 1)),
      'yesterday',
      '9007199254740993',
      '99999999999999999999',
      '8640000000000001',
      '8640000000000000',
      '275760-09-14',
    ],
    page: ['/checkout', '/pricing', 'https://web.example/pricing'],
    type: ['bug', 'idea', 'feedback'],
    q: ['pay', 'ZEBRA', 'button'],
    file: ['PayButton.tsx', 'src/pricing/Table.tsx', 'checkout'],
    component: ['PayButton', 'PricingTable'],
    text: ['pay button misaligned', 'pricing table overflows'],
    body: ['Fixed in the next release.', 'Looking into it, @Cora Collab'],
    rule: ['Checkout bugs are always urgent.', 'Pricing copy goes through marketing.'],
    selector: ['button.pay'],
    url: ['https://web.example/checkout', 'https://web.example/pricing?x=1'],
  };
  return { ids, urls, byField };
}

// Mostly callers that get past authentication, so inputs reach validation and handlers.
const tokenArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant<string | null>(TOKENS.owner) },
  { weight: 2, arbitrary: fc.constant<string | null>(TOKENS.collab) },
  { weight: 2, arbitrary: fc.constant<string | null>(TOKENS.multi) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | null>(
      TOKENS.admin,
      TOKENS.solo,
      TOKENS.reviewer,
      TOKENS.free,
      TOKENS.lonely,
      TOKENS.expired,
      null,
    ),
  },
);

/** What the wire carries: text for query values (a list repeats the parameter). */
function queryText(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (typeof value === 'string') return [value];
  return [JSON.stringify(value) ?? ''];
}

interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  contentType?: string;
  body?: string;
}

interface Operation {
  name: EndpointName;
  path: string;
  method: 'get' | 'post';
  op: Loose;
}

const STACK_TRACE = /\n\s+at |node_modules|file:\/\/|node:internal/;

let s: Running;
let doc: Loose;
let schemas: DocumentSchemas;
let arb: SchemaArbitraries;
let ops: Operation[];

beforeAll(async () => {
  // A generous rate limit: this file is about input handling, rate-limit.test.ts about throttling.
  s = await startServer(reportsWorld(), {
    rateLimit: { perMinute: 10_000_000, burst: 10_000_000 },
    authFailureLimit: { perMinute: 10_000_000, burst: 10_000_000 },
  });
  const res = await s.get('/api/v1/openapi.json');
  doc = res.body;
  schemas = new DocumentSchemas(doc);
  arb = new SchemaArbitraries(doc, poolsOf(reportsWorld()));
  const byTool = new Map(ENDPOINT_NAMES.map((n) => [ENDPOINTS[n].tool, n]));
  ops = Object.entries<Loose>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Loose>(item).flatMap(([method, op]) => {
      const name = byTool.get(op.operationId);
      return name ? [{ name, path, method: method as 'get' | 'post', op }] : [];
    }),
  );
});
afterAll(async () => {
  await s.close();
});

/**
 * Requests for one operation, built from the document alone. 'plausible' requests follow
 * every schema (they mostly reach the handlers); 'mixed' ones break some fields, the body
 * as a whole, its media type or its size.
 */
function requestArb(o: Operation, mode: 'plausible' | 'mixed'): fc.Arbitrary<WireRequest> {
  const value = (schema: Loose, field: string) =>
    mode === 'plausible' ? arb.plausible(schema, field) : arb.field(schema, field);
  const params: Loose[] = o.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc
    .tuple(
      ...pathParams.map((p) =>
        value(p.schema, p.name).map((v) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      ),
    )
    .map((values) => {
      let path = o.path;
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i]!)));
      return `/api/v1${path}`;
    });
  const known: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    queryParams.map((p) => [p.name, value(p.schema, p.name)]),
  );
  const requiredKeys: string[] = queryParams.filter((p) => p.required).map((p) => p.name);
  const queryArb = fc
    .tuple(
      fc.record(known, { requiredKeys }),
      // Unknown parameters must be ignored, never refused or crashed on.
      fc.dictionary(
        fc.constantFrom('foo', '__proto__', 'constructor', 'limit[]', 'projectId[0]'),
        fc.string({ maxLength: 8 }),
        { maxKeys: 2 },
      ),
    )
    .map(([knownValues, unknownValues]) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...unknownValues, ...knownValues }))
        for (const text of queryText(v)) qs.append(k, text);
      const text = qs.toString();
      return text ? `?${text}` : '';
    });
  const bodySchema = o.op.requestBody?.content['application/json'].schema;
  if (o.method === 'get' || !bodySchema)
    return fc.tuple(pathArb, queryArb).map(([path, query]) => ({ method: 'GET', path: path + query }));
  const json = (contentType: string) => (v: unknown) => ({ contentType, body: JSON.stringify(v) ?? 'null' });
  if (mode === 'plausible')
    return fc
      .tuple(pathArb, arb.plausible(bodySchema).map(json('application/json')))
      .map(([path, b]) => ({ method: 'POST', path, ...b }));
  const bodyArb = fc.oneof(
    { weight: 12, arbitrary: arb.field(bodySchema).map(json('application/json')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"itemId": }',
          '[1,2',
          'null',
          '"text"',
          '{"a":"\\ud800"}',
          '['.repeat(3000) + ']'.repeat(3000),
        )
        .map((body) => ({ contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        )
        .chain((ct) => arb.plausible(bodySchema).map(json(ct))),
    },
    // Over the 1 MiB body limit.
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        body: JSON.stringify({ body: 'z'.repeat(1_100_000) }),
      }),
    },
  );
  return fc.tuple(pathArb, bodyArb).map(([path, b]) => ({ method: 'POST', path, ...b }));
}

async function sendWire(req: WireRequest, token: string | null) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.contentType) headers['content-type'] = req.contentType;
  const r = await fetch(s.baseUrl + req.path, {
    method: req.method,
    headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, text };
}

/** The answer is one the document promises for this operation, in every respect we can check. */
function expectDocumented(o: Operation, res: { status: number; headers: Headers; text: string }, what: string): void {
  const context = `${what} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  expect(Object.keys(o.op.responses), context).toContain(String(res.status));
  expect(res.headers.get('content-type'), context).toMatch(/^application\/json/);
  expect(res.text, context).not.toMatch(STACK_TRACE);
  const body: Loose = JSON.parse(res.text);
  const response: Loose = resolvePointer(doc, o.op.responses[res.status].$ref ?? '') ?? o.op.responses[res.status];
  for (const [name, header] of Object.entries<Loose>(response.headers ?? {}))
    if (header.required) expect(res.headers.get(name), `${context}: header ${name}`).not.toBeNull();
  // The document describes it...
  expect(schemas.check(response.content['application/json'].schema, body), context).toBeNull();
  // ...and so does the shared zod contract.
  if (res.status === 200) {
    expect(ENDPOINTS[o.name].response.safeParse(body).success, context).toBe(true);
    return;
  }
  expect(typeof body.error, context).toBe('string');
  expect(
    ERROR_RESPONSES[String(res.status) as ErrorStatus].bodies.some((b) => b.schema.safeParse(body).success),
    context,
  ).toBe(true);
  if (body.kind === 'billing_limit') expect(BillingErrorBody.safeParse(body).success, context).toBe(true);
  if (body.reason === 'reply_id') expect(ParentIdErrorBody.safeParse(body).success, context).toBe(true);
  if (body.reason === 'ambiguous_name') expect(AmbiguousNameErrorBody.safeParse(body).success, context).toBe(true);
  if (res.status === 400 && body.reason !== undefined) expect(REFUSAL_REASONS, context).toContain(body.reason);
}

describe('every operation, random and hostile inputs from the OpenAPI document', () => {
  it('found all 16 operations in the document', () => {
    expect(ops.map((o) => o.name).sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it.each(ENDPOINT_NAMES.map((n) => [n]))('%s answers only documented statuses and bodies', async (name) => {
    const o = ops.find((x) => x.name === name)!;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(tokenArb, fc.oneof(requestArb(o, 'plausible'), requestArb(o, 'mixed')), async (token, req) => {
        const res = await sendWire(req, token);
        seen.add(res.status);
        expectDocumented(
          o,
          res,
          `${req.method} ${req.path.slice(0, 200)} ${req.contentType ?? ''} ${req.body?.slice(0, 200) ?? ''} as ${token}`,
        );
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
    // The inputs reached past authentication and validation at least sometimes.
    expect(
      [...seen].some((st) => st !== 401 && st !== 403),
      `statuses seen: ${[...seen]}`,
    ).toBe(true);
  });
});

describe('named hostile inputs on every parameter and body field', () => {
  /** One value per class the brief names, each tried in every field of every operation. */
  const HOSTILE: [string, (schema: Loose) => unknown][] = [
    ['a wrong type', (sch) => (sch.type === 'string' || sch.enum ? 12345 : 'not-a-number')],
    ['a huge string', () => 'h'.repeat(5000)],
    ['RTL, emoji and control characters', () => '\u202Eevil\u200F 👩‍💻🏳️‍🌈 \u0001\u0007\u001B\u007F é\u0301'],
    ['an unknown ID', () => 'it_does_not_exist'],
    ["another workspace's ID", () => 'it_solo'],
    ['a number out of range', (sch) => (typeof sch.maximum === 'number' ? sch.maximum + 1 : -1)],
    ['a non-safe integer', () => '9007199254740993'],
    ['a 20-digit number', () => '99999999999999999999'],
    ['a NUL in text', () => 'a\u0000b'],
    ['an array over its limit', (sch) => Array.from({ length: (sch.maxItems ?? 50) + 1 }, (_, i) => `it_${i}`)],
  ];

  it('never answers outside the document', async () => {
    let sent = 0;
    for (const o of ops) {
      const params: Loose[] = o.op.parameters ?? [];
      const bodySchema: Loose = o.op.requestBody
        ? arb.resolve(o.op.requestBody.content['application/json'].schema)
        : null;
      const fields: [string, Loose][] = [
        ...params.map((p): [string, Loose] => [p.name, p.schema]),
        ...Object.entries<Loose>(bodySchema?.properties ?? {}),
      ];
      for (const [field, schema] of fields) {
        for (const [label, make] of HOSTILE) {
          const value = make(arb.resolve(schema));
          const req = hostileRequest(o, field, value);
          const res = await sendWire(req, TOKENS.owner);
          sent++;
          expectDocumented(o, res, `${o.name} ${field} = ${label}`);
        }
      }
      // The body missing entirely, and every required field missing.
      if (bodySchema) {
        expectDocumented(
          o,
          await sendWire(
            { method: 'POST', path: `/api/v1${o.path}`, contentType: 'application/json', body: '{}' },
            TOKENS.owner,
          ),
          `${o.name} {}`,
        );
        expectDocumented(
          o,
          await sendWire({ method: 'POST', path: `/api/v1${o.path}` }, TOKENS.owner),
          `${o.name} without a body`,
        );
      }
    }
    expect(sent).toBeGreaterThan(200);
  });

  /** A well-formed request for the operation with one field replaced by `value`. */
  function hostileRequest(o: Operation, field: string, value: unknown): WireRequest {
    const params: Loose[] = o.op.parameters ?? [];
    const base: Record<string, unknown> = {
      itemId: 'it_1',
      projectId: 'p_web',
      url: 'https://web.example/x',
      body: 'Hello',
      status: 'open',
      assignee: 'me',
      duplicateIds: ['it_4'],
      rule: 'Keep it short.',
      text: 'pay',
    };
    const param = params.find((p) => p.name === field);
    let path = `/api/v1${o.path}`;
    for (const p of params.filter((x) => x.in === 'path'))
      path = path.replace(
        `{${p.name}}`,
        encodeURIComponent(
          String(p.name === field ? (typeof value === 'string' ? value : JSON.stringify(value)) : base[p.name]),
        ),
      );
    if (o.method === 'get') {
      const qs = new URLSearchParams();
      if (param?.in === 'query') for (const text of queryText(value)) qs.append(field, text);
      const query = qs.toString();
      return { method: 'GET', path: query ? `${path}?${query}` : path };
    }
    const props = Object.keys(arb.resolve(o.op.requestBody.content['application/json'].schema).properties ?? {});
    const body = Object.fromEntries(props.filter((k) => k in base).map((k) => [k, base[k]]));
    body[field] = value;
    return { method: 'POST', path, contentType: 'application/json', body: JSON.stringify(body) };
  }
});

describe('what the router refuses before any handler (found by this fuzzer)', () => {
  const getItem = () => ops.find((o) => o.name === 'getItem')!;

  it('refuses an item ID longer than the cap after authentication, naming the field and repeating none of it', async () => {
    const longId = 'x'.repeat(5000);
    const anonymous = await sendWire({ method: 'GET', path: `/api/v1/items/${longId}` }, null);
    expect(anonymous.status).toBe(401);
    const res = await sendWire({ method: 'GET', path: `/api/v1/items/${longId}` }, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ field: 'itemId', error: 'itemId must be at most 200 characters.' });
    expectDocumented(getItem(), res, 'long item ID');
  });

  it('answers a malformed %-escape in the path with a sentence, not the framework body', async () => {
    for (const path of ['/api/v1/items/%ZZ', '/api/v1/items/%E0%A4%A']) {
      const res = await sendWire({ method: 'GET', path }, TOKENS.owner);
      expect(JSON.parse(res.text)).toEqual({
        error: 'The path is not a valid URL: a % must start an escape such as %25 or %20.',
        reason: 'invalid_request',
        field: 'path',
      });
      expectDocumented(getItem(), res, path);
    }
  });
});
