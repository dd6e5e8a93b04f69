import { useEffect, useRef } from 'react';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';

/**
 * Keeps the service-side text search in step with the `q` filter, and asks again whenever
 * the project's rows are refetched (a new reply may now match).
 */
export function useTextSearchSync(projectId: string): void {
  const q = useWorkspace((s) => s.filters.q);
  const loadedAt = useProjectItems((s) => s.loadedAt);

  useEffect(() => {
    if (q) void useTextSearch.getState().search(projectId, q);
    else useTextSearch.getState().clear();
  }, [projectId, q]);

  const previousLoad = useRef(loadedAt);
  useEffect(() => {
    const before = previousLoad.current;
    previousLoad.current = loadedAt;
    // The first load is not a refetch: the search above already asked.
    if (q && before !== null && loadedAt !== null && loadedAt !== before)
      void useTextSearch.getState().search(projectId, q, { force: true });
  }, [projectId, q, loadedAt]);

  useEffect(() => () => useTextSearch.getState().clear(), []);
}
