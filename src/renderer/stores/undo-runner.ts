import { announce } from './announcer-store.js';
import { useProjectItems } from '../server-state/project-items-store.js';
import { useBulk } from './bulk-store.js';
import { explain } from './notice-store.js';
import { useUndoConfirm } from './undo-confirm.js';
import { entryState, heldBack, isPending, settle, type LeftAlone } from './undo-history.js';
import { recordsAnew, splitByChoice, type UndoKind } from './undo-records.js';
import { historyKey, historyOf, useUndo } from './undo-store.js';
import { leftByChoiceWhy, undoReceiptText } from '../format/undo-words.js';
import { truncate } from '../format/labels.js';
import { plural } from '../format/counts.js';

/**
 * Carries out undo history entries (the toast's button, `z`, the palette, the history list).
 * The undo runs as a bulk plan, so its progress and receipt show like any bulk change, and
 * each thread is read first: one someone changed since is left as it is (bulk-model
 * `conflictOf`). An undo writes new changes as the person, now: one that would resolve, defer or
 * assign again asks first (undo-confirm), saying what each kind of thread would record, and
 * runs only the kinds the person keeps. This says in a sentence what happened, for everyone
 * and for screen readers.
 */

interface UndoOptions {
  now?: () => number;
  /**
   * The kinds of thread the person chose to undo (the undo dialog). Without it, an undo that
   * would record decisions anew asks first instead of running.
   */
  chosen?: ReadonlySet<UndoKind>;
}

/** A thread's title as the open list shows it, for the confirmation of a one-thread undo. */
function titleOf(id: string): string | undefined {
  const excerpt = useProjectItems
    .getState()
    .data?.rows.find((r) => r.id === id)
    ?.excerpt.trim();
  return excerpt ? truncate(excerpt, 90) : undefined;
}

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
export async function undoEntry(
  projectId: string,
  entryId: number,
  { now = Date.now, chosen }: UndoOptions = {},
): Promise<boolean> {
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
    explain(
      `Undo “${held.by?.label}” first: it changed the same ${entry.plan.tasks.length === 1 ? 'thread' : 'threads'} after this change.`,
    );
    return false;
  }

  if (!chosen && recordsAnew(tasks)) {
    // It would name the person as decider (or notify an assignee again): say so and let them choose first.
    useUndo.getState().dismissToast(entry.id);
    useUndoConfirm.getState().ask(projectId, entry.id);
    return false;
  }
  const { run, left } = chosen ? splitByChoice(tasks, chosen) : { run: tasks, left: [] };
  const chosenToLeave: LeftAlone[] = left.map((t) => ({ itemId: t.itemId, why: leftByChoiceWhy(t), chosen: true }));

  const store = useUndo.getState();
  store.dismissToast(entry.id);
  if (run.length === 0) {
    store.update(key, entry.id, (e) =>
      settle(
        e,
        {
          plan: e.plan,
          done: [],
          unchanged: [],
          refused: [],
          notSent: [],
          changedSince: [],
          halted: null,
          reopenable: [],
        },
        now(),
        chosenToLeave,
      ),
    );
    announce(`Left “${entry.label}” as it is, as you chose: nothing was sent.`);
    return false;
  }
  store.update(key, entry.id, (e) => ({ ...e, running: true }));
  announce(`Undoing: ${entry.label}…`);
  // An undo plan: the run records nothing of its own; this entry is settled with its receipt below.
  const undoing = entry.plan.kind === 'undo' ? entry.plan.undoing : entry.plan;
  const receipt = await useBulk
    .getState()
    .start(projectId, { kind: 'undo', undoing, tasks: run, label: entry.label, leftByChoice: left });
  if (!receipt) {
    // Another bulk change was running (start said so): nothing was sent, the entry stays as it was.
    useUndo.getState().update(key, entry.id, (e) => ({ ...e, running: false }));
    return false;
  }
  useUndo.getState().update(key, entry.id, (e) => settle(e, receipt, now(), chosenToLeave));

  const after = historyOf(projectId).find((e) => e.id === entry.id);
  const state = after ? entryState(after).kind : 'impossible';
  const words =
    state === 'impossible'
      ? `Could not undo ${entry.label}: ${after?.leftAlone[0]?.why ?? 'the message on screen says why.'}`
      : state === 'partly' && after?.plan.tasks.length
        ? `${undoReceiptText(receipt, titleOf)} Partly undone; the message on screen says what is left and why.`
        : undoReceiptText(receipt, titleOf);
  announce(words);
  if (held.ids.size > 0) {
    explain(
      `${plural(held.ids.size, 'thread was', 'threads were')} left for now: “${held.by?.label}” changed ${held.ids.size === 1 ? 'it' : 'them'} later. Undo that first, then this again.`,
    );
  }
  return (
    (state === 'undone' ||
      (state === 'partly' && left.length > 0 && after?.leftAlone.every((l) => l.chosen) === true)) &&
    held.ids.size === 0
  );
}
