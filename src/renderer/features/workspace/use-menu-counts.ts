import { useDeferredValue, useMemo } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { menuCounts, type FacetKey } from '../../stores/facet-model.js';
import { filtersBesides, type Filters } from '../../stores/filter-model.js';
import { useSession } from '../../stores/session-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';

type MenuCounts = Partial<Record<FacetKey, ReadonlyMap<string, number>>>;

/**
 * Faceted counts for the menus someone is at (focused or under the pointer), not all five on
 * every filter change: counting and relabelling every option of every menu was most of a
 * filter key's work. A menu's counts depend only on the other filters, so arrowing through
 * it counts nothing again. Deferred: the list paints first, the counts follow.
 */
export function useMenuCounts(all: ItemRow[], filters: Filters, menus: readonly FacetKey[]): MenuCounts {
  const meId = useSession((s) => s.active?.you?.id ?? null);
  const q = filters.q ?? null;
  const textMatches = useTextSearch((s) => (q !== null && s.q === q ? s.matches : null));
  // What the counts depend on, as one string: the same menus under the same other filters give the same string.
  const asked = JSON.stringify(menus.map((key) => [key, filtersBesides(filters, key)]));
  const input = useDeferredValue(useMemo(() => ({ all, asked, meId, textMatches }), [all, asked, meId, textMatches]));
  return useMemo(() => {
    const out: MenuCounts = {};
    const ctx = { meId: input.meId, textMatches: input.textMatches };
    for (const [key, others] of JSON.parse(input.asked) as Array<[FacetKey, Filters]>)
      out[key] = menuCounts(input.all, others, key, ctx);
    return out;
  }, [input]);
}
