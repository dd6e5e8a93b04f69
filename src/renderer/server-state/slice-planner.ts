import type { Status } from '#shared/api/common.js';
import type { ItemsSummary } from '#shared/reader/index.js';
import { BOARD_STATUSES } from '../format/labels.js';

/**
 * Plans the requests that list every thread of a project. GET /items returns at most 200
 * rows and does not page, but its summary gives the whole project's counts by status, type
 * and page. The plan narrows along the dimension that needs the fewest requests: a value
 * with at most 200 threads is one request; a bigger one is split along the next-best
 * dimension at once (asking it whole would only come back cut). A slice that still comes
 * back cut is split again along a dimension it doesn't fix yet. Slices whose threads are
 * all in hand already are never asked.
 */

export interface SliceFilter {
  page?: string;
  /** Only the contract's statuses can be asked for. */
  status?: Status;
  type?: string;
}

type Dimension = 'type' | 'status' | 'page';

/** Where a thread sits: the values a slice filter can fix. */
export interface Facets {
  type: string | null;
  status: string;
  page: string;
}

/** Whether a thread sitting at `row` is one the slice lists. */
export function sliceHolds(filter: SliceFilter, row: Facets): boolean {
  return (
    (filter.page === undefined || filter.page === row.page) &&
    (filter.status === undefined || filter.status === row.status) &&
    (filter.type === undefined || filter.type === row.type)
  );
}

/** Threads in hand at one place (type, status, page). */
export interface FacetCount extends Facets {
  n: number;
}

/** One key per filter: each fixed value length-prefixed, so no two filters share a key. */
function sliceKey(type: string | undefined, status: string | undefined, page: string | undefined): string {
  const part = (v: string | undefined) => (v === undefined ? '-' : `${v.length}:${v}`);
  return `${part(type)}${part(status)}${part(page)}`;
}

/** The key of the one place a thread sits at, the same as the filter fixing all three values there. */
export const placeKey = ({ type, status, page }: Facets): string => sliceKey(type ?? undefined, status, page);

/**
 * How many threads in hand each slice holds, read in one lookup: a plan asks this hundreds of
 * times, on a first load before the code is warm, where walking every place each time took
 * about 10 ms. Each place counts toward the eight filters that hold it (a thread with no type
 * toward the four that fix none); the counts are the same as `sliceHolds` summed over `places`.
 */
export function sliceCounts(places: Iterable<FacetCount>): (filter: SliceFilter) => number {
  const counts = new Map<string, number>();
  for (const { type, status, page, n } of places) {
    for (const t of type === null ? [undefined] : [undefined, type])
      for (const s of [undefined, status])
        for (const p of [undefined, page]) {
          const key = sliceKey(t, s, p);
          counts.set(key, (counts.get(key) ?? 0) + n);
        }
  }
  return (filter) => counts.get(sliceKey(filter.type, filter.status, filter.page)) ?? 0;
}

/** Preference on ties: type slices are the most even in practice, pages the most numerous. */
const DIMENSIONS: readonly Dimension[] = ['type', 'status', 'page'];

/** The endpoint's largest page of rows. */
const SLICE_ROWS = 200;

interface PlanContext {
  /**
   * True when the summary counts exactly what the load lists (no text search): then a value
   * over 200 is split at once. With a search the counts only bound the matches.
   */
  exact: boolean;
  /** Threads of a slice already in hand. */
  seen(filter: SliceFilter): number;
}

interface DimensionCounts {
  /** Values with their whole-project counts, zero counts left out, in the summary's order. */
  values: Array<[string, number]>;
  byValue: ReadonlyMap<string, number>;
}

/**
 * A plan asks a summary for a value's count thousands of times (every candidate slice of every
 * candidate split): each dimension's counts are read out of a summary once, not on every ask.
 * A summary is never changed once read (a new answer brings a new one).
 */
const countsCache = new WeakMap<ItemsSummary, Record<Dimension, DimensionCounts>>();

function countsOf(dimension: Dimension, summary: ItemsSummary): DimensionCounts {
  let cached = countsCache.get(summary);
  if (!cached) {
    const read = (entries: Array<[string, number]>): DimensionCounts => {
      const values = entries.filter(([, n]) => n > 0);
      return { values, byValue: new Map(values) };
    };
    cached = {
      type: read(Object.entries(summary.byType)),
      status: read(BOARD_STATUSES.map((s) => [s, summary[s]])),
      page: read(Object.entries(summary.byPage)),
    };
    countsCache.set(summary, cached);
  }
  return cached[dimension];
}

/** A value's whole-project count (0 for one the summary does not name). */
const countOf = (dimension: Dimension, value: string, summary: ItemsSummary) =>
  countsOf(dimension, summary).byValue.get(value) ?? 0;

/** What a slice can hold at most: the smallest count among the values it fixes. */
function upperBound(filter: SliceFilter, summary: ItemsSummary, limit = Number.POSITIVE_INFINITY): number {
  let bound = limit;
  for (const d of DIMENSIONS) {
    const v = filter[d];
    if (v === undefined) continue;
    bound = Math.min(bound, countOf(d, v, summary));
  }
  return bound;
}

/**
 * How many threads a slice is expected to hold, taking the dimensions as independent: the
 * summary gives each dimension's counts alone, never their combinations. Used to choose
 * between plans; the bounds above decide what can be skipped.
 */
function expectedCount(filter: SliceFilter, summary: ItemsSummary): number {
  if (summary.total <= 0) return 0;
  let n = summary.total;
  for (const d of DIMENSIONS) {
    const v = filter[d];
    if (v !== undefined) n *= countOf(d, v, summary) / summary.total;
  }
  return n;
}

const with_ = (filter: SliceFilter, d: Dimension, v: string): SliceFilter => ({ ...filter, [d]: v }) as SliceFilter;

/**
 * The sub-slices of `filter` along `dimension` that may still hold threads not in hand, or
 * null when that dimension doesn't narrow it (one value holding all of it).
 */
function along(
  filter: SliceFilter,
  d: Dimension,
  summary: ItemsSummary,
  bound: number,
  ctx: PlanContext,
): SliceFilter[] | null {
  if (filter[d] !== undefined) return null;
  const parts = countsOf(d, summary)
    .values.map(([v]) => with_(filter, d, v))
    .filter((p) => upperBound(p, summary, bound) > 0);
  if (parts.length === 0) return null;
  if (parts.length === 1 && upperBound(parts[0]!, summary, bound) >= bound) return null;
  // A sub-slice whose every possible thread is in hand needs no request.
  return parts.filter((p) => ctx.seen(p) < upperBound(p, summary, bound));
}

/** Requests a slice is expected to cost: one when it is expected to fit, else its best split's cost. */
function estimate(filter: SliceFilter, summary: ItemsSummary, bound: number, ctx: PlanContext): number {
  const n = Math.min(upperBound(filter, summary, bound), expectedCount(filter, summary));
  if (n <= SLICE_ROWS || !ctx.exact) return 1;
  const split = bestSplit(filter, summary, n, ctx);
  return split === null ? 1 : split.cost;
}

/** The dimension splitting `filter` at the lowest expected cost; null when none narrows it. */
function bestSplit(
  filter: SliceFilter,
  summary: ItemsSummary,
  bound: number,
  ctx: PlanContext,
): { parts: SliceFilter[]; cost: number } | null {
  let best: { parts: SliceFilter[]; cost: number } | null = null;
  for (const d of DIMENSIONS) {
    const parts = along(filter, d, summary, bound, ctx);
    if (parts === null) continue;
    const cost = parts.reduce((sum, p) => sum + estimate(p, summary, bound, ctx), 0);
    if (best === null || cost < best.cost) best = { parts, cost };
  }
  return best;
}

/**
 * The slices to ask after the first (unfiltered) answer came back cut: along the best
 * dimension, values over 200 split one level further at once when the counts are exact.
 */
export function planSlices(summary: ItemsSummary, ctx: PlanContext): SliceFilter[] {
  const top = bestSplit({}, summary, summary.total, ctx);
  if (top === null) return [];
  if (!ctx.exact) return top.parts;
  return top.parts.flatMap((part) => {
    const n = upperBound(part, summary);
    // Exact counts: a value over 200 would only come back cut, so its split is asked instead.
    if (Object.keys(part).length === 1 && n > SLICE_ROWS) return bestSplit(part, summary, n, ctx)?.parts ?? [part];
    return [part];
  });
}

/** The narrower slices for one that came back cut with `matched` threads; empty when nothing narrows it. */
export function splitTruncated(
  filter: SliceFilter,
  summary: ItemsSummary,
  matched: number,
  ctx: PlanContext,
): SliceFilter[] {
  return bestSplit(filter, summary, matched, ctx)?.parts ?? [];
}
