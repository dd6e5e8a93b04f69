import type { StatusValue } from '#shared/reader/index.js';
import type { BulkTask, Person } from './bulk-model.js';

/**
 * What an undo will record, without React or stores. The API cannot put back who made a
 * change or when: undo sends new changes as the person, now. Going back to Open or to
 * unassigned records nothing anyone reads as a decision, but resolving or deferring again
 * makes the person the decider in Review, the decision log and What's new (with today's
 * date), and assigning again notifies the assignee again. Undo groups its threads by that, so
 * the person can choose per kind before anything is sent.
 */

export type UndoKind = 'back' | 'resolve-again' | 'defer-again' | 'assign-again';

/** The order groups are listed in: plain change-backs first, then what each records. */
const ORDER: readonly UndoKind[] = ['back', 'resolve-again', 'defer-again', 'assign-again'];

export interface UndoGroup {
  kind: UndoKind;
  tasks: BulkTask[];
  /** What the change left these threads as (what stays when the person leaves them). */
  leftAs: StatusValue[];
  /** What undo writes back: the status (when it writes one) and the assignees (assign-again). */
  backTo: StatusValue[];
  people: Person[];
}

/** What undoing one thread records: the strongest of its steps (resolving again outweighs re-assigning). */
export function undoKindOf(task: BulkTask): UndoKind {
  const statuses = task.steps.flatMap((s) => (s.kind === 'status' ? [s.to] : []));
  if (statuses.includes('resolved')) return 'resolve-again';
  if (statuses.includes('deferred')) return 'defer-again';
  if (task.steps.some((s) => s.kind === 'assign' && s.to !== null)) return 'assign-again';
  return 'back';
}

const pushOnce = <T>(list: T[], value: T, same: (a: T, b: T) => boolean = (a, b) => a === b) => {
  if (!list.some((x) => same(x, value))) list.push(value);
};

/** An undo's threads by what undoing them records, in a fixed order; empty kinds are left out. */
export function undoGroups(tasks: readonly BulkTask[]): UndoGroup[] {
  const groups = new Map<UndoKind, UndoGroup>();
  for (const task of tasks) {
    const kind = undoKindOf(task);
    const group = groups.get(kind) ?? { kind, tasks: [], leftAs: [], backTo: [], people: [] };
    groups.set(kind, group);
    group.tasks.push(task);
    pushOnce(group.leftAs, task.before.status);
    for (const step of task.steps) {
      if (step.kind === 'status') pushOnce(group.backTo, step.to);
      else if (step.to) pushOnce(group.people, step.to, (a, b) => a.id === b.id);
    }
  }
  return ORDER.flatMap((k) => (groups.has(k) ? [groups.get(k)!] : []));
}

/** Whether undoing these threads would record a decision or an assignment anew as the person. */
export const recordsAnew = (tasks: readonly BulkTask[]): boolean => tasks.some((t) => undoKindOf(t) !== 'back');

/** The tasks of the chosen kinds, and the ones the person chose to leave as the change left them. */
export function splitByChoice(
  tasks: readonly BulkTask[],
  chosen: ReadonlySet<UndoKind>,
): { run: BulkTask[]; left: BulkTask[] } {
  const run: BulkTask[] = [];
  const left: BulkTask[] = [];
  for (const t of tasks) (chosen.has(undoKindOf(t)) ? run : left).push(t);
  return { run, left };
}
