import fc from 'fast-check';
import { resolvePointer } from './openapi-validator.js';

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI document: `plausible` values
 * follow the schema (types, enums, lengths, ranges, required keys) but draw strings from
 * real IDs of other workspaces and hostile unicode; `hostile` values break it on purpose
 * (wrong types, out of range, over limits, missing required keys, unknown keys).
 * Only the keywords zod emits are understood; anything else falls back to "any value".
 */

// The JSON Schema of a document: read loosely, checked as it is walked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

export interface Pools {
  /** Every ID, name and email of the world (other workspaces' included), plus unknown ones. */
  ids: string[];
  /** Page URLs, some on a project's site and some not. */
  urls: string[];
  /**
   * Likely values by field name (projectId, itemId, since...): the document says a field is
   * a string, the name says which strings could get past the handler's own checks.
   */
  byField: Record<string, string[]>;
}

/** Characters that have broken text handling somewhere: RTL, emoji, combining, control (never NUL). */
const NASTY_UNITS = [
  'a',
  'Z',
  '0',
  ' ',
  '-',
  '_',
  '.',
  '/',
  '%',
  '"',
  "'",
  '\\',
  '<',
  '>',
  '&',
  '{',
  '}',
  '@',
  '#',
  '?',
  '=',
  '\u05E9',
  '\u0627',
  '\u202E',
  '\u202D',
  '\u200F', // Hebrew, Arabic, RTL override, LTR override, RTL mark
  '😀',
  '👩‍💻',
  '🏳️‍🌈',
  '\u0301',
  '\u200B',
  '\uFEFF',
  '\u2028',
  'é',
  'ß',
  'İ',
  '中',
  '\u0001',
  '\u0007',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u001B',
  '\u001F',
  '\u007F',
];

const nastyString = (minLength = 0, maxLength = 40) =>
  fc.string({ unit: fc.constantFrom(...NASTY_UNITS), minLength, maxLength });

/**
 * Just past a field's limit, or 1,000+ characters where it has none: even with every query
 * parameter of an operation this long, the request line stays under Node's 16 KiB header
 * limit (over it Node answers 431 itself, outside the API).
 */
const hugeString = (over: number) => fc.integer({ min: over + 1, max: over + 200 }).map((n) => 'x'.repeat(n));

export class SchemaArbitraries {
  constructor(
    private readonly doc: unknown,
    private readonly pools: Pools,
  ) {}

  resolve(schema: Schema): Schema {
    let s = schema;
    for (let hop = 0; hop < 8 && s && typeof s.$ref === 'string'; hop++) s = resolvePointer(this.doc, s.$ref);
    return s ?? {};
  }

  /**
   * A value of the schema's shape; strings may still be refused by the service (unknown IDs).
   * `field` is the property or parameter name, used to pick likely strings.
   */
  plausible(raw: Schema, field?: string, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(raw);
    if (s.anyOf && !s.properties)
      return fc.oneof(...s.anyOf.map((alt: Schema) => this.plausible(alt, field, depth + 1)));
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    const type = Array.isArray(s.type) ? s.type : s.type === undefined ? (s.properties ? ['object'] : []) : [s.type];
    if (type.length > 1) return fc.oneof(...type.map((t: string) => this.plausible({ ...s, type: t }, field, depth)));
    switch (type[0]) {
      case 'string':
        return this.string(s, field);
      case 'integer':
      case 'number':
        return this.number(s, type[0] === 'integer');
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.plausible(s.items ?? {}, field, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, 4),
        });
      case 'object':
        return depth > 4 ? fc.constant({}) : this.object(s, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  /** A value that breaks the schema in one way or another. */
  hostile(raw: Schema, field?: string): fc.Arbitrary<unknown> {
    const s = this.resolve(raw);
    const type = Array.isArray(s.type) ? s.type[0] : (s.type ?? (s.properties ? 'object' : undefined));
    const wrongType = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      nastyString(),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(nastyString(1, 5), fc.integer(), { maxKeys: 2 }),
    );
    const specific: fc.Arbitrary<unknown>[] = [];
    if (type === 'string') {
      specific.push(
        fc.constantFrom(
          '',
          ' ',
          '\t\n',
          '\u200B',
          'null',
          'undefined',
          '0',
          '-1',
          'NaN',
          '\u0000',
          'a\u0000b',
          '\u0085',
          '9007199254740993',
          '99999999999999999999',
        ),
        nastyString(1, 60),
        hugeString(s.maxLength ?? 1000),
      );
      if (s.enum)
        specific.push(
          fc.constantFrom(...s.enum.map((e: string) => e.toUpperCase()), ...s.enum.map((e: string) => ` ${e}`)),
        );
    }
    if (type === 'integer' || type === 'number') {
      const lo = typeof s.minimum === 'number' ? s.minimum : 0;
      const hi = typeof s.maximum === 'number' && s.maximum < 1e9 ? s.maximum : 1e6;
      specific.push(
        fc.constantFrom(lo - 1, hi + 1, -1, 0, 1.5, -0.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2),
        fc.constantFrom(
          '12',
          'abc',
          '',
          'NaN',
          'Infinity',
          '1e999',
          '0x10',
          '9007199254740993',
          '99999999999999999999',
          '-9007199254740993',
        ),
      );
    }
    if (type === 'array') {
      const over = (s.maxItems ?? 50) + 1;
      specific.push(
        fc.array(this.plausible(s.items ?? {}, field), { minLength: over, maxLength: over + 3 }),
        fc.array(wrongType, { minLength: 1, maxLength: 3 }),
        fc.constant([]),
      );
    }
    if (type === 'object') specific.push(this.brokenObject(s));
    return specific.length > 0 ? fc.oneof(fc.oneof(...specific), wrongType) : wrongType;
  }

  /** Mostly plausible, sometimes hostile. */
  field(schema: Schema, field?: string): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: this.plausible(schema, field) },
      { weight: 1, arbitrary: this.hostile(schema, field) },
    );
  }

  private string(s: Schema, field: string | undefined): fc.Arbitrary<string> {
    const max = s.maxLength ?? 200;
    const min = s.minLength ?? 0;
    const likely = field !== undefined ? this.pools.byField[field] : undefined;
    const choices: fc.WeightedArbitrary<string>[] =
      s.format === 'uri'
        ? [
            { weight: 4, arbitrary: fc.constantFrom(...this.pools.urls) },
            { weight: 2, arbitrary: fc.webUrl() },
            { weight: 1, arbitrary: nastyString(1, 30) },
          ]
        : [
            { weight: 4, arbitrary: fc.constantFrom(...this.pools.ids) },
            { weight: 2, arbitrary: nastyString(Math.min(min, max), Math.min(max, 40)) },
            { weight: 1, arbitrary: fc.constant('y'.repeat(max)) },
          ];
    if (likely && likely.length > 0) choices.push({ weight: 10, arbitrary: fc.constantFrom(...likely) });
    return fc.oneof(...choices);
  }

  private number(s: Schema, integer: boolean): fc.Arbitrary<number> {
    const min = typeof s.minimum === 'number' ? s.minimum : -1000;
    const max = typeof s.maximum === 'number' ? Math.min(s.maximum, min + 10_000) : min + 10_000;
    const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    return fc.oneof(inRange, fc.constantFrom(min, max));
  }

  /** Required keys present (and one alternative of an anyOf of `required` lists), optional ones at random. */
  private object(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    // Each property is generated knowing its name, which picks likely strings.
    const props: Record<string, Schema> = s.properties ?? {};
    const required = new Set<string>(s.required ?? []);
    const alternatives: string[][] = (s.anyOf ?? [])
      .map((a: Schema) => (Array.isArray(a.required) ? a.required : []))
      .filter((r: string[]) => r.length > 0);
    const pick = alternatives.length > 0 ? fc.constantFrom(...alternatives) : fc.constant([] as string[]);
    const record = fc.record(
      Object.fromEntries(Object.entries(props).map(([k, v]) => [k, this.plausible(v, k, depth + 1)])),
      { requiredKeys: [] },
    );
    return fc.tuple(record, pick).chain(([values, extraRequired]) => {
      const need = [...required, ...extraRequired].filter((k) => !(k in values) && props[k] !== undefined);
      if (need.length === 0) return fc.constant(values);
      return fc
        .record(Object.fromEntries(need.map((k) => [k, this.plausible(props[k], k, depth + 1)])))
        .map((more) => ({ ...values, ...more }));
    });
  }

  /** An object with one thing wrong: a required key gone, a field of the wrong kind, or unknown keys. */
  private brokenObject(s: Schema): fc.Arbitrary<unknown> {
    const props: Record<string, Schema> = s.properties ?? {};
    const keys = Object.keys(props);
    const base = this.object(s, 0);
    const options: fc.Arbitrary<unknown>[] = [
      base.map((o) => ({ ...o, [`unknown_${Object.keys(o).length}`]: 'x' })),
      // An own "__proto__" key (spread copies it as data): prototype poisoning must be refused, not applied.
      base.map((o) => ({
        ...o,
        ...(JSON.parse(
          '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
        ) as object),
      })),
      fc.constantFrom([], 'text', 42, null, true),
    ];
    if ((s.required ?? []).length > 0)
      options.push(fc.tuple(base, fc.constantFrom(...(s.required as string[]))).map(([o, k]) => omit(o, k)));
    if (keys.length > 0)
      options.push(
        fc
          .tuple(base, fc.constantFrom(...keys))
          .chain(([o, k]) => this.hostile(props[k], k).map((v) => ({ ...o, [k]: v }))),
      );
    return fc.oneof(...options);
  }
}

function omit(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _gone, ...rest } = o;
  return rest;
}
