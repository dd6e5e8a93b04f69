import { announce } from './announcer-store.js';
import { useBulk } from './bulk-store.js';
import { explain } from './notice-store.js';
import { entryState, heldBack, isPending, settle } from './undo-history.js';
import { historyKey, historyOf, useUndo } from './undo-store.js';
import { plural } from '../format/counts.js';

/**
 * Carries out undo history entries (the toast's button, `z`, the palette, the history list).
 * The undo runs as a bulk plan, so its progress and receipt show like any bulk change, and
 * each thread is read first: one someone changed since is left as it is (bulk-model
 * `conflictOf`). This says in a sentence what happened, for everyone and for screen readers.
 */

/** `z`: undoes the newest change of the project not yet undone; pressed again, the one before. */
export async function undoLatest(projectId: string | null): Promise<boolean> {
  if (!projectId) {
    explain('Open a project first: undo works on the changes made in it.');
    return false;
  }
  const list = historyOf(projectId);
  const running = list.find((e) => e.running);
  if (running) {
    explain(`Still undoing “${running.label}”: press z again when it is done.`);
    return false;
  }
  const entry = list.find(isPending);
  if (!entry) {
    explain(
      list.length === 0
        ? 'Nothing to undo: no status or assignment was changed in this project since the app opened.'
        : 'Nothing left to undo: every change in the undo history (Shift+Z) is undone or cannot be.',
    );
    return false;
  }
  return undoEntry(projectId, entry.id);
}

/** Undoes one entry of a project's history (what is left of it, when an earlier try did part). */
export async function undoEntry(projectId: string, entryId: number, now: () => number = Date.now): Promise<boolean> {
  const key = historyKey(projectId);
  const list = historyOf(projectId);
  const entry = list.find((e) => e.id === entryId);
  if (!entry || !isPending(entry)) {
    const state = entry ? entryState(entry).kind : null;
    explain(state === 'running' ? 'That change is being undone already.' : 'That change has nothing left to undo.');
    return false;
  }
  const held = heldBack(list, entry);
  const tasks = entry.plan.tasks.filter((t) => !held.ids.has(t.itemId));
  if (tasks.length === 0) {
    explain(`Undo “${held.by?.label}” first: it changed the same ${entry.plan.tasks.length === 1 ? 'thread' : 'threads'} after this change.`);
    return false;
  }

  const store = useUndo.getState();
  store.dismissToast(entry.id);
  store.update(key, entry.id, (e) => ({ ...e, running: true }));
  announce(`Undoing: ${entry.label}…`);
  // An undo plan: the run records nothing of its own; this entry is settled with its receipt below.
  const receipt = await useBulk.getState().start(projectId, { ...entry.plan, tasks });
  if (!receipt) {
    // Another bulk change was running (start said so): nothing was sent, the entry stays as it was.
    useUndo.getState().update(key, entry.id, (e) => ({ ...e, running: false }));
    return false;
  }
  useUndo.getState().update(key, entry.id, (e) => settle(e, receipt, now()));

  const after = historyOf(projectId).find((e) => e.id === entry.id);
  const state = after ? entryState(after).kind : 'impossible';
  const words =
    state === 'undone' ? `Undone: ${entry.label}.`
    : state === 'impossible' ? `Could not undo ${entry.label}: ${after?.leftAlone[0]?.why ?? 'the message on screen says why.'}`
    : `Partly undone (${entry.label}); the message on screen says what is left and why.`;
  announce(words);
  if (held.ids.size > 0) {
    explain(`${plural(held.ids.size, 'thread was', 'threads were')} left for now: “${held.by?.label}” changed ${held.ids.size === 1 ? 'it' : 'them'} later. Undo that first, then this again.`);
  }
  return state === 'undone' && held.ids.size === 0;
}
