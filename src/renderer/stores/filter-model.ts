import type { AgentTask, Status } from '#shared/api/common.js';
import type { ItemRow } from '#shared/reader/index.js';
import { BOARD_STATUSES } from '../format/labels.js';

/**
 * What the project workspace shows: which rows (filters) and how (board or table). Pure,
 * so the URL, saved views and the views themselves share one definition, and everything
 * read from outside (URL, localStorage) goes through `normalizeFilters` first.
 */

/** Board and table list the threads; hot elements and evidence show where on the pages they are pinned. */
export const WORKSPACE_VIEWS = ['board', 'table', 'elements', 'evidence'] as const;
export type WorkspaceView = (typeof WORKSPACE_VIEWS)[number];

export const isWorkspaceView = (value: unknown): value is WorkspaceView =>
  (WORKSPACE_VIEWS as readonly unknown[]).includes(value);

/** Each view's name on buttons, in titles and saved views. */
export const VIEW_LABEL: Record<WorkspaceView, string> = {
  board: 'Board',
  table: 'Table',
  elements: 'Hot elements',
  evidence: 'Evidence',
};

/** The agent-task filter: a task, or `none` for threads without one (the service's `task` parameter). */
export const TASK_FILTERS = ['investigate', 'plan', 'fix', 'build', 'none'] as const;
export type TaskFilter = AgentTask | 'none';

/** Assignee filter values besides a member's id, as the service's `assignee` parameter takes them. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_NONE = 'none';
/** The type filter's value for threads with no type yet (the live service types threads after creation). */
export const TYPE_NONE = '(unclassified)';

export interface Filters {
  status?: Status;
  type?: string;
  page?: string;
  /** A member id, `me` or `none` (unassigned). */
  assignee?: string;
  task?: TaskFilter;
  /** Text searched in first messages and replies, by the service. */
  q?: string;
}

/** Also the order keys appear in the URL, so equal filters always serialize equally. */
export const FILTER_KEYS = ['status', 'type', 'page', 'assignee', 'task', 'q'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The service refuses longer `q` values. */
export const QUERY_MAX_CHARS = 500;
/** Guards against absurd values pasted into the URL or left in storage. */
const VALUE_MAX_CHARS = 2000;

export const NO_FILTERS: Filters = Object.freeze({});

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** Keeps only well-formed values; anything else (wrong type, unknown status, empty) is dropped. */
export function normalizeFilters(raw: unknown): Filters {
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const out: Filters = {};
  if (typeof r.status === 'string' && (BOARD_STATUSES as readonly string[]).includes(r.status))
    out.status = r.status as Status;
  const type = text(r.type, VALUE_MAX_CHARS);
  if (type) out.type = type;
  const page = text(r.page, VALUE_MAX_CHARS);
  if (page) out.page = page;
  const assignee = text(r.assignee, VALUE_MAX_CHARS);
  if (assignee) out.assignee = assignee;
  if (typeof r.task === 'string' && (TASK_FILTERS as readonly string[]).includes(r.task))
    out.task = r.task as TaskFilter;
  // A query longer than the service accepts is cut rather than dropped: the person still sees their words.
  const q = typeof r.q === 'string' ? r.q.trim().slice(0, QUERY_MAX_CHARS).trim() : '';
  if (q) out.q = q;
  return out;
}

export function filtersToParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The first value of each key wins; unknown keys and malformed values are ignored. */
export function filtersFromParams(params: URLSearchParams): Filters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return normalizeFilters(raw);
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return FILTER_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

export function activeFilterCount(filters: Filters): number {
  return FILTER_KEYS.reduce((n, key) => (filters[key] ? n + 1 : n), 0);
}

/** `value` undefined or empty removes the filter. */
export function withFilter<K extends FilterKey>(filters: Filters, key: K, value: Filters[K] | undefined): Filters {
  return normalizeFilters({ ...filters, [key]: value });
}

export interface MatchContext {
  /** The signed-in person's id, for `assignee=me`. */
  meId: string | null;
  /**
   * Thread ids the service matched for `filters.q` (it also searches replies). Null while
   * that answer is not in: the first line of each row stands in meanwhile.
   */
  textMatches: ReadonlySet<string> | null;
}

/** Lower-cased excerpts, computed once per row object (rows are replaced, never mutated). */
const lowerExcerpts = new WeakMap<ItemRow, string>();
function lowerExcerpt(row: ItemRow): string {
  let lower = lowerExcerpts.get(row);
  if (lower === undefined) {
    lower = row.excerpt.toLocaleLowerCase();
    lowerExcerpts.set(row, lower);
  }
  return lower;
}

export const isUnassigned = (row: Pick<ItemRow, 'assigneeId'>): boolean => !row.assigneeId;

type RowTest = (row: ItemRow) => boolean;

/** The filters with one of them left out: what dropping it would show, or what its own menu counts under. */
export function filtersBesides(filters: Filters, key: FilterKey): Filters {
  const { [key]: _left, ...others } = filters;
  return others;
}

/**
 * One test per active filter, built once per filter change so the per-row work is a few
 * comparisons.
 */
function filterTests(filters: Filters, ctx: MatchContext): RowTest[] {
  const { status, type, page, assignee, task, q } = filters;
  const tests: RowTest[] = [];
  if (status) tests.push((row) => row.status === status);
  if (type) tests.push(type === TYPE_NONE ? (row) => row.type === null : (row) => row.type === type);
  if (page) tests.push((row) => row.page === page);
  if (assignee) {
    const assigneeId = assignee === ASSIGNEE_ME ? (ctx.meId ?? '\u0000no-one') : assignee;
    tests.push(assigneeId === ASSIGNEE_NONE ? isUnassigned : (row) => row.assigneeId === assigneeId);
  }
  if (task) tests.push(task === 'none' ? (row) => row.agentTask === null : (row) => row.agentTask === task);
  if (q) {
    const matches = ctx.textMatches;
    const needle = q.toLocaleLowerCase();
    tests.push(matches ? (row) => matches.has(row.id) : (row) => lowerExcerpt(row).includes(needle));
  }
  return tests;
}

/** Whether a row passes every active filter (the list's filter and the menus' counts share it). */
export function rowMatcher(filters: Filters, ctx: MatchContext): (row: ItemRow) => boolean {
  const tests = filterTests(filters, ctx);
  if (tests.length === 1) return tests[0]!;
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
}

/** The same array back when nothing filters, so memoized views see no change. */
export function filterRows(rows: ItemRow[], filters: Filters, ctx: MatchContext): ItemRow[] {
  if (activeFilterCount(filters) === 0) return rows;
  return rows.filter(rowMatcher(filters, ctx));
}
