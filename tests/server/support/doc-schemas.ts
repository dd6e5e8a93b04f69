import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Checks values against the JSON Schemas *of the served OpenAPI document*, so a test can
 * prove the document describes what the service really sends (the zod checks prove the
 * service keeps the contract). Ajv is not a dependency of ours: it is Fastify's own
 * validator, already installed with it, and it implements draft 2020-12.
 */
const Ajv2020 = Ajv2020Module.default;

// The components get absolute IDs so Ajv can resolve `#/components/schemas/X` between them.
const BASE = 'https://openapi.invalid/components/schemas/';
const LOCAL = '#/components/schemas/';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith(LOCAL) ? BASE + v.slice(LOCAL.length) : rebase(v);
  return out;
}

export class DocumentSchemas {
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly cache = new Map<string, ValidateFunction>();

  /**
   * Adds every component schema; Ajv checks each against the 2020-12 meta-schema, and strict
   * mode fails unknown keywords. strictRequired is Ajv's own lint (a `required` naming a
   * property declared elsewhere, as in `anyOf: [{required: [text]}]`), valid JSON Schema.
   */
  constructor(doc: Json) {
    this.ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, validateFormats: false });
    this.ajv.addVocabulary(['x-zod-type']);
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas))
      this.ajv.addSchema({ ...rebase(schema), $id: BASE + name });
  }

  /** Compiles every component, throwing on the first schema Ajv refuses. */
  compileAll(names: string[]): void {
    for (const name of names) this.ajv.getSchema(BASE + name);
  }

  /** null when `value` satisfies `schema` (a schema or a `$ref` as found in the document), else the errors. */
  check(schema: Json, value: unknown): string | null {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema));
      this.cache.set(key, validate);
    }
    return validate(value) ? null : this.ajv.errorsText(validate.errors);
  }
}
