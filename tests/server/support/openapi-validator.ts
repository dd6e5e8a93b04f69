/**
 * A focused structural check of an OpenAPI 3.1 document: the parts a client generator or
 * a fuzzer relies on. It returns every problem found (not just the first) as
 * "<JSON pointer>: <what is wrong>", so a failing test names the spot to fix.
 *
 * Checked: version and JSON Schema dialect (2020-12), info, servers, that every `$ref`
 * resolves inside the document, path templates against path parameters, operations
 * (unique operationId, responses with descriptions and a success status, parameters with
 * schemas, request bodies with content), security requirements against declared schemes,
 * and every schema for keywords that are not 2020-12 (OpenAPI 3.0 leftovers such as
 * `nullable`, boolean `exclusiveMinimum`, tuple `items`).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const JSON_TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const STATUS_KEY = /^([1-5]\d\d|[1-5]XX|default)$/;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const at = (pointer: string, key: string | number) => `${pointer}/${esc(String(key))}`;

/** Resolves a local reference (`#/a/b`) or returns undefined. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObj(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

class Checker {
  readonly problems: string[] = [];
  private readonly operationIds = new Map<string, string>();

  constructor(private readonly doc: Obj) {}

  fail(pointer: string, message: string): void {
    this.problems.push(`${pointer || '#'}: ${message}`);
  }

  /** Follows `$ref` chains (at most a few hops) so each object is checked where it lives. */
  deref(node: Json | undefined, pointer: string): Obj | undefined {
    let current = node;
    for (let hop = 0; hop < 8 && isObj(current) && typeof current.$ref === 'string'; hop++) {
      current = resolvePointer(this.doc, current.$ref) as Json | undefined;
    }
    if (current === undefined) return undefined;
    if (!isObj(current)) {
      this.fail(pointer, 'must be an object');
      return undefined;
    }
    return current;
  }

  run(): void {
    this.root();
    this.refs(this.doc, '');
    const paths = this.doc.paths;
    if (isObj(paths))
      for (const [template, item] of Object.entries(paths)) this.pathItem(template, item, at('#/paths', template));
    const components = this.doc.components;
    if (isObj(components)) {
      if (isObj(components.schemas))
        for (const [name, s] of Object.entries(components.schemas)) this.schema(s, at('#/components/schemas', name));
      if (isObj(components.responses))
        for (const [name, r] of Object.entries(components.responses))
          this.response(r, at('#/components/responses', name));
      this.securitySchemes(components.securitySchemes);
    }
    this.security(this.doc.security, '#/security');
  }

  private root(): void {
    const d = this.doc;
    if (typeof d.openapi !== 'string' || !/^3\.1\.\d+$/.test(d.openapi))
      this.fail('#/openapi', `must be 3.1.x, not ${JSON.stringify(d.openapi)}`);
    if (d.jsonSchemaDialect !== DIALECT_2020_12) this.fail('#/jsonSchemaDialect', `must be ${DIALECT_2020_12}`);
    if (!isObj(d.info) || typeof d.info.title !== 'string' || typeof d.info.version !== 'string')
      this.fail('#/info', 'needs title and version strings');
    if (!Array.isArray(d.servers) || d.servers.length === 0) this.fail('#/servers', 'must list at least one server');
    else
      d.servers.forEach((s, i) =>
        isObj(s) && typeof s.url === 'string' ? undefined : this.fail(at('#/servers', i), 'needs a url'),
      );
    if (!isObj(d.paths)) this.fail('#/paths', 'must be an object');
    else
      for (const key of Object.keys(d.paths))
        if (!key.startsWith('/')) this.fail(at('#/paths', key), 'a path must start with /');
  }

  /** Every `$ref` anywhere in the document must point at something in it. */
  private refs(node: Json, pointer: string): void {
    if (Array.isArray(node)) node.forEach((v, i) => this.refs(v, at(pointer, i)));
    else if (isObj(node)) {
      if (typeof node.$ref === 'string' && resolvePointer(this.doc, node.$ref) === undefined)
        this.fail(pointer, `$ref ${node.$ref} does not resolve`);
      for (const [k, v] of Object.entries(node)) this.refs(v, at(pointer, k));
    }
  }

  private pathItem(template: string, raw: Json, pointer: string): void {
    const item = this.deref(raw, pointer);
    if (!item) return this.fail(pointer, 'is not a path item');
    const templated = new Set([...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    const shared = this.parameters(item.parameters, at(pointer, 'parameters'));
    let operations = 0;
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      operations++;
      const opPointer = at(pointer, method);
      const op = this.deref(item[method], opPointer);
      if (!op) continue;
      const own = this.parameters(op.parameters, at(opPointer, 'parameters'));
      const merged = new Map([...shared, ...own]);
      const pathNames = new Set([...merged.values()].filter((p) => p.in === 'path').map((p) => String(p.name)));
      for (const name of templated)
        if (!pathNames.has(name)) this.fail(opPointer, `path template {${name}} has no path parameter`);
      for (const name of pathNames)
        if (!templated.has(name)) this.fail(opPointer, `path parameter ${name} is not in the path template`);
      this.operation(op, opPointer);
    }
    if (operations === 0) this.fail(pointer, 'has no operation');
  }

  private parameters(raw: Json | undefined, pointer: string): Map<string, Obj> {
    const out = new Map<string, Obj>();
    if (raw === undefined) return out;
    if (!Array.isArray(raw)) {
      this.fail(pointer, 'must be an array');
      return out;
    }
    raw.forEach((entry, i) => {
      const p = at(pointer, i);
      const param = this.deref(entry, p);
      if (!param) return;
      if (typeof param.name !== 'string' || param.name === '') this.fail(p, 'needs a name');
      if (!['query', 'header', 'path', 'cookie'].includes(String(param.in)))
        this.fail(p, `in must be query, header, path or cookie, not ${JSON.stringify(param.in)}`);
      if (param.in === 'path' && param.required !== true) this.fail(p, 'a path parameter must be required: true');
      const hasSchema = param.schema !== undefined;
      const hasContent = param.content !== undefined;
      if (hasSchema === hasContent) this.fail(p, 'needs exactly one of schema or content');
      if (hasSchema) this.schema(param.schema!, at(p, 'schema'));
      const key = `${String(param.in)}:${String(param.name)}`;
      if (out.has(key)) this.fail(p, `duplicate parameter ${key}`);
      out.set(key, param);
    });
    return out;
  }

  private operation(op: Obj, pointer: string): void {
    if (typeof op.operationId !== 'string' || op.operationId === '') this.fail(pointer, 'needs an operationId');
    else {
      const other = this.operationIds.get(op.operationId);
      if (other !== undefined) this.fail(pointer, `operationId ${op.operationId} is also used at ${other}`);
      this.operationIds.set(op.operationId, pointer);
    }
    if (op.requestBody !== undefined) {
      const bodyPointer = at(pointer, 'requestBody');
      const body = this.deref(op.requestBody, bodyPointer);
      if (body) this.content(body.content, at(bodyPointer, 'content'), true);
    }
    const responses = op.responses;
    if (!isObj(responses) || Object.keys(responses).length === 0)
      return this.fail(at(pointer, 'responses'), 'an operation needs at least one response');
    if (!Object.keys(responses).some((k) => k.startsWith('2')))
      this.fail(at(pointer, 'responses'), 'has no success (2xx) response');
    for (const [status, r] of Object.entries(responses)) {
      if (!STATUS_KEY.test(status))
        this.fail(at(pointer, 'responses'), `${status} is not a status code, a 1XX-5XX range or default`);
      this.response(r, at(at(pointer, 'responses'), status));
    }
    if (op.security !== undefined) this.security(op.security, at(pointer, 'security'));
  }

  private response(raw: Json, pointer: string): void {
    const r = this.deref(raw, pointer);
    if (!r) return;
    if (typeof r.description !== 'string') this.fail(pointer, 'a response needs a description');
    if (r.content !== undefined) this.content(r.content, at(pointer, 'content'), false);
    if (r.headers !== undefined) {
      if (!isObj(r.headers)) return this.fail(at(pointer, 'headers'), 'must be an object');
      for (const [name, h] of Object.entries(r.headers)) {
        const hp = at(at(pointer, 'headers'), name);
        const header = this.deref(h, hp);
        if (!header) continue;
        if ((header.schema === undefined) === (header.content === undefined))
          this.fail(hp, 'a header needs exactly one of schema or content');
        if (header.schema !== undefined) this.schema(header.schema, at(hp, 'schema'));
      }
    }
  }

  private content(raw: Json | undefined, pointer: string, required: boolean): void {
    if (!isObj(raw) || Object.keys(raw).length === 0) {
      if (required || raw !== undefined) this.fail(pointer, 'needs at least one media type');
      return;
    }
    for (const [media, entry] of Object.entries(raw)) {
      const mp = at(pointer, media);
      if (!/^[\w.+-]+\/[\w.+*-]+/.test(media)) this.fail(mp, 'is not a media type');
      if (!isObj(entry) || entry.schema === undefined) this.fail(mp, 'needs a schema');
      else this.schema(entry.schema, at(mp, 'schema'));
    }
  }

  private securitySchemes(raw: Json | undefined): void {
    if (raw === undefined) return;
    if (!isObj(raw)) return this.fail('#/components/securitySchemes', 'must be an object');
    for (const [name, s] of Object.entries(raw)) {
      const p = at('#/components/securitySchemes', name);
      if (!isObj(s) || !['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'].includes(String(s.type)))
        this.fail(p, 'has no valid type');
      else if (s.type === 'http' && typeof s.scheme !== 'string') this.fail(p, 'an http scheme needs scheme');
    }
  }

  private security(raw: Json | undefined, pointer: string): void {
    if (raw === undefined) return;
    if (!Array.isArray(raw)) return this.fail(pointer, 'must be an array');
    const schemes =
      isObj(this.doc.components) && isObj(this.doc.components.securitySchemes)
        ? this.doc.components.securitySchemes
        : {};
    raw.forEach((req, i) => {
      if (!isObj(req)) return this.fail(at(pointer, i), 'must be an object');
      for (const name of Object.keys(req))
        if (!Object.hasOwn(schemes, name)) this.fail(at(pointer, i), `security scheme ${name} is not declared`);
    });
  }

  /** A JSON Schema 2020-12 schema, recursively. */
  schema(node: Json, pointer: string): void {
    if (typeof node === 'boolean') return;
    if (!isObj(node)) return this.fail(pointer, 'a schema must be an object or a boolean');
    if (node.$schema !== undefined && node.$schema !== DIALECT_2020_12)
      this.fail(pointer, `$schema ${String(node.$schema)} is not 2020-12`);
    if (node.nullable !== undefined) this.fail(pointer, 'nullable is OpenAPI 3.0; use type [..., "null"]');
    for (const k of ['exclusiveMinimum', 'exclusiveMaximum'] as const)
      if (typeof node[k] === 'boolean') this.fail(pointer, `${k} must be a number in 2020-12`);
    if (node.type !== undefined) {
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.length === 0 || types.some((t) => typeof t !== 'string' || !JSON_TYPES.has(t)))
        this.fail(pointer, `type ${JSON.stringify(node.type)} is not a JSON Schema type`);
      if (new Set(types).size !== types.length) this.fail(pointer, 'type lists a type twice');
    }
    if (
      node.required !== undefined &&
      (!Array.isArray(node.required) ||
        node.required.some((r) => typeof r !== 'string') ||
        new Set(node.required).size !== node.required.length)
    ) {
      this.fail(pointer, 'required must be an array of distinct strings');
    }
    if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.length === 0))
      this.fail(pointer, 'enum must be a non-empty array');
    if (Array.isArray(node.items)) this.fail(pointer, 'items must be one schema in 2020-12 (tuples use prefixItems)');
    for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const) {
      const v = node[k];
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0))
        this.fail(pointer, `${k} must be a non-negative integer`);
    }
    for (const [lo, hi] of [
      ['minimum', 'maximum'],
      ['minLength', 'maxLength'],
      ['minItems', 'maxItems'],
    ] as const) {
      const a = node[lo];
      const b = node[hi];
      if (typeof a === 'number' && typeof b === 'number' && a > b) this.fail(pointer, `${lo} ${a} is above ${hi} ${b}`);
    }
    for (const k of ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const) {
      const list = node[k];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0) this.fail(pointer, `${k} must be a non-empty array`);
      else list.forEach((s, i) => this.schema(s, at(at(pointer, k), i)));
    }
    for (const k of ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const) {
      const map = node[k];
      if (map === undefined) continue;
      if (!isObj(map)) this.fail(pointer, `${k} must be an object`);
      else for (const [name, s] of Object.entries(map)) this.schema(s, at(at(pointer, k), name));
    }
    for (const k of [
      'items',
      'additionalProperties',
      'not',
      'if',
      'then',
      'else',
      'contains',
      'propertyNames',
      'unevaluatedItems',
      'unevaluatedProperties',
    ] as const) {
      const s = node[k];
      if (s !== undefined && !Array.isArray(s)) this.schema(s, at(pointer, k));
    }
  }
}

/** All structural problems of an OpenAPI 3.1 document; empty when it is sound. */
export function validateOpenApi31(doc: unknown): string[] {
  if (!isObj(doc)) return ['#: the document must be a JSON object'];
  const checker = new Checker(doc);
  checker.run();
  return checker.problems;
}
