import { useMemo } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { filterRows, type Filters } from '../../stores/filter-model.js';
import { useSession } from '../../stores/session-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';

const NO_ROWS: ItemRow[] = [];

interface FilteredRows {
  /** Every loaded thread of the project. */
  all: ItemRow[];
  /** The threads passing the filters, in list order (newest first). */
  rows: ItemRow[];
  filters: Filters;
  /** The text search is still waiting for the service: first lines stand in meanwhile. */
  searchPending: boolean;
}

/** The rows the views show right now, for commands that run outside React (select all). */
export function filteredRowsNow(): ItemRow[] {
  const filters = useWorkspace.getState().filters;
  const search = useTextSearch.getState();
  return filterRows(useProjectItems.getState().data?.rows ?? NO_ROWS, filters, {
    meId: useSession.getState().active?.you?.id ?? null,
    textMatches: filters.q && search.q === filters.q ? search.matches : null,
  });
}

/**
 * The filtered rows both views show. Recomputed only when the rows, the filters or the
 * search answer change; a filter change is one pass of a few comparisons per row.
 */
export function useFilteredRows(): FilteredRows {
  const all = useProjectItems((s) => s.data?.rows ?? NO_ROWS);
  const filters = useWorkspace((s) => s.filters);
  const meId = useSession((s) => s.active?.you?.id ?? null);
  const q = filters.q ?? null;
  const textMatches = useTextSearch((s) => (q !== null && s.q === q ? s.matches : null));
  const rows = useMemo(() => filterRows(all, filters, { meId, textMatches }), [all, filters, meId, textMatches]);
  return { all, rows, filters, searchPending: q !== null && textMatches === null };
}
