import type { ItemRow } from '#shared/reader/index.js';
import {
  FILTER_KEYS,
  filterRows,
  filtersBesides,
  type FilterKey,
  type Filters,
  type MatchContext,
} from '../../stores/filter-model.js';

interface DropSuggestion {
  key: FilterKey;
  /** Threads shown once this one filter is dropped. */
  shown: number;
}

/**
 * For an empty result: each active filter with the number of threads that dropping it alone
 * would show, most first, so the person sees which filter to drop.
 */
export function dropSuggestions(all: readonly ItemRow[], filters: Filters, ctx: MatchContext): DropSuggestion[] {
  const out: DropSuggestion[] = [];
  for (const key of FILTER_KEYS) {
    if (filters[key] === undefined) continue;
    out.push({ key, shown: filterRows(all as ItemRow[], filtersBesides(filters, key), ctx).length });
  }
  return out.sort((a, b) => b.shown - a.shown);
}
