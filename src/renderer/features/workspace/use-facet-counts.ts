import { useDeferredValue, useMemo } from 'react';
import type { ItemRow } from '../../../shared/reader/index.js';
import { facetCounts, type FacetCounts } from '../../stores/facet-model.js';
import type { Filters } from '../../stores/filter-model.js';
import { useSession } from '../../stores/session-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';

/**
 * The filter menus' faceted counts over the loaded rows. One pass per change of rows,
 * filters or search answer; deferred, so a filter change paints the list first and the
 * menus' counts follow in the next, interruptible render.
 */
export function useFacetCounts(all: ItemRow[], filters: Filters): FacetCounts | null {
  const meId = useSession((s) => s.active?.you?.id ?? null);
  const q = filters.q ?? null;
  const textMatches = useTextSearch((s) => (q !== null && s.q === q ? s.matches : null));
  const input = useDeferredValue(useMemo(() => ({ all, filters, meId, textMatches }), [all, filters, meId, textMatches]));
  return useMemo(
    () => (input.all.length === 0 ? null : facetCounts(input.all, input.filters, { meId: input.meId, textMatches: input.textMatches })),
    [input],
  );
}
