import { create } from 'zustand';
import type { Status } from '#shared/api/common.js';
import { statusTask, undoTask, type BulkPlan, type ThreadBefore } from './bulk-model.js';
import { useSession } from './session-store.js';
import { addEntry, type UndoEntry } from './undo-history.js';

/**
 * The session's undo history for reversible changes (status, assign), per connection and
 * project, in memory: `z` steps back through it, the history dialog lists it (undo-runner
 * carries entries out). Merge is never recorded: the API cannot undo it. The toast shows the
 * newest entry for a few seconds; the entry itself stays as long as the window is open.
 */

/** How long the toast stays after a change; undo stays available afterwards (z, the history). */
const UNDO_TOAST_MS = 8000;

/** Whose history: one per saved connection and project. */
export function historyKey(
  projectId: string,
  connectionId = useSession.getState().active?.connection.id ?? '',
): string {
  return `${connectionId}\u0000${projectId}`;
}

interface NewEntry {
  projectId: string;
  label: string;
  /** An `undo` plan (bulk-model `planUndo`, `undoTask`). */
  plan: BulkPlan;
  /** An entry this one supersedes (the assign dialog's second run puts back both). */
  replaces?: number;
}

interface UndoState {
  /** Newest first, by `historyKey`. */
  histories: Record<string, UndoEntry[]>;
  /** The newest entry's toast while it shows. */
  toast: { key: string; entryId: number; expiresAt: number } | null;
  /** Adds an entry and shows its toast; answers its id. */
  record(entry: NewEntry, now?: number): number;
  update(key: string, id: number, change: (entry: UndoEntry) => UndoEntry): void;
  dismissToast(entryId: number): void;
}

let nextId = 1;

export const useUndo = create<UndoState>()((set, get) => ({
  histories: {},
  toast: null,

  record({ projectId, label, plan, replaces }, now = Date.now()) {
    const key = historyKey(projectId);
    const entry: UndoEntry = {
      id: nextId++,
      projectId,
      label,
      at: now,
      plan,
      total: plan.tasks.length,
      undone: [],
      leftAlone: [],
      running: false,
      undoneAt: null,
    };
    set((s) => ({
      histories: { ...s.histories, [key]: addEntry(s.histories[key] ?? [], entry, replaces) },
      toast: { key, entryId: entry.id, expiresAt: now + UNDO_TOAST_MS },
    }));
    return entry.id;
  },

  update(key, id, change) {
    const list = get().histories[key];
    if (!list?.some((e) => e.id === id)) return;
    set((s) => ({ histories: { ...s.histories, [key]: list.map((e) => (e.id === id ? change(e) : e)) } }));
  },

  dismissToast(entryId) {
    if (get().toast?.entryId === entryId) set({ toast: null });
  },
}));

const NO_ENTRIES: UndoEntry[] = [];

/** The history of a project on the active connection, newest first. */
export function useUndoHistory(projectId: string | null): UndoEntry[] {
  const connectionId = useSession((s) => s.active?.connection.id ?? '');
  return useUndo((s) => (projectId ? (s.histories[historyKey(projectId, connectionId)] ?? NO_ENTRIES) : NO_ENTRIES));
}

export function historyOf(projectId: string): UndoEntry[] {
  return useUndo.getState().histories[historyKey(projectId)] ?? NO_ENTRIES;
}

/** Records one thread's status change made outside a plan (a card moved on the board, the thread panel). */
export function recordStatusUndo(
  projectId: string,
  label: string,
  itemId: string,
  before: ThreadBefore,
  to: Status,
): number | null {
  const change = statusTask(itemId, before, to);
  const task = undoTask(itemId, before, change.steps);
  return task
    ? useUndo.getState().record({
        projectId,
        label,
        plan: { kind: 'undo', undoing: { kind: 'status', to, tasks: [change] }, tasks: [task] },
      })
    : null;
}
