import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app.js';
import { buildOpenApiDocument } from '../../src/server/openapi/document.js';
import { ERROR_RESPONSES, errorStatusesFor } from '../../src/server/openapi/responses.js';
import { openTestDatabase } from './support/test-database.js';
import { ENDPOINT_NAMES, ENDPOINTS, LIMITS, SimilarBody, type EndpointDef } from '#shared/api/index.js';
import { DocumentSchemas } from './support/doc-schemas.js';
import { startServer, type Running } from './support/harness.js';
import { resolvePointer, validateOpenApi31 } from './support/openapi-validator.js';
import { send, validRequest, type Target } from './support/requests.js';
import { baseWorld, TOKENS, type Loose } from './support/world.js';

const WEB: Target = {
  workspaceId: 'ws_main',
  projectId: 'p_web',
  itemId: 'it_4',
  keepId: 'it_1',
  duplicateId: 'it_5',
  url: 'https://web.example/checkout',
  assignee: 'me',
};

let s: Running;
let doc: Loose;
beforeAll(async () => {
  s = await startServer(baseWorld());
  const res = await s.get('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await s.close();
});

const operations = () =>
  Object.entries<Loose>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Loose>(item).map(([method, op]) => ({ path, method, op })),
  );
const opOf = (def: EndpointDef) => doc.paths[def.path]?.[def.method.toLowerCase()];
const clone = (): Loose => structuredClone(doc);

describe('GET /api/v1/openapi.json', () => {
  it('is served without a token, as JSON, naming this server', async () => {
    const res = await s.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.servers).toEqual([{ url: `${s.baseUrl}/api/v1`, description: expect.any(String) }]);
    // Any token (even a revoked one) is simply ignored: the document is public.
    expect((await s.get('/api/v1/openapi.json', TOKENS.revoked)).status).toBe(200);
  });

  it('is a structurally sound OpenAPI 3.1 document with the 2020-12 dialect', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(validateOpenApi31(doc)).toEqual([]);
  });

  it('has schemas that are valid JSON Schema 2020-12 (Ajv, strict)', () => {
    const schemas = new DocumentSchemas(doc);
    expect(() => schemas.compileAll(Object.keys(doc.components.schemas))).not.toThrow();
    expect(JSON.stringify(doc)).not.toMatch(/"\$schema":"(?!https:\/\/json-schema\.org\/draft\/2020-12\/schema")/);
  });

  it('describes all 16 endpoints: path, method, operationId = tool, parameters, body and responses', () => {
    expect(
      operations()
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual([...Object.values(ENDPOINTS).map((e) => e.tool), 'get_openapi_document'].sort());
    for (const name of ENDPOINT_NAMES) {
      const def: EndpointDef = ENDPOINTS[name];
      const op = opOf(def);
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      expect(op.operationId).toBe(def.tool);
      expect(op.summary).toBe(def.summary);
      const query = Object.keys((def.query as Loose)?.shape ?? {});
      expect((op.parameters ?? []).filter((p: Loose) => p.in === 'query').map((p: Loose) => p.name)).toEqual(query);
      expect((op.parameters ?? []).filter((p: Loose) => p.in === 'path')).toEqual(
        def.path.includes('{itemId}')
          ? [
              {
                name: 'itemId',
                in: 'path',
                required: true,
                schema: { type: 'string', minLength: 1, maxLength: LIMITS.idMaxChars, pattern: expect.any(String) },
              },
            ]
          : [],
      );
      if (def.method === 'POST')
        expect(op.requestBody).toEqual({
          required: true,
          content: {
            'application/json': { schema: { $ref: expect.stringMatching(/^#\/components\/schemas\/\w+Body$/) } },
          },
        });
      else expect(op.requestBody).toBeUndefined();
      expect(Object.keys(op.responses)).toEqual(['200', ...errorStatusesFor(name, def)]);
      expect(op.security).toBeUndefined();
    }
  });

  it('documents each refusal with its body and headers', () => {
    const response = (status: string): Loose =>
      resolvePointer(doc, doc.paths['/items/status'].post.responses[status].$ref);
    const bodyRefs = (status: string) => {
      const schema = response(status).content['application/json'].schema;
      return (schema.anyOf ?? [schema]).map((r: Loose) => r.$ref.split('/').at(-1));
    };
    expect(bodyRefs('400')).toEqual(['ParentIdErrorBody', 'AmbiguousNameErrorBody', 'RefusalErrorBody']);
    expect(bodyRefs('403')).toEqual(['BillingErrorBody', 'RefusalErrorBody']);
    for (const status of ['401', '404', '413', '415', '429']) expect(bodyRefs(status)).toEqual(['ErrorBody']);
    expect(response('401').headers['WWW-Authenticate']).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(bodyRefs('503')).toEqual(['RefusalErrorBody']);
    for (const status of ['429', '503'])
      expect(response(status).headers['Retry-After']).toMatchObject({
        required: true,
        schema: { type: 'integer', minimum: 1 },
      });
    expect(doc.components.schemas.BillingErrorBody).toMatchObject({
      required: ['error', 'kind', 'feature', 'reason', 'message', 'limit', 'used'],
      properties: {
        kind: { const: 'billing_limit' },
        feature: { const: 'agent_tools' },
        reason: { enum: ['no_seat', 'no_plan'] },
        limit: { type: 'null' },
      },
    });
    expect(doc.components.schemas.ParentIdErrorBody.required).toEqual(['error', 'parentId']);
    // Which endpoints can conflict, need input, or reach something that may be missing.
    expect(Object.keys(doc.paths['/workspaces'].get.responses)).toEqual(['200', '401', '403', '429', '503']);
    expect(Object.keys(doc.paths['/items/assign'].post.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(Object.keys(doc.paths['/similar'].post.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '429',
      '503',
    ]);
  });

  it('documents 503 with Retry-After on every endpoint, since each reads the database', () => {
    for (const name of ENDPOINT_NAMES) {
      const def: EndpointDef = ENDPOINTS[name];
      const op = opOf(def);
      expect(op.responses['503'], `${def.method} ${def.path}`).toEqual({
        $ref: '#/components/responses/ServiceUnavailable',
      });
    }
    expect(doc.components.responses.ServiceUnavailable.headers['Retry-After'].required).toBe(true);
  });

  it('declares the bearer scheme for every operation but the document itself', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
  });

  it('types z.coerce query parameters by the number they must read as', () => {
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: Loose) => p.name === name);
    expect(param('/items', 'limit')).toEqual({
      name: 'limit',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 200 },
    });
    expect(param('/decisions', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 30 });
    expect(param('/review', 'offset').schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(param('/source', 'line').schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('/items', 'status').schema).toEqual({ type: 'string', enum: ['open', 'deferred', 'resolved'] });
  });

  it('shows the caps on stored text and the control-character rule', () => {
    const deref = (schema: Loose): Loose => (schema.$ref ? resolvePointer(doc, schema.$ref) : schema);
    const bodyOf = (path: string) => deref(doc.paths[path].post.requestBody.content['application/json'].schema);
    const create = bodyOf('/items/create');
    expect(create.properties.url).toMatchObject({ format: 'uri', maxLength: 2048 });
    expect(create.properties.selector).toMatchObject({ maxLength: 1000, pattern: expect.any(String) });
    expect(create.properties.pageTitle).toMatchObject({ maxLength: 300, pattern: expect.any(String) });
    expect(create.properties.body).toMatchObject({ maxLength: 4000, pattern: expect.any(String) });
    const link = deref(bodyOf('/items/update').properties.links.items);
    expect(link.properties.url).toMatchObject({ maxLength: 2048 });
    expect(link.properties.label).toMatchObject({ maxLength: 200 });
    // The pattern the document states refuses what the service refuses.
    const pattern = new RegExp(create.properties.body.pattern, 'u');
    for (const [text, ok] of [
      ['a\u0000b', false],
      ['\u0007', false],
      ['\u0085', false],
      ['tab\tnew\nline\r', true],
      ['é 👩‍💻', true],
    ] as const) {
      expect(pattern.test(text), JSON.stringify(text)).toBe(ok);
    }
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: Loose) => p.name === name);
    expect(param('/review', 'offset').schema).toMatchObject({ maximum: 2000 });
    expect(param('/source', 'line').schema).toMatchObject({ maximum: 1_000_000 });
    expect(param('/whats-new', 'since').schema).toMatchObject({ maxLength: 40, pattern: expect.any(String) });
  });

  it('restates the "text or itemId" refinement of SimilarBody, and agrees with zod on it', () => {
    const schemas = new DocumentSchemas(doc);
    const body = doc.paths['/similar'].post.requestBody.content['application/json'].schema;
    for (const sample of [
      {},
      { text: 'pay' },
      { itemId: 'it_1' },
      { projectId: 'p_web' },
      { text: 'pay', itemId: 'it_1' },
    ]) {
      expect(schemas.check(body, sample) === null, JSON.stringify(sample)).toBe(SimilarBody.safeParse(sample).success);
    }
  });
});

describe('the document and the server agree', () => {
  it('every documented path is a route the server answers (200, body as documented)', async () => {
    const schemas = new DocumentSchemas(doc);
    for (const name of ENDPOINT_NAMES) {
      const def: EndpointDef = ENDPOINTS[name];
      const res = await send(s, validRequest(name, WEB, 'openapi'), TOKENS.owner);
      expect(res.status, `${def.method} ${def.path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(
        schemas.check(opOf(def).responses['200'].content['application/json'].schema, res.body),
        def.path,
      ).toBeNull();
      expect(def.response.safeParse(res.body).success).toBe(true);
    }
  });

  it('documents exactly the routes the server registers under /api/v1', async () => {
    const db = (await openTestDatabase()).db;
    const app = createServer({ db });
    const routes: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat())
        if (r.url.startsWith('/api/v1/') && method !== 'HEAD') routes.push(`${method} ${r.url}`);
    });
    try {
      await app.ready();
    } finally {
      await app.close();
      await db.destroy();
    }
    const documented = operations().map(
      ({ path, method }) => `${method.toUpperCase()} /api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(routes.sort()).toEqual(documented.sort());
  });
});

describe('building the document from a contract', () => {
  const base = { tool: 't', caller: 'paid', summary: 'S', response: z.object({ ok: z.boolean() }) } as const;

  it('refuses a request type JSON Schema cannot describe, naming it', () => {
    const endpoints = {
      createItem: { ...base, method: 'POST', path: '/x', body: z.object({ when: z.date() }) },
    } as const;
    expect(() => buildOpenApiDocument({ serverUrl: 'http://h/api/v1', endpoints })).toThrow(
      /request schema at .*when.* "date"/,
    );
  });

  it('describes an unrepresentable response type as any value, with a note', () => {
    const endpoints = {
      listWorkspaces: { ...base, method: 'GET', path: '/x', response: z.object({ at: z.date(), n: z.bigint() }) },
    } as const;
    const built = buildOpenApiDocument({ serverUrl: 'http://h/api/v1', endpoints });
    const props = (built.components.schemas.ListWorkspacesResponse as Loose).properties;
    expect(props.at).toEqual({ description: expect.stringContaining('date'), 'x-zod-type': 'date' });
    expect(props.n).toMatchObject({ 'x-zod-type': 'bigint' });
    expect(validateOpenApi31(built)).toEqual([]);
  });

  it('turns z.coerce query fields into typed parameters and keeps required ones required', () => {
    const endpoints = {
      listItems: {
        ...base,
        method: 'GET',
        path: '/x',
        query: z.object({ n: z.coerce.number().int().min(2), flag: z.coerce.boolean().optional(), name: z.string() }),
      },
    } as const;
    const params = buildOpenApiDocument({ serverUrl: 'http://h/api/v1', endpoints }).paths['/x']!.get!.parameters;
    expect(params).toEqual([
      {
        name: 'n',
        in: 'query',
        required: true,
        schema: { type: 'integer', minimum: 2, maximum: Number.MAX_SAFE_INTEGER },
      },
      { name: 'flag', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it('names every error body of ERROR_RESPONSES in components', () => {
    const built = buildOpenApiDocument({ serverUrl: 'http://h/api/v1' });
    for (const def of Object.values(ERROR_RESPONSES))
      for (const b of def.bodies) expect(built.components.schemas[b.name], b.name).toBeDefined();
  });
});

describe('the focused validator finds what is broken', () => {
  const problems = (mutate: (d: Loose) => void) => {
    const d = clone();
    mutate(d);
    return validateOpenApi31(d);
  };

  it.each([
    [
      'a dangling $ref',
      (d: Loose) => (d.paths['/items'].get.responses['404'] = { $ref: '#/components/responses/Nope' }),
      /\$ref #\/components\/responses\/Nope does not resolve/,
    ],
    ['an operation without responses', (d: Loose) => (d.paths['/members'].get.responses = {}), /at least one response/],
    ['no success response', (d: Loose) => delete d.paths['/members'].get.responses['200'], /no success/],
    [
      'a parameter without a schema',
      (d: Loose) => delete d.paths['/items'].get.parameters[0].schema,
      /exactly one of schema or content/,
    ],
    [
      'an optional path parameter',
      (d: Loose) => (d.paths['/items/{itemId}'].get.parameters[0].required = false),
      /must be required: true/,
    ],
    [
      'a template without its parameter',
      (d: Loose) => (d.paths['/items/{itemId}'].get.parameters = []),
      /\{itemId\} has no path parameter/,
    ],
    [
      'another dialect',
      (d: Loose) => (d.jsonSchemaDialect = 'http://json-schema.org/draft-07/schema#'),
      /jsonSchemaDialect/,
    ],
    ['a 3.0 document', (d: Loose) => (d.openapi = '3.0.3'), /must be 3\.1\.x/],
    [
      'OpenAPI 3.0 nullable',
      (d: Loose) => (d.components.schemas.Row.properties.type = { type: 'string', nullable: true }),
      /nullable is OpenAPI 3\.0/,
    ],
    [
      'an unknown security scheme',
      (d: Loose) => (d.paths['/items'].get.security = [{ apiKey: [] }]),
      /apiKey is not declared/,
    ],
    [
      'a duplicate operationId',
      (d: Loose) => (d.paths['/members'].get.operationId = 'list_items'),
      /operationId list_items is also used/,
    ],
    [
      'a response without description',
      (d: Loose) => delete d.components.responses.NotFound.description,
      /needs a description/,
    ],
    ['a bad type', (d: Loose) => (d.components.schemas.Message.properties.at.type = 'int'), /not a JSON Schema type/],
  ])('reports %s', (_label, mutate, expected) => {
    const found = problems(mutate);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(expected);
  });
});
