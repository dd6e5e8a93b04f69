import type { ItemRow } from '#shared/reader/index.js';

/**
 * The seam between features that write (thread actions, merge, create) and the project's
 * item list (board and table): writers announce what changed, the list applies it at once
 * and refetches in the background, so every view stays fresh without knowing the others.
 */
export interface ItemsChange {
  projectId: string;
  /** Rows whose fields changed (only the given fields). */
  patched?: Array<{ id: string; changes: Partial<ItemRow> }>;
  /** Rows that left the list (e.g. merged duplicates). */
  removed?: string[];
  /** New threads, with the page they were pinned to when the service said (the list asks that page). */
  created?: Array<{ id: string; page: string | null }>;
}

type Listener = (change: ItemsChange) => void;
const listeners = new Set<Listener>();

export function onItemsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitItemsChanged(change: ItemsChange): void {
  for (const l of listeners) l(change);
}
