import { create } from 'zustand';

/**
 * The undo that is asking first: one that would record decisions anew as the person (resolve,
 * defer or assign again; undo-records). The dialog (features/undo/UndoConfirmDialog) shows
 * what each kind of thread would record and runs the kinds the person keeps ticked.
 */
interface UndoConfirmState {
  asking: { projectId: string; entryId: number } | null;
  ask(projectId: string, entryId: number): void;
  close(): void;
}

export const useUndoConfirm = create<UndoConfirmState>()((set) => ({
  asking: null,
  ask: (projectId, entryId) => set({ asking: { projectId, entryId } }),
  close: () => set({ asking: null }),
}));
