import { LIMITS } from '#shared/api/limits.js';
import type { ItemRow, ItemsResponse, ItemsSummary, ReadOutput, ReadProblem } from '#shared/reader/index.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import { isStatus } from '../format/labels.js';
import {
  placeKey,
  planSlices,
  sliceCounts,
  splitTruncated,
  type FacetCount,
  type SliceFilter,
} from './slice-planner.js';

/**
 * The items endpoint returns at most 200 rows and does not page. To hold every thread the
 * service scans (up to scanLimit), a truncated listing is split into narrower queries
 * planned from the first answer's summary (slice-planner.ts) and the rows are unioned.
 */

export type { SliceFilter } from './slice-planner.js';

/** Filters sent with every request of one load (text search narrows the whole load). */
interface BaseFilter {
  q?: string;
}

export interface ItemsQueryInput extends SliceFilter, BaseFilter {
  projectId: string;
  limit: number;
}

export type ListItems = (query: ItemsQueryInput) => Promise<BridgeResult<ReadOutput<'listItems'>>>;

/** A slice that is still cut at 200 rows even with every filter applied. */
export interface UnlistedSlice {
  filter: SliceFilter;
  matched: number;
  returned: number;
}

export interface LoadProgress {
  /** Requests finished. */
  done: number;
  /** Requests known so far (grows as truncated slices split). */
  planned: number;
  /** Distinct threads collected so far. */
  rows: number;
}

export interface ProjectItems {
  /** null when the service didn't name the project in its answer. */
  project: ItemsResponse['project'];
  /** Every distinct thread collected, newest first. */
  rows: ItemRow[];
  /** Whole-project counts (before filters), from the first response. */
  summary: ItemsSummary;
  capped: boolean;
  scanLimit: number;
  unlisted: UnlistedSlice[];
  /** Rows the service sent that could not be read (left out, counted once each). */
  unreadable: ReadProblem[];
  requests: number;
  /** The filters whose answers came back whole: asking one again refreshes every thread it holds. */
  complete: SliceFilter[];
}

/**
 * data is null only when the very first request failed. When a later slice fails, the
 * rows gathered so far are kept (data) and the failure is reported (error) too.
 */
interface LoadOutcome {
  data: ProjectItems | null;
  error: BridgeError | null;
}

/** What is known after each answer of a load, for views that show rows as they arrive. */
interface PartialItems {
  project: ItemsResponse['project'];
  /** Every distinct thread collected so far, newest first. */
  rows: ItemRow[];
  summary: ItemsSummary;
  capped: boolean;
  scanLimit: number;
}

interface LoadOptions {
  onProgress?: (p: LoadProgress) => void;
  /** Called after each answer that brought rows (the first one included) with all rows so far. */
  onRows?: (partial: PartialItems) => void;
  /**
   * Awaited after the first answer's rows were handed to onRows, before the other slices are
   * planned and asked: a view can paint those rows first (planning and sending take a few ms).
   */
  afterFirstRows?: () => Promise<void>;
  /** Stop issuing requests (the caller moved on to another project). */
  signal?: AbortSignal;
  /** Requests in flight at once; the bridge paces them under the rate limit. */
  concurrency?: number;
  base?: BaseFilter;
}

/** Newest first; ties broken by id so the order is stable across loads. */
export function compareNewestFirst(a: ItemRow, b: ItemRow): number {
  return (b.createdAt ?? 0) - (a.createdAt ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Whole-project counts from the rows themselves, for a service that sent no summary. */
export function summarizeRows(rows: readonly ItemRow[]): ItemsSummary {
  const summary: ItemsSummary = {
    total: rows.length,
    open: 0,
    deferred: 0,
    resolved: 0,
    unassigned: 0,
    byType: {},
    byPage: {},
  };
  for (const row of rows) {
    if (isStatus(row.status)) summary[row.status] += 1;
    if (!row.assigneeId) summary.unassigned += 1;
    if (row.type !== null) summary.byType[row.type] = (summary.byType[row.type] ?? 0) + 1;
    summary.byPage[row.page] = (summary.byPage[row.page] ?? 0) + 1;
  }
  return summary;
}

/** One problem per unreadable row, however many slices it came back in. */
export function problemKey(p: ReadProblem): string {
  return p.id !== undefined ? `${p.part}\u0000${p.id}` : `${p.part}\u0000${p.reason}\u0000${p.index ?? ''}`;
}

export async function loadProjectItems(
  listItems: ListItems,
  projectId: string,
  options: LoadOptions = {},
): Promise<LoadOutcome> {
  const { onProgress, onRows, afterFirstRows, signal, concurrency = 3, base = {} } = options;
  const limit = LIMITS.itemsLimitMax;
  const collected = new Map<string, ItemRow>();
  const unreadable = new Map<string, ReadProblem>();
  const noteProblems = (problems: readonly ReadProblem[]) => {
    for (const p of problems) unreadable.set(problemKey(p), p);
  };
  const progress: LoadProgress = { done: 0, planned: 1, rows: 0 };
  const report = () => onProgress?.({ ...progress, rows: collected.size });
  // Threads in hand per (type, status, page): the planner asks how many of a slice are in
  // hand hundreds of times, which this answers without walking every row.
  const inHand = new Map<string, FacetCount>();
  // The per-slice counts are worked out again only after rows came in since the last time.
  let counted: { of: number; count: (f: SliceFilter) => number } | null = null;
  let tallied = 0;
  const tally = (row: ItemRow, by: number) => {
    tallied += 1;
    const key = placeKey(row);
    const entry = inHand.get(key) ?? { type: row.type, status: row.status, page: row.page, n: 0 };
    entry.n += by;
    inHand.set(key, entry);
  };
  const addRows = (rows: ItemRow[]) => {
    // Later responses are fresher: they overwrite earlier copies of the same thread.
    for (const row of rows) {
      const earlier = collected.get(row.id);
      if (earlier) tally(earlier, -1);
      tally(row, 1);
      collected.set(row.id, row);
    }
  };

  report();
  const first = await listItems({ projectId, limit, ...base });
  progress.done = 1;
  if (!first.ok) {
    report();
    return { data: null, error: first.error };
  }
  addRows(first.data.items);
  noteProblems(first.data.unreadable);
  report();

  const { summary } = first.data;
  const head = {
    project: first.data.project,
    summary: first.data.hasSummary ? summary : summarizeRows(first.data.items),
    scanLimit: first.data.scanLimit,
  };
  let capped = first.data.capped;
  const showRows = () => onRows?.({ ...head, capped, rows: [...collected.values()].sort(compareNewestFirst) });
  if (first.data.truncated && onRows) {
    showRows();
    await afterFirstRows?.();
  }
  const unlisted: UnlistedSlice[] = [];
  const whole: SliceFilter[] = first.data.truncated ? [] : [{}];
  let failure: BridgeError | null = null;
  const exact = base.q === undefined;
  const seen = (f: SliceFilter) => {
    if (counted?.of !== tallied) counted = { of: tallied, count: sliceCounts(inHand.values()) };
    return counted.count(f);
  };
  const plan = { exact, seen };
  const queue: SliceFilter[] = first.data.truncated ? planSlices(summary, plan) : [];
  if (first.data.truncated && queue.length === 0) {
    unlisted.push({ filter: {}, matched: first.data.matched, returned: first.data.returned });
  }
  progress.planned += queue.length;
  report();

  // `matched` counts every thread the load can list: once that many are in hand, the
  // remaining slices could only repeat them (a narrow search is split over every page).
  const complete = () => collected.size >= first.data.matched;
  const worker = async () => {
    for (let filter = queue.shift(); filter; filter = queue.shift()) {
      if (signal?.aborted || failure) return;
      if (complete()) {
        progress.planned -= 1;
        continue;
      }
      const res = await listItems({ projectId, limit, ...base, ...filter });
      progress.done += 1;
      if (!res.ok) {
        failure ??= res.error;
        report();
        return;
      }
      addRows(res.data.items);
      noteProblems(res.data.unreadable);
      capped ||= res.data.capped;
      if (res.data.items.length > 0 && !complete()) showRows();
      if (!res.data.truncated) whole.push(filter);
      else {
        const narrower = splitTruncated(filter, summary, res.data.matched, plan);
        if (narrower.length === 0) unlisted.push({ filter, matched: res.data.matched, returned: res.data.returned });
        queue.push(...narrower);
        progress.planned += narrower.length;
      }
      report();
    }
  };
  // Workers that find the queue empty exit; a split that refills it is drained by the
  // workers still running, so keep starting rounds until nothing is left.
  const drain = async () => {
    while (queue.length > 0 && !failure && !signal?.aborted) {
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    }
  };
  await drain();
  // Threads no slice names (no type yet, or a status this version doesn't know) are still
  // missing: ask the pages that lack threads, once.
  if (exact && first.data.truncated && unlisted.length === 0 && !failure && !signal?.aborted && !complete()) {
    const gaps = Object.entries(summary.byPage)
      .filter(([page, n]) => n > 0 && seen({ page }) < n)
      .map(([page]) => ({ page }));
    queue.push(...gaps);
    progress.planned += gaps.length;
    report();
    await drain();
  }

  const rows = [...collected.values()].sort(compareNewestFirst);
  return {
    data: {
      project: first.data.project,
      rows,
      summary: first.data.hasSummary ? summary : summarizeRows(rows),
      capped,
      scanLimit: first.data.scanLimit,
      unlisted,
      unreadable: [...unreadable.values()],
      requests: progress.done,
      complete: whole,
    },
    error: failure,
  };
}
