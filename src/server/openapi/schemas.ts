import { z } from 'zod';
import { JSON_SCHEMA_DIALECT, type JsonSchema, type Reference } from './types.js';

/**
 * Requests are described as zod *accepts* them (io 'input'), responses as the service
 * *emits* them (io 'output'): the two differ wherever a schema coerces, trims or defaults.
 */
type Io = 'input' | 'output';

const schemaRef = (name: string): Reference => ({ $ref: `#/components/schemas/${name}` });

/**
 * A type zod cannot put into JSON Schema (a date, a transform, a bigint...). In a request
 * that is a contract bug: a client could not know what to send, so building the document
 * fails loudly, naming where. In a response, clients read tolerantly anyway, so it becomes
 * "any JSON value" with a note rather than a wrong type.
 */
function unrepresentable(io: Io, owner: string) {
  return ({
    zodSchema,
    path,
  }: {
    zodSchema: { _zod: { def: { type: string } } };
    path: (string | number)[];
  }): JsonSchema => {
    const type = zodSchema._zod.def.type;
    const where = `${owner}${path.length > 0 ? ` at ${path.join('/')}` : ''}`;
    if (io === 'input') throw new Error(`${where} uses the zod type "${type}", which JSON Schema cannot describe.`);
    return {
      description: `Any JSON value: the contract's zod type "${type}" has no JSON Schema form.`,
      'x-zod-type': type,
    };
  };
}

/**
 * zod's payload carries a non-enumerable `~standard` helper and a per-schema `$schema`;
 * the document declares the dialect once (jsonSchemaDialect), and a JSON round trip keeps
 * only plain data.
 */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  if (_dialect !== undefined && _dialect !== JSON_SCHEMA_DIALECT)
    throw new Error(`zod emitted the dialect ${_dialect}, not 2020-12.`);
  return rest;
}

/** One schema inlined (query parameters): anything it shares is repeated, never referenced. */
export function inlineSchema(schema: z.ZodType, io: Io, owner: string): JsonSchema {
  const out = bare(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: unrepresentable(io, owner) }),
  );
  // Splitting an object into parameters would orphan local $defs, so none may appear here.
  if (out.$defs !== undefined)
    throw new Error(`${owner} is recursive or self-referencing; it cannot be split into parameters.`);
  return out;
}

/**
 * The named schemas of components/schemas. A zod schema registered under a name is a
 * `$ref` wherever another registered schema uses it, so shared shapes (Message, ItemRow,
 * the error bodies) are written once. Registering a schema twice keeps its first name.
 */
export class SchemaComponents {
  private readonly named: Record<Io, Map<z.ZodType, string>> = { input: new Map(), output: new Map() };
  private readonly extras = new Map<string, JsonSchema>();

  add(io: Io, name: string, schema: z.ZodType): Reference {
    const existing = this.named[io].get(schema);
    if (existing !== undefined) return schemaRef(existing);
    if (this.has(name)) throw new Error(`components/schemas/${name} is already taken by another schema.`);
    this.named[io].set(schema, name);
    return schemaRef(name);
  }

  /**
   * Extra JSON Schema keywords merged into a named schema: constraints a zod refinement
   * checks in code (invisible to toJSONSchema) but that a client should still be told.
   */
  constrain(name: string, keywords: JsonSchema): void {
    this.extras.set(name, { ...this.extras.get(name), ...keywords });
  }

  toJson(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const io of ['input', 'output'] as const) {
      if (this.named[io].size === 0) continue;
      const registry = z.registry<{ id: string }>();
      for (const [schema, id] of this.named[io]) registry.add(schema, { id });
      const { schemas } = z.toJSONSchema(registry, {
        target: 'draft-2020-12',
        io,
        uri: (id) => schemaRef(id).$ref,
        unrepresentable: unrepresentable(io, `the ${io === 'input' ? 'request' : 'response'} schema`),
      });
      for (const [name, schema] of Object.entries(schemas)) out[name] = { ...bare(schema), ...this.extras.get(name) };
    }
    for (const name of this.extras.keys())
      if (!(name in out)) throw new Error(`constrain(${name}): no schema has that name.`);
    return out;
  }

  private has(name: string): boolean {
    return [...this.named.input.values(), ...this.named.output.values()].includes(name);
  }
}
