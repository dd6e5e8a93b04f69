import type { ItemRow } from '../../shared/reader/index.js';
import { ASSIGNEE_ME, ASSIGNEE_NONE, filterTests, isUnassigned, TYPE_NONE, type FilterKey, type Filters, type MatchContext } from './filter-model.js';

/** The filters a menu offers values for (text search has no menu). */
export const FACET_KEYS = ['status', 'type', 'page', 'assignee', 'task'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** For each menu, threads per option value. */
export type FacetCounts = Record<FacetKey, ReadonlyMap<string, number>>;

/** The option value a row falls under in each menu (as the filter values spell them). */
const VALUE_OF: Record<FacetKey, (row: ItemRow) => string> = {
  status: (row) => row.status,
  type: (row) => row.type ?? TYPE_NONE,
  page: (row) => row.page,
  assignee: (row) => (isUnassigned(row) ? ASSIGNEE_NONE : (row.assigneeId as string)),
  task: (row) => row.agentTask ?? 'none',
};

const isFacet = (key: FilterKey): key is FacetKey => key !== 'q';

/**
 * Faceted counts: the count of an option is the number of threads that match every other
 * active filter plus that option, i.e. what the list would show if it were picked. One pass
 * over the rows for all menus at once: a row failing no filter counts in every menu under
 * its own value; a row failing exactly one menu's filter counts only in that menu (picking
 * another value there could show it); a row failing two or more, or the text search, counts
 * nowhere.
 */
export function facetCounts(rows: readonly ItemRow[], filters: Filters, ctx: MatchContext): FacetCounts {
  const tallies = Object.fromEntries(FACET_KEYS.map((k) => [k, new Map<string, number>()])) as Record<FacetKey, Map<string, number>>;
  const tests = filterTests(filters, ctx);
  const add = (key: FacetKey, row: ItemRow) => {
    const value = VALUE_OF[key](row);
    const tally = tallies[key];
    tally.set(value, (tally.get(value) ?? 0) + 1);
  };

  for (const row of rows) {
    let failed: FilterKey | null = null;
    let failures = 0;
    for (const { key, test } of tests) {
      if (test(row)) continue;
      failed = key;
      if (++failures > 1) break;
    }
    if (failures === 0) for (const key of FACET_KEYS) add(key, row);
    else if (failures === 1 && failed !== null && isFacet(failed)) add(failed, row);
  }

  // "Me" is one of the members: the same count under another name.
  if (ctx.meId) tallies.assignee.set(ASSIGNEE_ME, tallies.assignee.get(ctx.meId) ?? 0);
  return tallies;
}

/** The count for one option; an option no loaded thread falls under counts 0. */
export function facetCount(counts: FacetCounts, key: FacetKey, value: string): number {
  return counts[key].get(value) ?? 0;
}
