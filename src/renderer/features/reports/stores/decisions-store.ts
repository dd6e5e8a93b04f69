import { create } from 'zustand';
import type { DecisionsResponse } from '../../../../shared/reader/index.js';
import { LIMITS } from '../../../../shared/api/limits.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, type Failure } from '../../../stores/failure.js';

/** Page sizes offered; the service allows up to 30. */
export const DECISION_PAGE_SIZES = [15, 20, 25, LIMITS.decisionsLimitMax] as const;

interface DecisionsState {
  projectId: string | null;
  limit: number;
  /** The offset of the page shown (or being fetched). */
  offset: number;
  page: DecisionsResponse | null;
  loading: boolean;
  problem: Failure | null;
  loadedAt: number | null;
  /** Shows the first page of another project; the same project keeps its page. */
  enter(projectId: string): Promise<void>;
  goTo(offset: number): Promise<void>;
  setLimit(limit: number): Promise<void>;
  /** Fetches the page shown again, e.g. after a rule was saved. */
  reload(): Promise<void>;
}

let ticket = 0;

export const useDecisions = create<DecisionsState>()((set, get) => {
  async function fetchPage(offset: number): Promise<void> {
    const { projectId, limit } = get();
    if (!projectId) return;
    const mine = ++ticket;
    set({ offset, loading: true, problem: null });
    const res = await getBridge().api.decisions({ projectId, limit, offset });
    if (mine !== ticket) return;
    if (res.ok) set({ page: res.data, loading: false, loadedAt: Date.now() });
    else set({ problem: failure('Could not load the decision log', res.error), loading: false });
  }

  return {
    projectId: null,
    limit: LIMITS.decisionsLimitDefault,
    offset: 0,
    page: null,
    loading: false,
    problem: null,
    loadedAt: null,

    async enter(projectId) {
      if (get().projectId === projectId && (get().page || get().loading)) return;
      set({ projectId, page: null, offset: 0, loadedAt: null });
      await fetchPage(0);
    },

    goTo: (offset) => fetchPage(Math.max(0, offset)),

    async setLimit(limit) {
      const clamped = Math.min(LIMITS.decisionsLimitMax, Math.max(1, Math.trunc(limit)));
      // Keeps the first decision on screen in view: the new page starts at a multiple of the new size.
      const offset = Math.floor(get().offset / clamped) * clamped;
      set({ limit: clamped });
      await fetchPage(offset);
    },

    reload: () => fetchPage(get().offset),
  };
});
