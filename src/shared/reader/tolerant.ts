import { z } from 'zod';
import type { ReadProblem } from './problems.js';

/**
 * Building blocks of the client's reader (docs/api-decisions.md "How the client reads").
 * The server writes the strict contract (src/shared/api); the client reads answers of
 * services that may be leaner or newer than ours. So a reader never fails on a field it
 * can do without: a missing, null or wrongly typed value becomes its default; a list row
 * or a section that can't be read is left out and recorded as a ReadProblem, and only an
 * answer that isn't this API at all (no envelope) fails as a whole.
 */

/**
 * Problems of the parse that is running. Parsing with zod is synchronous and JS runs one
 * parse at a time, so a module-level sink is safe; it saves threading a context through
 * every schema, which zod has no place for.
 */
let sink: ReadProblem[] | null = null;

function record(problem: ReadProblem): void {
  sink?.push(problem);
}

/** Runs one synchronous parse and returns what it recorded. */
export function collectProblems<T>(parse: () => T): { value: T; problems: ReadProblem[] } {
  const outer = sink;
  const problems: ReadProblem[] = [];
  sink = problems;
  try {
    return { value: parse(), problems };
  } finally {
    sink = outer;
  }
}

/** The value at an issue's path, to tell "missing" from "of the wrong kind". */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** The first issue of a failed parse as a short phrase: "id is missing", "status: expected string". */
export function describeIssue(error: z.ZodError, input?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return 'unreadable';
  const where = issue.path.join('.');
  if (!where)
    return typeof input === 'object' && input !== null && !Array.isArray(input) ? issue.message : 'not an object';
  if (at(input, issue.path) === undefined) return `${where} is missing`;
  return `${where}: ${issue.message}`;
}

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : undefined;
}

/** A value that falls back to `fallback` when missing, null or not of the schema's kind. */
export function or<S extends z.ZodType, D>(schema: S, fallback: D) {
  return schema
    .nullish()
    .catch(null)
    .transform((v): NonNullable<z.output<S>> | D => (v ?? fallback) as NonNullable<z.output<S>> | D);
}

/** Identifiers: non-empty text; a number is read as its decimal text. */
export const id = z.union([z.string().min(1), z.number().transform(String)], { error: 'expected an id' });

export const text = (fallback = '') => or(z.string(), fallback);
export const textOrNull = () => or(z.string(), null);
/** Counts and other numbers: any finite number (fractions kept). */
export const count = (fallback = 0) => or(z.number(), fallback);
export const countOrNull = () => or(z.number(), null);
export const flag = (fallback: boolean) => or(z.boolean(), fallback);

/** A list of strings; entries that are not text are dropped. */
export const texts = () =>
  z
    .unknown()
    .optional()
    .transform((v): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []));

/** A map of counts (summary.byType); entries that are not numbers are dropped. */
export const counts = () =>
  z
    .unknown()
    .optional()
    .transform((v): Record<string, number> => {
      const out: Record<string, number> = {};
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
      for (const [k, n] of Object.entries(v)) if (typeof n === 'number' && Number.isFinite(n)) out[k] = n;
      return out;
    });

/** The latest instant a Date can hold (ECMAScript's time range); later ones throw when formatted. */
const LATEST_DATE_MS = 8.64e15;

const knownTime = (ms: number): number | null => (Number.isFinite(ms) && ms > 0 && ms <= LATEST_DATE_MS ? ms : null);

/**
 * Times: milliseconds (fractions allowed) or an ISO date text. Missing, 0, negative, later
 * than a Date can hold or unreadable is null: the live service answers 0 or null for
 * "unknown date", and every view already says so for null.
 */
export const time = () =>
  z
    .unknown()
    .optional()
    .transform((v): number | null => {
      if (typeof v === 'number') return knownTime(v);
      if (typeof v === 'string' && v.trim() !== '') {
        const asNumber = Number(v);
        return knownTime(Number.isFinite(asNumber) ? asNumber : Date.parse(v));
      }
      return null;
    });

/**
 * An enumeration that may gain values: known ones keep their literal type, new ones are
 * kept as the text the service sent (shown as they are).
 */
export type Open<K extends string> = K | (string & {});
export const openEnum = <K extends string, D extends Open<K> | null>(_known: readonly K[], fallback: D) =>
  or(z.string().min(1), fallback) as unknown as z.ZodType<Open<K> | D, unknown>;

/**
 * The schema a list or section reads its values with, kept beside it: transforms hide it
 * from zod's own introspection, and the drift test walks it to compare with the contract.
 */
const INNER = new WeakMap<object, { schema: z.ZodType; list: boolean }>();
export function innerSchemaOf(schema: z.ZodType): { schema: z.ZodType; list: boolean } | undefined {
  return INNER.get(schema);
}
export function remember<T extends z.ZodType>(outer: T, schema: z.ZodType, list: boolean): T {
  INNER.set(outer, { schema, list });
  return outer;
}

function readRows<S extends z.ZodType>(rows: unknown[], row: S, part: string): z.output<S>[] {
  const out: z.output<S>[] = [];
  rows.forEach((entry, index) => {
    const r = row.safeParse(entry);
    if (r.success) out.push(r.data);
    else {
      const problem: ReadProblem = { part, index, reason: describeIssue(r.error, entry) };
      const rowId = idOf(entry);
      if (rowId !== undefined) problem.id = rowId;
      record(problem);
    }
  });
  return out;
}

/** Rows of a list: a row that can't be read is left out and recorded; a missing list is empty. */
export function list<S extends z.ZodType>(row: S, part: string) {
  const schema = z
    .unknown()
    .optional()
    .transform((v): z.output<S>[] => {
      if (v === undefined || v === null) return [];
      if (Array.isArray(v)) return readRows(v, row, part);
      record({ part, reason: 'not a list' });
      return [];
    });
  return remember(schema, row, true);
}

/** The list an answer is made of (items, workspaces): without it the answer isn't this API's. */
export function rowsOf<S extends z.ZodType>(row: S, part: string) {
  return remember(
    z.array(z.unknown()).transform((v): z.output<S>[] => readRows(v, row, part)),
    row,
    true,
  );
}

/**
 * A part of an answer the view can show without: absent or null is null (nothing to
 * show, no problem); present but unreadable is null and recorded, so the view can say so.
 */
export function section<S extends z.ZodType>(schema: S, part: string) {
  return remember(
    z
      .unknown()
      .optional()
      .transform((v): z.output<S> | null => {
        if (v === undefined || v === null) return null;
        const r = schema.safeParse(v);
        if (r.success) return r.data;
        record({ part, reason: describeIssue(r.error, v) });
        return null;
      }),
    schema,
    false,
  );
}
