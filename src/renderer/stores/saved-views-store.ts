import { create } from 'zustand';
import type { Filters, WorkspaceView } from './filter-model.js';
import {
  readSavedViews,
  removeView,
  renameView,
  upsertView,
  viewNameProblem,
  writeSavedViews,
  type SavedView,
} from './saved-views.js';

/** The current project's saved views, persisted on every change. */
interface SavedViewsState {
  projectId: string | null;
  views: SavedView[];
  /** Why the last change could not be stored, in words. */
  problem: string | null;

  load(projectId: string): void;
  /** Returns the saved view, or a sentence saying why it could not be saved. */
  save(
    name: string,
    view: WorkspaceView,
    filters: Filters,
  ): { saved: SavedView; replaced: boolean } | { problem: string };
  rename(id: string, name: string): string | null;
  remove(id: string): void;
  dismissProblem(): void;
}

const NOT_STORED =
  'The view is kept for now, but it could not be stored on this computer (storage is full or disabled), so it will be gone after a restart.';

function newViewId(): string {
  return `view-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export const useSavedViews = create<SavedViewsState>()((set, get) => {
  const persist = (views: SavedView[]) => {
    const { projectId } = get();
    const stored = projectId !== null && writeSavedViews(projectId, views);
    set({ views, problem: stored ? null : NOT_STORED });
  };
  return {
    projectId: null,
    views: [],
    problem: null,

    load(projectId) {
      if (get().projectId === projectId) return;
      set({ projectId, views: readSavedViews(projectId), problem: null });
    },

    save(name, view, filters) {
      const { views } = get();
      // Saving under an existing name updates that view, so its name is no clash here.
      const existing = views.find((v) => v.name.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase());
      const problem = viewNameProblem(name, views, existing?.id);
      if (problem) return { problem };
      const result = upsertView(views, { name, view, filters }, Date.now(), newViewId);
      persist(result.views);
      return { saved: result.saved, replaced: result.replaced };
    },

    rename(id, name) {
      const problem = viewNameProblem(name, get().views, id);
      if (problem) return problem;
      persist(renameView(get().views, id, name));
      return null;
    },

    remove(id) {
      persist(removeView(get().views, id));
    },

    dismissProblem: () => set({ problem: null }),
  };
});
