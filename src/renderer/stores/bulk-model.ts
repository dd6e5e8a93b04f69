import type { Status } from '#shared/api/common.js';
import type { ItemRow, StatusValue } from '#shared/reader/index.js';
import { isStatus } from '../format/labels.js';
import { REFUSAL_REASONS } from '#shared/api/refusal-reasons.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';

/**
 * Bulk status and assignment, without React or stores: what to send per thread, how to
 * send it (one request per thread, a few at a time), and what the receipt says. Every
 * thread ends in exactly one bucket (done, unchanged, refused, not sent), so nothing is
 * half-applied silently.
 */

export interface Person {
  id: string;
  name: string;
}

export type BulkStep = { kind: 'status'; to: Status } | { kind: 'assign'; to: Person | null };

/** What a thread looked like before the action: undo puts these values back. */
export interface ThreadBefore {
  /** May be a status this version doesn't know; undo can't send those back (the contract names three). */
  status: StatusValue;
  assignee: Person | null;
}

export interface BulkTask {
  itemId: string;
  /** Sent in order; a refused step stops the thread's later steps. */
  steps: BulkStep[];
  before: ThreadBefore;
}

export type BulkPlan =
  | { kind: 'status'; to: Status; tasks: BulkTask[] }
  | { kind: 'assign'; to: Person | null; tasks: BulkTask[] }
  | { kind: 'reopen-assign'; to: Person | null; tasks: BulkTask[] }
  | {
      kind: 'undo';
      undoing: BulkPlan;
      tasks: BulkTask[];
      /** The history entry's words for the change being undone ("Set 7 threads to Deferred"), for its receipt. */
      label?: string;
      /** Threads of the change the person chose to leave as it left them (undo-records `splitByChoice`). */
      leftByChoice?: BulkTask[];
    };

/** What a plan needs to know of a thread: a list row, or a thread looked up by ID (the assign dialog). */
export type PlanRow = Pick<ItemRow, 'id' | 'status' | 'assignee' | 'assigneeId'>;

export function beforeOf(row: Pick<ItemRow, 'status' | 'assignee' | 'assigneeId'>): ThreadBefore {
  return { status: row.status, assignee: row.assigneeId ? { id: row.assigneeId, name: row.assignee ?? '' } : null };
}

/** One thread's move to a status, from where it was. */
export function statusTask(itemId: string, before: ThreadBefore, to: Status): BulkTask {
  return { itemId, steps: [{ kind: 'status', to }], before };
}

export function planStatus(rows: readonly PlanRow[], to: Status): BulkPlan {
  return { kind: 'status', to, tasks: rows.map((r) => statusTask(r.id, beforeOf(r), to)) };
}

export function planAssign(rows: readonly PlanRow[], to: Person | null): BulkPlan {
  return {
    kind: 'assign',
    to,
    tasks: rows.map((r) => ({ itemId: r.id, steps: [{ kind: 'assign', to }], before: beforeOf(r) })),
  };
}

/** A resolved thread cannot be assigned: reopen it first, then assign. */
export function planReopenAssign(rows: readonly PlanRow[], to: Person | null): BulkPlan {
  return {
    kind: 'reopen-assign',
    to,
    tasks: rows.map((r) => ({
      itemId: r.id,
      steps: [
        { kind: 'status', to: 'open' },
        { kind: 'assign', to },
      ],
      before: beforeOf(r),
    })),
  };
}

/** A thread as the service holds it now: what undo checks before putting anything back. */
export interface ThreadNow {
  status: StatusValue;
  assignee: Person | null;
  /** Set when it was merged into another thread since. */
  duplicateOf: string | null;
}

/** Why a thread was left alone: it no longer holds what the plan expected (its task's `before`). */
export type Conflict =
  | { kind: 'merged'; into: string }
  | { kind: 'status'; expected: StatusValue; now: StatusValue }
  | { kind: 'assignee'; expected: Person | null; now: Person | null };

/**
 * Whether the thread still holds what the task expects, in the fields its steps would write
 * (undo puts back a status only over the status it set, and likewise the assignee).
 */
export function conflictOf(task: BulkTask, now: ThreadNow): Conflict | null {
  if (now.duplicateOf) return { kind: 'merged', into: now.duplicateOf };
  const writes = new Set(task.steps.map((s) => s.kind));
  if (writes.has('status') && now.status !== task.before.status)
    return { kind: 'status', expected: task.before.status, now: now.status };
  if (writes.has('assign') && (now.assignee?.id || null) !== (task.before.assignee?.id || null))
    return { kind: 'assignee', expected: task.before.assignee, now: now.assignee };
  return null;
}

export interface ThreadOutcome {
  itemId: string;
  /** Read first (undo) and found changed since: nothing was written. */
  conflict?: Conflict | null;
  /** Steps the service carried out and that changed something. */
  changed: BulkStep[];
  /** The step the service refused; later steps of this thread were not sent. */
  refused: { step: BulkStep; error: BridgeError } | null;
  /** False when the run was stopped before this thread's first request. */
  sent: boolean;
}

/**
 * Undo writes back, in reverse order, each field a thread's applied steps changed: as new
 * changes by the person, now (the API keeps no way to put back who changed it or when; see
 * undo-records). A thread reopened and assigned is unassigned (while still open) and then
 * resolved again. Each undo
 * task's `before` is what the action left: the state the service must still hold for the
 * undo to go ahead (see `conflictOf`).
 */
export function planUndo(plan: BulkPlan, { outcomes }: BulkRunResult): BulkPlan | null {
  const byId = new Map(plan.tasks.map((t) => [t.itemId, t]));
  const tasks: BulkTask[] = [];
  for (const outcome of outcomes) {
    const task = byId.get(outcome.itemId);
    const undo = task ? undoTask(task.itemId, task.before, outcome.changed) : null;
    if (undo) tasks.push(undo);
  }
  return tasks.length > 0 ? { kind: 'undo', undoing: plan, tasks } : null;
}

/**
 * The task that puts one thread back after `changed` went through: null when nothing changed,
 * or a status would have to go back to one this version doesn't know (the API takes three).
 */
export function undoTask(itemId: string, before: ThreadBefore, changed: readonly BulkStep[]): BulkTask | null {
  if (changed.length === 0) return null;
  const backTo = before.status;
  if (!isStatus(backTo) && changed.some((step) => step.kind === 'status')) return null;
  const steps = [...changed]
    .reverse()
    .map((step): BulkStep =>
      step.kind === 'status' ? { kind: 'status', to: backTo as Status } : { kind: 'assign', to: before.assignee },
    );
  return { itemId, steps, before: afterOf(before, changed) };
}

function afterOf(before: ThreadBefore, changed: readonly BulkStep[]): ThreadBefore {
  let after = before;
  for (const step of changed)
    after = step.kind === 'status' ? { ...after, status: step.to } : { ...after, assignee: step.to };
  return after;
}

export interface RefusedThread {
  itemId: string;
  step: BulkStep;
  error: BridgeError;
  /** An earlier step of this thread did change it (e.g. reopened, then the assignment was refused). */
  partial: boolean;
}

export interface Receipt {
  plan: BulkPlan;
  done: string[];
  unchanged: string[];
  refused: RefusedThread[];
  notSent: string[];
  /** Undo only: threads changed since (by someone else), left as they are. */
  changedSince: Array<{ itemId: string; conflict: Conflict }>;
  /** Why sending stopped by itself (a connection problem), when it did; null when it ran out or you stopped it. */
  halted: BridgeError | null;
  /** Assignments refused only because the thread is resolved: offer "Reopen and assign these N". */
  reopenable: string[];
}

/**
 * An assignment refused because the thread is resolved. Our service says so with a code; a
 * service without it refuses with a plain 4xx, and a thread that was resolved before the run
 * is then taken as refused for that reason (the only rule the contract gives for assigning).
 */
function refusedAsResolved(error: BridgeError, statusBefore: string | undefined): boolean {
  if (error.reason === 'resolved_item') return true;
  const plainRefusal =
    (error.kind === 'validation' || error.status === 409) &&
    (error.reason === undefined || !KNOWN_REASONS.has(error.reason));
  return plainRefusal && statusBefore === 'resolved';
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(REFUSAL_REASONS);

export function buildReceipt(plan: BulkPlan, { outcomes, halted }: BulkRunResult): Receipt {
  const receipt: Receipt = {
    plan,
    done: [],
    unchanged: [],
    refused: [],
    notSent: [],
    changedSince: [],
    halted,
    reopenable: [],
  };
  for (const o of outcomes) {
    if (!o.sent) receipt.notSent.push(o.itemId);
    else if (o.conflict) receipt.changedSince.push({ itemId: o.itemId, conflict: o.conflict });
    else if (o.refused) {
      receipt.refused.push({
        itemId: o.itemId,
        step: o.refused.step,
        error: o.refused.error,
        partial: o.changed.length > 0,
      });
      const before = plan.tasks.find((t) => t.itemId === o.itemId)?.before.status;
      if (plan.kind === 'assign' && refusedAsResolved(o.refused.error, before)) receipt.reopenable.push(o.itemId);
    } else if (o.changed.length > 0) receipt.done.push(o.itemId);
    else receipt.unchanged.push(o.itemId);
  }
  return receipt;
}

/** What one accepted request changed on the row, as the service reported it. */
export interface StepApplied {
  changed: boolean;
  patch: Partial<ItemRow>;
}

export type SendStep = (itemId: string, step: BulkStep) => Promise<BridgeResult<StepApplied>>;

/** One request's answer, as it arrives (the assign dialog lists "Reopened ✓, Assigned ✓" step by step). */
export type StepReport = { itemId: string; step: BulkStep } & (
  { ok: true; applied: StepApplied } | { ok: false; error: BridgeError }
);

export interface RunOptions {
  /** Requests in flight at once; the main-process client paces them under the rate limit. */
  concurrency?: number;
  /** After each thread finishes (its row patch already applied by the caller's `onApplied`). */
  onProgress?: (finished: number, total: number) => void;
  /** Each accepted change, as it arrives, so the view follows the service thread by thread. */
  onApplied?: (itemId: string, patch: Partial<ItemRow>) => void;
  /** Checked before each thread: true stops sending (the rest end up "not sent"). */
  shouldStop?: () => boolean;
  /** Every request's answer, accepted or refused, in the order they arrive. */
  onStep?: (report: StepReport) => void;
  /**
   * Reads each thread before writing (undo): a thread that no longer holds its task's
   * `before` is left alone (its outcome's `conflict`), so nobody's later change is overwritten.
   */
  readFirst?: ReadThread;
}

export type ReadThread = (itemId: string) => Promise<BridgeResult<ThreadNow>>;

/**
 * Failures about the connection rather than the thread: every later request would fail the
 * same way (or, when a write's outcome is uncertain, make things worse), so sending stops.
 */
export function haltsTheRun(error: BridgeError): boolean {
  return (
    error.uncertain === true ||
    ['auth', 'billing', 'no_connection', 'network', 'rate_limited', 'keychain'].includes(error.kind)
  );
}

export interface BulkRunResult {
  outcomes: ThreadOutcome[];
  /** The failure that stopped sending early, if one did. */
  halted: BridgeError | null;
}

/** Reads the thread and compares; a failed read refuses the thread (nothing written blind). */
async function checkStill(
  task: BulkTask,
  read: ReadThread,
): Promise<{ ok: true; conflict: Conflict | null } | { ok: false; error: BridgeError }> {
  const res = await read(task.itemId);
  return res.ok ? { ok: true, conflict: conflictOf(task, res.data) } : res;
}

export async function runBulk(plan: BulkPlan, send: SendStep, options: RunOptions = {}): Promise<BulkRunResult> {
  const { concurrency = 4, onProgress, onApplied, shouldStop, onStep, readFirst } = options;
  const outcomes = plan.tasks.map((t): ThreadOutcome => ({
    itemId: t.itemId,
    changed: [],
    refused: null,
    sent: false,
  }));
  let halted: BridgeError | null = null;
  let next = 0;
  let finished = 0;

  const refuse = (outcome: ThreadOutcome, step: BulkStep, error: BridgeError) => {
    outcome.refused = { step, error };
    if (haltsTheRun(error)) halted ??= error;
  };

  const sendSteps = async (task: BulkTask, outcome: ThreadOutcome) => {
    for (const step of task.steps) {
      const res = await send(task.itemId, step);
      onStep?.(
        res.ok
          ? { itemId: task.itemId, step, ok: true, applied: res.data }
          : { itemId: task.itemId, step, ok: false, error: res.error },
      );
      if (!res.ok) return refuse(outcome, step, res.error);
      if (res.data.changed) outcome.changed.push(step);
      onApplied?.(task.itemId, res.data.patch);
    }
  };

  const runTask = async (index: number) => {
    const task = plan.tasks[index]!;
    const outcome = outcomes[index]!;
    outcome.sent = true;
    const check = readFirst ? await checkStill(task, readFirst) : null;
    if (check && !check.ok) refuse(outcome, task.steps[0]!, check.error);
    else if (check?.conflict) outcome.conflict = check.conflict;
    else await sendSteps(task, outcome);
    finished += 1;
    onProgress?.(finished, plan.tasks.length);
  };

  const worker = async () => {
    while (next < plan.tasks.length && !halted && !shouldStop?.()) await runTask(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, plan.tasks.length)) }, worker));
  return { outcomes, halted };
}
