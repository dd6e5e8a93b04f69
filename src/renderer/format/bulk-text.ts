import type { BridgeError } from '#shared/bridge/errors.js';
import type { BulkPlan, BulkStep, Conflict, Receipt } from '../stores/bulk-model.js';
import { statusLabel } from './labels.js';
import { itIs, threadCount } from './counts.js';

/** Words for bulk actions: progress lines, receipts, refusals and the undo toast. */

function assignPhrase(to: { name: string } | null, n: number): string {
  return to ? `Assigned ${threadCount(n)} to ${to.name}` : `Unassigned ${threadCount(n)}`;
}

/** "Resolved 12 threads", "Assigned 3 threads to Alex Kim", "Undid the change on 2 threads" (an undo's receipt says more: features/undo). */
export function planDoneText(plan: BulkPlan, n: number): string {
  switch (plan.kind) {
    case 'status':
      return `Set ${threadCount(n)} to ${statusLabel(plan.to)}`;
    case 'assign':
      return assignPhrase(plan.to, n);
    case 'reopen-assign':
      return plan.to
        ? `Reopened and assigned ${threadCount(n)} to ${plan.to.name}`
        : `Reopened and unassigned ${threadCount(n)}`;
    case 'undo':
      // Undo sends new changes as the person, now: it changes threads back, it does not restore who decided.
      return `Undid the change on ${threadCount(n)}`;
  }
}

/** While sending: "Assigning to Alex Kim: 12 of 30". */
export function planProgressText(plan: BulkPlan, finished: number, total: number): string {
  const head =
    plan.kind === 'status'
      ? `Setting ${statusLabel(plan.to)}`
      : plan.kind === 'assign'
        ? plan.to
          ? `Assigning to ${plan.to.name}`
          : 'Unassigning'
        : plan.kind === 'reopen-assign'
          ? plan.to
            ? `Reopening and assigning to ${plan.to.name}`
            : 'Reopening and unassigning'
          : 'Undoing';
  return `${head}: ${finished} of ${total}`;
}

function unchangedText(plan: BulkPlan, n: number): string {
  const were = n === 1 ? 'was' : 'were';
  if (plan.kind === 'status') return `${threadCount(n)} already ${were} ${statusLabel(plan.to)}`;
  if (plan.kind === 'assign' || plan.kind === 'reopen-assign')
    return plan.to
      ? `${threadCount(n)} already ${were} assigned to ${plan.to.name}`
      : `${threadCount(n)} already ${were} unassigned`;
  return `${threadCount(n)} already ${were} as before`;
}

/** The receipt's one-line summary: every bucket that holds something, in words. */
export function receiptSummary(receipt: Receipt): string {
  const parts: string[] = [];
  if (receipt.done.length > 0) parts.push(planDoneText(receipt.plan, receipt.done.length));
  if (receipt.unchanged.length > 0) parts.push(unchangedText(receipt.plan, receipt.unchanged.length));
  if (receipt.changedSince.length > 0)
    parts.push(
      `${threadCount(receipt.changedSince.length)} left as ${itIs(receipt.changedSince.length)}: changed since by someone else`,
    );
  if (receipt.refused.length > 0) parts.push(`${threadCount(receipt.refused.length)} refused`);
  if (receipt.notSent.length > 0)
    parts.push(
      `${threadCount(receipt.notSent.length)} not sent because ${receipt.halted ? 'sending stopped at a connection problem (see below)' : 'you stopped'}`,
    );
  if (parts.length === 0) return 'Nothing to do.';
  return `${parts.join(' · ')}.`;
}

function stepText(step: BulkStep): string {
  if (step.kind === 'status') return `set ${statusLabel(step.to)}`;
  return step.to ? `assign to ${step.to.name}` : 'unassign';
}

/** Why the service refused one thread, and what to do about it. */
export function refusalText(error: BridgeError, step: BulkStep, partial: boolean): string {
  const prefix = partial
    ? `Only partly changed: the earlier step went through, but it could not ${stepText(step)}. `
    : '';
  if (error.reason === 'resolved_item')
    return `${prefix}It is resolved, and a resolved thread must be reopened before it can be assigned.`;
  if (error.reason === 'merged_duplicate')
    return `${prefix}It was merged into another thread as a duplicate; act on that thread instead.`;
  if (error.kind === 'not_found') return `${prefix}It no longer exists, or this token cannot reach it.`;
  if (error.uncertain)
    return `${prefix}The connection failed mid-change, so it may or may not have changed; the list was refreshed to show what the service has.`;
  return `${prefix}${error.message}`;
}

function assigneeWords(person: { name: string } | null): string {
  return person ? `assigned to ${person.name || 'someone'}` : 'unassigned';
}

/**
 * Why undo left a thread alone: what it holds now against what the change had left. Undo
 * never writes over a later change, so the sentence says whose it is and that nothing was sent.
 */
export function conflictText(conflict: Conflict): string {
  switch (conflict.kind) {
    case 'merged':
      return 'It was merged into another thread since, so undo left it as it is.';
    case 'status':
      return `Someone else changed it since: it is now ${statusLabel(conflict.now)}, not ${statusLabel(conflict.expected)} as you left it, so undo left it as it is.`;
    case 'assignee':
      return `Someone else changed it since: it is now ${assigneeWords(conflict.now)}, not ${assigneeWords(conflict.expected)} as you left it, so undo left it as it is.`;
  }
}
