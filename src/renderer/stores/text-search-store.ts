import { create } from 'zustand';
import { getBridge } from '../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from './failure.js';
import { loadProjectItems, type UnlistedSlice } from '../server-state/load-project-items.js';
import { onReconnected } from './network-store.js';

/**
 * Text search goes to the service (its `q` also searches replies, which the loaded rows do
 * not carry), through the same split loader as the project itself so more than 200
 * matches are still all found. Only the matching ids are kept: the rows on screen stay the
 * project's, and the other filters apply to them instantly.
 */
interface TextSearchState {
  projectId: string | null;
  /** The query `matches` answers; the views ignore matches for any other query. */
  q: string | null;
  matches: ReadonlySet<string> | null;
  loading: boolean;
  problem: Failure | null;
  /** Parts of the search the service could not list in full (cut at 200 rows). */
  unlisted: UnlistedSlice[];

  /** Searches unless this exact answer is already in; `force` asks again (after a refetch). */
  search(projectId: string, q: string, options?: { force?: boolean }): Promise<void>;
  clear(): void;
}

let controller: AbortController | null = null;

export const useTextSearch = create<TextSearchState>()((set, get) => ({
  projectId: null,
  q: null,
  matches: null,
  loading: false,
  problem: null,
  unlisted: [],

  async search(projectId, q, options = {}) {
    const s = get();
    const same = s.projectId === projectId && s.q === q;
    if (same && !options.force && (s.loading || s.matches)) return;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    // A refresh of the same query keeps its answer on screen until the new one arrives.
    set({ projectId, q, loading: true, problem: null, ...(same ? {} : { matches: null, unlisted: [] }) });

    const outcome = await loadProjectItems((query) => getBridge().api.listItems(query), projectId, {
      signal: mine.signal,
      base: { q },
    });
    if (mine.signal.aborted) return;
    controller = null;
    const problem = outcome.error ? failure(`Could not search the replies for “${q}”`, outcome.error) : null;
    if (!outcome.data) {
      set({ loading: false, problem });
      return;
    }
    set({
      loading: false,
      problem,
      matches: new Set(outcome.data.rows.map((r) => r.id)),
      unlisted: outcome.data.unlisted,
    });
  },

  clear() {
    controller?.abort();
    controller = null;
    set({ projectId: null, q: null, matches: null, loading: false, problem: null, unlisted: [] });
  },
}));

// A search of the replies that failed for want of the service runs again once it answers.
onReconnected(() => {
  const { projectId, q, problem, search } = useTextSearch.getState();
  if (projectId && q && problem && goneWithTheConnection(problem)) void search(projectId, q, { force: true });
});
