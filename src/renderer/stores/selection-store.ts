import { create } from 'zustand';

/**
 * The multi-selection shared by board and table; bulk actions and merge read it. Kept
 * per project: switching project clears it so nothing is acted on by accident.
 */
interface SelectionState {
  projectId: string | null;
  selected: ReadonlySet<string>;
  setSelection(projectId: string, ids: Iterable<string>): void;
  toggle(projectId: string, id: string): void;
  clear(): void;
  /** Drops IDs that are no longer listed (merged, filtered out by a refetch). */
  retain(ids: ReadonlySet<string>): void;
}

export const useSelection = create<SelectionState>()((set, get) => ({
  projectId: null,
  selected: new Set(),
  setSelection: (projectId, ids) => set({ projectId, selected: new Set(ids) }),
  toggle: (projectId, id) => {
    const base = get().projectId === projectId ? get().selected : new Set<string>();
    const next = new Set(base);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    set({ projectId, selected: next });
  },
  clear: () => set({ selected: new Set() }),
  retain: (ids) => {
    const cur = get().selected;
    const next = new Set([...cur].filter((id) => ids.has(id)));
    if (next.size !== cur.size) set({ selected: next });
  },
}));
