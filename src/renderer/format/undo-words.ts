import type { BulkTask, Receipt } from '../stores/bulk-model.js';
import { entryState, type UndoEntry } from '../stores/undo-history.js';
import { undoGroups, undoKindOf, type UndoGroup } from '../stores/undo-records.js';
import { statusLabel } from './labels.js';
import { itIs, plural, threadCount } from './counts.js';

/**
 * Words for undo. Undo sends new changes as the person, now: it changes threads back, and
 * where that means resolving, deferring or assigning again it says so, with who the reports
 * will name and when. Nothing here calls an undo a restore.
 */

/** A sentence continued after a colon. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const names = (people: ReadonlyArray<{ name: string }>) => people.map((p) => p.name || 'someone').join(', ');
const statuses = (values: readonly string[]) => values.map(statusLabel).join(' or ');

/** Where a plain change-back takes threads: "Open", "unassigned", "Open and unassigned". */
function backToText(group: UndoGroup): string {
  const parts = group.backTo.length > 0 ? [statuses(group.backTo)] : [];
  if (group.tasks.some((t) => t.steps.some((s) => s.kind === 'assign' && s.to === null))) parts.push('unassigned');
  return parts.join(' and ') || 'as before';
}

interface GroupWords {
  /** What undo does to the group: "Change 4 threads back to Open", "Resolve 3 threads again". */
  what: string;
  /** What the service will record for it. */
  records: string;
  /** What happens to the group when the person leaves it out. */
  leave: string;
}

/** The undo dialog's words for one kind of thread. */
export function groupWords(group: UndoGroup): GroupWords {
  const n = group.tasks.length;
  const them = n === 1 ? 'it' : 'them';
  const leave = `Left out, ${n === 1 ? 'it stays' : 'they stay'} ${statuses(group.leftAs)}${group.kind === 'assign-again' ? ' with the assignee the change gave' : ''}, as the change left ${them}.`;
  switch (group.kind) {
    case 'back':
      return {
        what: `Change ${threadCount(n)} back to ${backToText(group)}`,
        records: 'Nothing is decided anew: the thread’s history shows the change back, made by you.',
        leave,
      };
    case 'resolve-again':
      return {
        what: `Resolve ${threadCount(n)} again`,
        records: `As you, today: Review, the decision log and What’s new will name you as who resolved ${them}, and today as when, not whoever resolved ${them} before. The service cannot put back the earlier resolver or date.`,
        leave,
      };
    case 'defer-again':
      return {
        what: `Defer ${threadCount(n)} again`,
        records: `As you, today: the decision log and What’s new will name you as who deferred ${them}, and today as when, not whoever deferred ${them} before. The service cannot put back the earlier decider or date.`,
        leave,
      };
    case 'assign-again':
      return {
        what: `Assign ${threadCount(n)} to ${names(group.people)} again`,
        records: `As you, today: ${names(group.people)} ${group.people.length === 1 ? 'is' : 'are'} notified of the assignment again, and the thread’s history names you as who assigned ${them}.`,
        leave,
      };
  }
}

/** After the undo: "4 threads changed back to Open", "3 threads resolved again as you, today (…)". */
function doneText(group: UndoGroup): string {
  const n = group.tasks.length;
  switch (group.kind) {
    case 'back':
      return `${threadCount(n)} changed back to ${backToText(group)}`;
    case 'resolve-again':
      return `${threadCount(n)} resolved again as you, today (Review, the decision log and What’s new now name you)`;
    case 'defer-again':
      return `${threadCount(n)} deferred again as you, today (the decision log and What’s new now name you)`;
    case 'assign-again':
      return `${threadCount(n)} assigned again to ${names(group.people)} as you (${group.people.length === 1 ? 'who was' : 'who were'} notified again)`;
  }
}

/** Before an undo that records anew: one line for the toast and the history ("Undo will resolve 3 threads again as you, today"). */
export function recordsAnewHint(tasks: readonly BulkTask[]): string | null {
  const parts = undoGroups(tasks).flatMap((g) => {
    const n = g.tasks.length;
    if (g.kind === 'resolve-again') return [`resolve ${threadCount(n)} again as you, today`];
    if (g.kind === 'defer-again') return [`defer ${threadCount(n)} again as you, today`];
    if (g.kind === 'assign-again') return [`assign ${threadCount(n)} to ${names(g.people)} again`];
    return [];
  });
  return parts.length > 0 ? `Undo would ${parts.join(', and ')}; it asks first.` : null;
}

/** Why a thread the person chose to leave out stays as it is. */
export function leftByChoiceWhy(task: BulkTask): string {
  const kind = undoKindOf(task);
  const rather =
    kind === 'resolve-again'
      ? 'resolve it again as you'
      : kind === 'defer-again'
        ? 'defer it again as you'
        : 'assign it again as you';
  return `You chose to leave it ${statusLabel(task.before.status)} rather than ${rather}.`;
}

/** "Left 3 threads Deferred, as you chose". */
function leftText(tasks: readonly BulkTask[]): string {
  const as = [...new Set(tasks.map((t) => statusLabel(t.before.status)))].join(' or ');
  return `${threadCount(tasks.length)} left ${as}, as you chose`;
}

/** Names one thread by its title when the list shows it: " on “Checkout button overlaps”". */
function onThread(ids: readonly string[], titleOf?: (id: string) => string | undefined): string {
  if (ids.length !== 1) return '';
  const title = titleOf?.(ids[0]!);
  return title ? ` on “${title}”` : '';
}

/**
 * The confirmation after an undo: which change, on which threads, what each kind of thread
 * now records, and what was left. "Undid “Set 7 threads to Deferred”: 4 threads changed back
 * to Open · 3 threads left Deferred, as you chose."
 */
export function undoReceiptText(receipt: Receipt, titleOf?: (id: string) => string | undefined): string {
  const { plan } = receipt;
  if (plan.kind !== 'undo') return '';
  const done = new Set(receipt.done);
  const parts = undoGroups(plan.tasks.filter((t) => done.has(t.itemId))).map(doneText);
  if (receipt.unchanged.length > 0)
    parts.push(`${plural(receipt.unchanged.length, 'thread already was', 'threads already were')} as before`);
  if (receipt.changedSince.length > 0)
    parts.push(
      `${threadCount(receipt.changedSince.length)} left as ${itIs(receipt.changedSince.length)}: changed since by someone else`,
    );
  if (plan.leftByChoice && plan.leftByChoice.length > 0) parts.push(leftText(plan.leftByChoice));
  if (receipt.refused.length > 0) parts.push(`${threadCount(receipt.refused.length)} refused`);
  if (receipt.notSent.length > 0)
    parts.push(
      `${threadCount(receipt.notSent.length)} not sent because ${receipt.halted ? 'sending stopped at a connection problem (see below)' : 'you stopped'}`,
    );
  const ids = [...plan.tasks, ...(plan.leftByChoice ?? [])].map((t) => t.itemId);
  const head = `Undid${plan.label ? ` “${plan.label}”` : ' the change'}${onThread(ids, titleOf)}`;
  return parts.length > 0 ? `${head}: ${parts.join(' · ')}.` : `${head}.`;
}

/** An entry's state in a few words: "Not undone", "Undone", "Partly undone: …", "Can't be undone: …". */
export function entryStateText(entry: UndoEntry): string {
  const state = entryState(entry);
  const alone = entry.leftAlone.length;
  switch (state.kind) {
    case 'running':
      return 'Undoing…';
    case 'undone':
      return 'Undone';
    case 'ready':
      return alone > 0 ? `Not undone yet; ${threadCount(alone)} will be left as ${itIs(alone)}` : 'Not undone yet';
    case 'partly': {
      const rest = [
        alone > 0 ? `${threadCount(alone)} left as ${itIs(alone)}` : '',
        state.left > 0 ? `${threadCount(state.left)} still to change back: undo again` : '',
      ].filter(Boolean);
      return `Partly undone: ${state.undone} of ${threadCount(entry.total)} changed back${rest.length ? `; ${rest.join('; ')}` : ''}`;
    }
    case 'impossible':
      if (entry.leftAlone.every((l) => l.chosen))
        return `Not undone: you chose to leave ${alone === 1 ? 'its thread' : `its ${threadCount(alone)}`} as the change left ${alone === 1 ? 'it' : 'them'}`;
      return alone === 1
        ? `Can’t be undone: ${lowerFirst(entry.leftAlone[0]!.why)}`
        : `Can’t be undone: none of its ${threadCount(alone)} could be changed back (see why below)`;
  }
}
