import { getBridge } from '../bridge/index.js';
import { planDoneText } from '../format/bulk-text.js';
import type { RowPatch } from './board-model.js';
import { useProjectItems } from '../server-state/project-items-store.js';
import {
  buildReceipt,
  planUndo,
  runBulk,
  type BulkPlan,
  type BulkRunResult,
  type ReadThread,
  type Receipt,
  type RunOptions,
  type SendStep,
} from './bulk-model.js';
import { emitItemsChanged } from '../server-state/items-sync.js';
import { useUndo } from './undo-store.js';

/**
 * Status and assignment writes through the bridge, for every path that changes threads in
 * bulk: the selection bar (bulk-store) and the assign dialog run the same plans the same way.
 */
const sendThroughBridge: SendStep = async (itemId, step) => {
  const api = getBridge().api;
  if (step.kind === 'status') {
    const res = await api.setStatus({ itemId, status: step.to });
    // A lean answer may leave out what changed: take the request as done, as the service accepted it.
    return res.ok
      ? { ok: true, data: { changed: res.data.changed ?? true, patch: { status: res.data.status ?? step.to } } }
      : res;
  }
  const res = await api.assign({ itemId, assignee: step.to?.id ?? null });
  if (!res.ok) return res;
  // Unassigned rows carry empty strings, as the service lists them.
  const patch = step.to
    ? { assignee: res.data.assignedTo ?? step.to.name, assigneeId: step.to.id }
    : { assignee: '', assigneeId: '' };
  return { ok: true, data: { changed: res.data.changed ?? true, patch } };
};

/** A thread as the service holds it now, for undo's check that nobody changed it since. */
const readThroughBridge: ReadThread = async (itemId) => {
  const res = await getBridge().api.getItem({ itemId });
  if (!res.ok) return res;
  const { status, assignee, duplicateOf } = res.data;
  return {
    ok: true,
    data: { status, assignee: assignee?.id ? { id: assignee.id, name: assignee.name } : null, duplicateOf },
  };
};

interface ExecutedPlan {
  result: BulkRunResult;
  receipt: Receipt;
}

/**
 * Runs a plan: each accepted change patches the open list as it arrives; at the end every
 * list refetches, so a partial failure (or an uncertain write) leaves the screen as the service is.
 * An undo reads each thread first and leaves alone what someone changed since.
 */
export async function executePlan(
  projectId: string,
  plan: BulkPlan,
  options: Omit<RunOptions, 'onApplied' | 'readFirst'> = {},
): Promise<ExecutedPlan> {
  const applied: RowPatch[] = [];
  const result = await runBulk(plan, sendThroughBridge, {
    ...options,
    ...(plan.kind === 'undo' ? { readFirst: readThroughBridge } : {}),
    onApplied: (id, changes) => {
      applied.push({ id, changes });
      if (useProjectItems.getState().projectId === projectId)
        useProjectItems.getState().applyPatches([{ id, changes }]);
    },
  });
  emitItemsChanged({ projectId, patched: applied });
  return { result, receipt: buildReceipt(plan, result) };
}

/**
 * Records in the undo history what runs of plans changed (several runs make one entry:
 * "assign", then "reopen and assign" the refused ones, which `replaces` the first run's entry).
 * An undo's own run is not recorded: the entry it carried out says what it put back
 * (undo-runner settles it), and undoing an undo is not offered.
 * Answers the entry's id, or null when nothing changed that undo could put back.
 */
export function recordPlanUndo(
  projectId: string,
  runs: ReadonlyArray<{ plan: BulkPlan; result: BulkRunResult }>,
  options: { label?: string; replaces?: number } = {},
): number | null {
  const changes = runs.filter((r) => r.plan.kind !== 'undo');
  const undos = changes.map((r) => planUndo(r.plan, r.result)).filter((u): u is BulkPlan => u !== null);
  if (undos.length === 0) return null;
  const undo: BulkPlan =
    undos.length === 1 ? undos[0]! : { kind: 'undo', undoing: changes[0]!.plan, tasks: undos.flatMap((u) => u.tasks) };
  return useUndo.getState().record({
    projectId,
    label: options.label ?? planDoneText(changes[0]!.plan, undo.tasks.length),
    plan: undo,
    ...(options.replaces !== undefined ? { replaces: options.replaces } : {}),
  });
}
