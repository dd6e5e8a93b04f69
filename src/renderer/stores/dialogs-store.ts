import { create } from 'zustand';

/**
 * Which action dialog is open. Keyboard shortcuts, the command palette and buttons open
 * dialogs here; one host component renders them, so any screen can start any action.
 */
type Dialog =
  | { kind: 'assign'; projectId: string; itemIds: string[] }
  | { kind: 'merge'; projectId: string; itemIds: string[] }
  | { kind: 'create'; projectId: string }
  | { kind: 'find-duplicates'; projectId: string; itemId: string }
  | { kind: 'shortcuts' }
  | { kind: 'undo-history'; projectId: string }
  | { kind: 'palette' };

interface DialogsState {
  dialog: Dialog | null;
  open(dialog: Dialog): void;
  close(): void;
}

export const useDialogs = create<DialogsState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
