import { conflictText, refusalText } from '../format/bulk-text.js';
import type { ItemRow } from '#shared/reader/index.js';
import { beforeOf, conflictOf, haltsTheRun, type BulkPlan, type Receipt } from './bulk-model.js';

/**
 * The session's undo history, without React or stores: each reversible change (status,
 * assignment; never a merge, which the API cannot undo) is an entry holding the plan that
 * changes it back. Each task's `before` is what the change left, which the service must still
 * hold when undo runs (bulk-model `conflictOf`); what it cannot change back is kept with why.
 */

/** Entries kept per connection and project; the oldest goes first. */
export const HISTORY_LIMIT = 50;

export interface LeftAlone {
  itemId: string;
  /** A sentence: why undo will not change this thread back. */
  why: string;
  /** The person chose to leave it (undo would have recorded a decision anew as them). */
  chosen?: boolean;
}

export interface UndoEntry {
  id: number;
  projectId: string;
  /** What the change did: "Set 3 threads to Deferred". */
  label: string;
  at: number;
  /** What is still to change back: an `undo` plan over the threads not yet settled. */
  plan: BulkPlan;
  /** Threads the change changed. */
  total: number;
  /** Threads changed back so far (or found already as before). */
  undone: string[];
  /** Threads undo leaves as they are: changed since, merged, refused. */
  leftAlone: LeftAlone[];
  running: boolean;
  /** When the last undo of it finished. */
  undoneAt: number | null;
}

type EntryState =
  | { kind: 'ready' }
  | { kind: 'running' }
  | { kind: 'undone' }
  | { kind: 'partly'; undone: number; left: number }
  | { kind: 'impossible' };

export function entryState(entry: UndoEntry): EntryState {
  if (entry.running) return { kind: 'running' };
  const left = entry.plan.tasks.length;
  if (left === 0 && entry.leftAlone.length === 0) return { kind: 'undone' };
  if (entry.undone.length > 0) return { kind: 'partly', undone: entry.undone.length, left };
  return left > 0 ? { kind: 'ready' } : { kind: 'impossible' };
}

/** Something is left to change back, and no undo of it is running. */
export const isPending = (entry: UndoEntry): boolean => !entry.running && entry.plan.tasks.length > 0;

/** Adds the newest entry (list is newest first), replacing `replaces` when that one was never undone. */
export function addEntry(list: readonly UndoEntry[], entry: UndoEntry, replaces?: number): UndoEntry[] {
  const keep = list.filter((e) => !(e.id === replaces && entryState(e).kind === 'ready'));
  return [entry, ...keep].slice(0, HISTORY_LIMIT);
}

/**
 * Threads of `target` that a newer entry of the same list changed and has not changed back: undoing
 * `target` first would find them changed, so they wait until the newer one is undone.
 */
export function heldBack(list: readonly UndoEntry[], target: UndoEntry): { ids: Set<string>; by: UndoEntry | null } {
  const ids = new Set<string>();
  let by: UndoEntry | null = null;
  for (const newer of list) {
    if (newer.id === target.id) break;
    const touched = new Set(newer.plan.tasks.map((t) => t.itemId));
    for (const t of target.plan.tasks) {
      if (!touched.has(t.itemId)) continue;
      ids.add(t.itemId);
      by ??= newer;
    }
  }
  return { ids, by };
}

/**
 * Folds one undo run's receipt into the entry. Changed back (or already as before): undone.
 * Changed since, merged or refused for a reason of its own, or left out by the person's choice
 * (`chosenToLeave`): left alone, with why. Not sent,
 * or stopped by a connection problem before anything changed: still to do, so undo can try again.
 */
export function settle(
  entry: UndoEntry,
  receipt: Receipt,
  now: number,
  chosenToLeave: readonly LeftAlone[] = [],
): UndoEntry {
  const settled = new Set<string>();
  const undone = [...receipt.done, ...receipt.unchanged];
  undone.forEach((id) => settled.add(id));
  const leftAlone: LeftAlone[] = [
    ...chosenToLeave,
    ...receipt.changedSince.map((c) => ({ itemId: c.itemId, why: conflictText(c.conflict) })),
  ];
  for (const r of receipt.refused) {
    if (haltsTheRun(r.error) && !r.partial) continue;
    leftAlone.push({ itemId: r.itemId, why: refusalText(r.error, r.step, r.partial) });
  }
  leftAlone.forEach((l) => settled.add(l.itemId));
  return {
    ...entry,
    running: false,
    undoneAt: now,
    undone: [...entry.undone, ...undone],
    leftAlone: [...entry.leftAlone, ...leftAlone],
    plan: { ...entry.plan, tasks: entry.plan.tasks.filter((t) => !settled.has(t.itemId)) },
  };
}

type LoadedRow = Pick<ItemRow, 'id' | 'status' | 'assignee' | 'assigneeId'>;
type LoadedRows = ReadonlyMap<string, LoadedRow>;

/**
 * The loaded list by thread ID. Built once per list and shared by every entry of the history
 * that looks its threads up (thousands of rows, up to HISTORY_LIMIT entries).
 */
export function rowsById<R extends LoadedRow>(rows: readonly R[]): ReadonlyMap<string, R> {
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Threads still to change back that the loaded list already shows changed since (or gone): a
 * hint before undoing, from the last read. The undo itself reads each thread again first.
 */
export function changedSinceLoaded(entry: UndoEntry, loaded: LoadedRows): number {
  return entry.plan.tasks.filter((t) => {
    const row = loaded.get(t.itemId);
    if (!row) return true;
    return conflictOf(t, { ...beforeOf(row), duplicateOf: null }) !== null;
  }).length;
}
