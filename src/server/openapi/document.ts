import type { z } from 'zod';
import * as api from '#shared/api/index.js';
import {
  API_PREFIX,
  ENDPOINT_NAMES,
  ENDPOINTS,
  ItemParams,
  type EndpointDef,
  type EndpointName,
} from '#shared/api/index.js';
import { errorResponseRef, errorResponses, errorStatusesFor } from './responses.js';
import { inlineSchema, SchemaComponents } from './schemas.js';
import {
  JSON_SCHEMA_DIALECT,
  OPENAPI_VERSION,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from './types.js';

/** Where the document itself is served, relative to the API prefix (no token needed). */
export const OPENAPI_PATH = '/openapi.json';

const SECURITY_SCHEME = 'bearerAuth';

/**
 * Response shapes worth a name of their own: they recur across endpoints or are what a
 * client reads most. Everything else is inlined where it is used.
 */
const NAMED_OUTPUTS: readonly [string, z.ZodType][] = [
  ['Message', api.Message],
  ['Row', api.Row],
  ['ProjectRef', api.ProjectRef],
  ['Workspace', api.Workspace],
  ['Project', api.Project],
  ['Member', api.Member],
  ['ItemRow', api.ItemRow],
  ['ItemsSummary', api.ItemsSummary],
  ['ThreadMessage', api.ThreadMessage],
  ['ItemDetail', api.ItemDetail],
  ['Decision', api.Decision],
  ['HotspotFile', api.HotspotFile],
  ['SimilarCandidate', api.SimilarCandidate],
  ['RuleSaved', api.RuleSaved],
  ['RuleDuplicate', api.RuleDuplicate],
];

/**
 * Constraints the contract checks with zod refinements, which toJSONSchema cannot see.
 * Each entry restates one refinement of src/shared/api/requests.ts; the OpenAPI tests
 * check the zod schema and this restatement agree.
 */
const REFINEMENTS: Partial<Record<EndpointName, JsonSchema>> = {
  // SimilarBody: "give text or itemId".
  findSimilar: { anyOf: [{ required: ['text'] }, { required: ['itemId'] }] },
};

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** `{itemId}` and friends; the contract's only path parameter is itemId (ItemParams). */
function pathParameters(def: EndpointDef, name: string): Parameter[] {
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return [];
  const shape = inlineSchema(ItemParams, 'input', `${name} path`).properties ?? {};
  return names.map((param) => {
    const schema = shape[param];
    if (schema === undefined || typeof schema === 'boolean')
      throw new Error(`${name}: path parameter {${param}} has no schema in ItemParams.`);
    return { name: param, in: 'path', required: true, schema };
  });
}

/**
 * Query parameters, one per property of the endpoint's query schema. Numeric ones are
 * z.coerce in the contract (query strings are text); as input zod describes them by the
 * number they must read as, which is how OpenAPI types a form-style query parameter.
 */
function queryParameters(def: EndpointDef, name: string): Parameter[] {
  if (!def.query) return [];
  const schema = inlineSchema(def.query, 'input', `${name} query`);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([param, prop]) => {
    if (typeof prop === 'boolean') throw new Error(`${name}: query parameter ${param} has no usable schema.`);
    return { name: param, in: 'query', required: required.has(param), schema: prop };
  });
}

function operation(name: EndpointName, def: EndpointDef, schemas: SchemaComponents): Operation {
  const parameters = [...pathParameters(def, name), ...queryParameters(def, name)];
  const responses: Operation['responses'] = {
    '200': {
      description: def.summary,
      content: { 'application/json': { schema: schemas.add('output', `${pascal(name)}Response`, def.response) } },
    },
  };
  for (const status of errorStatusesFor(name, def)) responses[status] = errorResponseRef(status);
  const op: Operation = {
    operationId: def.tool,
    summary: def.summary,
    description: `Runs the tool \`${def.tool}\`${name === 'listItems' ? ' (and `search_items` when `q` is given)' : ''}. Caller: ${
      def.caller === 'paid' ? 'any paid seat (owner, admin or collaborator)' : 'workspace owners and admins'
    }.`,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
  if (def.body) {
    const ref = schemas.add('input', `${pascal(name)}Body`, def.body);
    const refinement = REFINEMENTS[name];
    if (refinement) schemas.constrain(`${pascal(name)}Body`, refinement);
    op.requestBody = { required: true, content: { 'application/json': { schema: ref } } };
  }
  return op;
}

/** The document's own entry: public, so tools can fetch it before they hold a token. */
function documentOperation(): Operation {
  return {
    operationId: 'get_openapi_document',
    summary: 'This OpenAPI document',
    description: 'Served without a token: it describes the API and reveals nothing about any workspace.',
    security: [],
    responses: {
      '200': {
        description: 'The OpenAPI 3.1 document',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  };
}

interface BuildOptions {
  /** The API's base URL as the caller reaches it, e.g. http://127.0.0.1:4010/api/v1. */
  serverUrl: string;
  /** Defaults to the shared contract; tests pass their own tables. */
  endpoints?: Partial<Record<EndpointName, EndpointDef>>;
}

/** OpenAPI 3.1 document of the API, derived from the shared zod contract (ENDPOINTS). */
export function buildOpenApiDocument(opts: BuildOptions): OpenApiDocument {
  const endpoints = opts.endpoints ?? ENDPOINTS;
  const schemas = new SchemaComponents();
  for (const [name, schema] of NAMED_OUTPUTS) schemas.add('output', name, schema);
  const responses = errorResponses(schemas);
  const paths: OpenApiDocument['paths'] = {};
  for (const name of ENDPOINT_NAMES) {
    const def = endpoints[name];
    if (!def) continue;
    const method = def.method.toLowerCase() as HttpMethod;
    const item = (paths[def.path] ??= {});
    if (item[method]) throw new Error(`${def.method} ${def.path} is defined twice.`);
    item[method] = operation(name, def, schemas);
  }
  paths[OPENAPI_PATH] = { get: documentOperation() };
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Feedback service agent API',
      version: '1.0.0',
      description:
        'Feedback threads ("items") pinned to pages of a website, grouped in projects and workspaces. Every endpoint runs one named tool (the operationId). ' +
        'Errors are JSON `{error: sentence}`; code checks the status, `kind` and `reason`, never the sentence.',
    },
    servers: [{ url: opts.serverUrl, description: 'This service, as the request for this document reached it' }],
    security: [{ [SECURITY_SCHEME]: [] }],
    paths,
    components: {
      schemas: schemas.toJson(),
      responses,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal token or an OAuth connection: `Authorization: Bearer <token>`.',
        },
      },
    },
  };
}

/** The server URL for a request that reached us at `origin` (protocol and host). */
export const apiServerUrl = (origin: string) => `${origin}${API_PREFIX}`;
