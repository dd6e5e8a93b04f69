import type { Status } from '../../shared/api/common.js';
import type { ItemRow, StatusValue } from '../../shared/reader/index.js';
import { isStatus } from '../format/labels.js';
import { REFUSAL_REASONS } from '../../shared/api/refusal-reasons.js';
import type { BridgeError, BridgeResult } from '../../shared/bridge/errors.js';

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
  | { kind: 'undo'; undoing: BulkPlan; tasks: BulkTask[] };

/** What a plan needs to know of a thread: a list row, or a thread looked up by ID (the assign dialog). */
export type PlanRow = Pick<ItemRow, 'id' | 'status' | 'assignee' | 'assigneeId'>;

export function beforeOf(row: Pick<ItemRow, 'status' | 'assignee' | 'assigneeId'>): ThreadBefore {
  return { status: row.status, assignee: row.assigneeId ? { id: row.assigneeId, name: row.assignee ?? '' } : null };
}

export function planStatus(rows: readonly PlanRow[], to: Status): BulkPlan {
  return { kind: 'status', to, tasks: rows.map((r) => ({ itemId: r.id, steps: [{ kind: 'status', to }], before: beforeOf(r) })) };
}

export function planAssign(rows: readonly PlanRow[], to: Person | null): BulkPlan {
  return { kind: 'assign', to, tasks: rows.map((r) => ({ itemId: r.id, steps: [{ kind: 'assign', to }], before: beforeOf(r) })) };
}

/** A resolved thread cannot be assigned: reopen it first, then assign. */
export function planReopenAssign(rows: readonly PlanRow[], to: Person | null): BulkPlan {
  return {
    kind: 'reopen-assign',
    to,
    tasks: rows.map((r) => ({ itemId: r.id, steps: [{ kind: 'status', to: 'open' }, { kind: 'assign', to }], before: beforeOf(r) })),
  };
}

export interface ThreadOutcome {
  itemId: string;
  /** Steps the service carried out and that changed something. */
  changed: BulkStep[];
  /** The step the service refused; later steps of this thread were not sent. */
  refused: { step: BulkStep; error: BridgeError } | null;
  /** False when the run was stopped before this thread's first request. */
  sent: boolean;
}

/**
 * Undo restores, in reverse order, each field a thread's applied steps changed. A thread
 * reopened and assigned is unassigned (while still open) and then resolved again.
 */
export function planUndo(plan: BulkPlan, { outcomes }: BulkRunResult): BulkPlan | null {
  const byId = new Map(plan.tasks.map((t) => [t.itemId, t]));
  const tasks: BulkTask[] = [];
  for (const outcome of outcomes) {
    const task = byId.get(outcome.itemId);
    if (!task || outcome.changed.length === 0) continue;
    const backTo = task.before.status;
    if (!isStatus(backTo) && outcome.changed.some((step) => step.kind === 'status')) continue;
    const steps = [...outcome.changed].reverse().map((step): BulkStep => (step.kind === 'status' ? { kind: 'status', to: backTo as Status } : { kind: 'assign', to: task.before.assignee }));
    tasks.push({ itemId: task.itemId, steps, before: afterOf(task.before, outcome.changed) });
  }
  return tasks.length > 0 ? { kind: 'undo', undoing: plan, tasks } : null;
}

function afterOf(before: ThreadBefore, changed: readonly BulkStep[]): ThreadBefore {
  let after = before;
  for (const step of changed) after = step.kind === 'status' ? { ...after, status: step.to } : { ...after, assignee: step.to };
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
export function refusedAsResolved(error: BridgeError, statusBefore: string | undefined): boolean {
  if (error.reason === 'resolved_item') return true;
  const plainRefusal = (error.kind === 'validation' || error.status === 409) && (error.reason === undefined || !KNOWN_REASONS.has(error.reason));
  return plainRefusal && statusBefore === 'resolved';
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(REFUSAL_REASONS);

export function buildReceipt(plan: BulkPlan, { outcomes, halted }: BulkRunResult): Receipt {
  const receipt: Receipt = { plan, done: [], unchanged: [], refused: [], notSent: [], halted, reopenable: [] };
  for (const o of outcomes) {
    if (!o.sent) receipt.notSent.push(o.itemId);
    else if (o.refused) {
      receipt.refused.push({ itemId: o.itemId, step: o.refused.step, error: o.refused.error, partial: o.changed.length > 0 });
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
export type StepReport = { itemId: string; step: BulkStep } & ({ ok: true; applied: StepApplied } | { ok: false; error: BridgeError });

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
}

/**
 * Failures about the connection rather than the thread: every later request would fail the
 * same way (or, when a write's outcome is uncertain, make things worse), so sending stops.
 */
export function haltsTheRun(error: BridgeError): boolean {
  return error.uncertain === true || ['auth', 'billing', 'no_connection', 'network', 'rate_limited', 'keychain'].includes(error.kind);
}

export interface BulkRunResult {
  outcomes: ThreadOutcome[];
  /** The failure that stopped sending early, if one did. */
  halted: BridgeError | null;
}

export async function runBulk(plan: BulkPlan, send: SendStep, options: RunOptions = {}): Promise<BulkRunResult> {
  const { concurrency = 4, onProgress, onApplied, shouldStop, onStep } = options;
  const outcomes = plan.tasks.map((t): ThreadOutcome => ({ itemId: t.itemId, changed: [], refused: null, sent: false }));
  let halted: BridgeError | null = null;
  let next = 0;
  let finished = 0;

  const runTask = async (index: number) => {
    const task = plan.tasks[index]!;
    const outcome = outcomes[index]!;
    outcome.sent = true;
    for (const step of task.steps) {
      const res = await send(task.itemId, step);
      onStep?.(res.ok ? { itemId: task.itemId, step, ok: true, applied: res.data } : { itemId: task.itemId, step, ok: false, error: res.error });
      if (!res.ok) {
        outcome.refused = { step, error: res.error };
        if (haltsTheRun(res.error)) halted ??= res.error;
        break;
      }
      if (res.data.changed) outcome.changed.push(step);
      onApplied?.(task.itemId, res.data.patch);
    }
    finished += 1;
    onProgress?.(finished, plan.tasks.length);
  };

  const worker = async () => {
    while (next < plan.tasks.length && !halted && !shouldStop?.()) await runTask(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, plan.tasks.length)) }, worker));
  return { outcomes, halted };
}
