import type { ItemRow } from '../../shared/reader/index.js';
import { ASSIGNEE_ME, ASSIGNEE_NONE, filterTests, isUnassigned, TYPE_NONE, type Filters, type MatchContext } from './filter-model.js';

/** The filters a menu offers values for (text search has no menu). */
export const FACET_KEYS = ['status', 'type', 'page', 'assignee', 'task'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** The option value a row falls under in each menu (as the filter values spell them). */
const VALUE_OF: Record<FacetKey, (row: ItemRow) => string> = {
  status: (row) => row.status,
  type: (row) => row.type ?? TYPE_NONE,
  page: (row) => row.page,
  assignee: (row) => (isUnassigned(row) ? ASSIGNEE_NONE : (row.assigneeId as string)),
  task: (row) => row.agentTask ?? 'none',
};

/** The filters with one menu's left out: all its counts depend on (arrowing through that menu changes none of them). */
export function filtersBesides(filters: Filters, key: FacetKey): Filters {
  const { [key]: _left, ...others } = filters;
  return others;
}

/**
 * One menu's faceted counts: per option value, the threads that match every other active
 * filter plus that value, i.e. what the list would show if it were picked.
 */
export function menuCounts(rows: readonly ItemRow[], filters: Filters, key: FacetKey, ctx: MatchContext): ReadonlyMap<string, number> {
  const tally = new Map<string, number>();
  const tests = filterTests(filtersBesides(filters, key), ctx).map((t) => t.test);
  const valueOf = VALUE_OF[key];
  rows: for (const row of rows) {
    for (const test of tests) if (!test(row)) continue rows;
    const value = valueOf(row);
    tally.set(value, (tally.get(value) ?? 0) + 1);
  }
  // "Me" is one of the members: the same count under another name.
  if (key === 'assignee' && ctx.meId) tally.set(ASSIGNEE_ME, tally.get(ctx.meId) ?? 0);
  return tally;
}

/** Per menu, the values the rows hold (whatever the filters): what the menus offer beyond the summary's. */
export function valuesPresent(rows: readonly ItemRow[]): Record<FacetKey, ReadonlySet<string>> {
  const present = Object.fromEntries(FACET_KEYS.map((k) => [k, new Set<string>()])) as Record<FacetKey, Set<string>>;
  for (const row of rows) for (const key of FACET_KEYS) present[key].add(VALUE_OF[key](row));
  return present;
}
