import { create } from 'zustand';

/**
 * "Undo" for reversible actions (status, assign) for a few seconds after each. Merge is
 * never offered: the API cannot undo it.
 */
export interface UndoOffer {
  id: number;
  /** What was done, e.g. "Resolved 3 threads". */
  label: string;
  /** Puts things back; resolves false (with the reason shown by the caller) when it could not. */
  undo(): Promise<boolean>;
  expiresAt: number;
}

export const UNDO_WINDOW_MS = 8000;

interface UndoState {
  offer: UndoOffer | null;
  offerUndo(label: string, undo: () => Promise<boolean>, now?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useUndo = create<UndoState>()((set, get) => ({
  offer: null,
  offerUndo: (label, undo, now = Date.now()) => set({ offer: { id: nextId++, label, undo, expiresAt: now + UNDO_WINDOW_MS } }),
  dismiss: (id) => {
    if (get().offer?.id === id) set({ offer: null });
  },
}));
