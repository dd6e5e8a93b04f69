import { create } from 'zustand';
import {
  normalizeFilters,
  sameFilters,
  withFilter,
  type FilterKey,
  type Filters,
  type WorkspaceView,
} from './filter-model.js';

/**
 * Which project the workspace shows, as board or table, through which filters. The URL
 * hash mirrors this store (app/use-url-sync.ts); saved views restore it.
 */
interface WorkspaceState {
  projectId: string | null;
  view: WorkspaceView;
  filters: Filters;
  /**
   * How the last change should enter the browser history: a discrete choice is a step
   * back/forward can return to; typing in the search box only updates the current entry.
   */
  historyMode: 'push' | 'replace';

  /** Opens a project; without a view or filters (not from a URL or saved view) it starts unfiltered. */
  enter(projectId: string, restore?: { view?: WorkspaceView; filters?: Filters }): void;
  setView(view: WorkspaceView): void;
  setFilter<K extends FilterKey>(key: K, value: Filters[K] | undefined, options?: { typing?: boolean }): void;
  setFilters(filters: Filters): void;
  /** View and filters at once (a saved view): one history step, not two. */
  show(view: WorkspaceView, filters: Filters): void;
  clearFilters(): void;
}

export const useWorkspace = create<WorkspaceState>()((set, get) => ({
  projectId: null,
  // The last view chosen carries over to the next project: people tend to work one way.
  view: 'board',
  filters: {},
  historyMode: 'push',

  enter(projectId, restore = {}) {
    const filters = normalizeFilters(restore.filters ?? {});
    const view = restore.view ?? get().view;
    const s = get();
    if (s.projectId === projectId && s.view === view && sameFilters(s.filters, filters)) return;
    set({ projectId, view, filters, historyMode: 'replace' });
  },

  setView(view) {
    if (get().view !== view) set({ view, historyMode: 'push' });
  },

  setFilter(key, value, options = {}) {
    const filters = withFilter(get().filters, key, value);
    // Starting a search is a step back can undo; refining it while typing is not another one.
    const refining = options.typing === true && Boolean(get().filters[key]);
    if (!sameFilters(filters, get().filters)) set({ filters, historyMode: refining ? 'replace' : 'push' });
  },

  setFilters(next) {
    const filters = normalizeFilters(next);
    if (!sameFilters(filters, get().filters)) set({ filters, historyMode: 'push' });
  },

  show(view, next) {
    const filters = normalizeFilters(next);
    if (get().view !== view || !sameFilters(filters, get().filters)) set({ view, filters, historyMode: 'push' });
  },

  clearFilters() {
    if (Object.keys(get().filters).length > 0) set({ filters: {}, historyMode: 'push' });
  },
}));
