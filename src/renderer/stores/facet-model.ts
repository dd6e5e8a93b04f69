import type { ItemRow } from '#shared/reader/index.js';
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  filtersBesides,
  isUnassigned,
  rowMatcher,
  TYPE_NONE,
  type Filters,
  type MatchContext,
} from './filter-model.js';

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

/**
 * One menu's faceted counts: per option value, the threads that match every other active
 * filter plus that value, i.e. what the list would show if it were picked.
 */
export function menuCounts(
  rows: readonly ItemRow[],
  filters: Filters,
  key: FacetKey,
  ctx: MatchContext,
): ReadonlyMap<string, number> {
  const tally = new Map<string, number>();
  // A menu's counts depend only on the other filters (arrowing through it changes none of them).
  const matches = rowMatcher(filtersBesides(filters, key), ctx);
  const valueOf = VALUE_OF[key];
  for (const row of rows) {
    if (!matches(row)) continue;
    const value = valueOf(row);
    tally.set(value, (tally.get(value) ?? 0) + 1);
  }
  // "Me" is one of the members: the same count under another name.
  if (key === 'assignee' && ctx.meId) tally.set(ASSIGNEE_ME, tally.get(ctx.meId) ?? 0);
  return tally;
}

/** For the given menus, the values the rows hold (whatever the filters): what they offer beyond the summary's. */
export function valuesPresent<K extends FacetKey>(
  rows: readonly ItemRow[],
  keys: readonly K[],
): Record<K, ReadonlySet<string>> {
  const present = Object.fromEntries(keys.map((k) => [k, new Set<string>()])) as Record<K, Set<string>>;
  for (const row of rows) for (const key of keys) present[key].add(VALUE_OF[key](row));
  return present;
}
