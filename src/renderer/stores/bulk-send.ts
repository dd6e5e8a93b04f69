import { getBridge } from '../bridge/index.js';
import { planDoneText } from '../format/bulk-text.js';
import type { RowPatch } from './board-model.js';
import { useBoard } from './board-store.js';
import { buildReceipt, planUndo, runBulk, type BulkPlan, type BulkRunResult, type Receipt, type RunOptions, type SendStep } from './bulk-model.js';
import { emitItemsChanged } from './items-sync.js';
import { useUndo } from './undo-store.js';

/**
 * Status and assignment writes through the bridge, for every path that changes threads in
 * bulk: the selection bar (bulk-store) and the assign dialog run the same plans the same way.
 */
export const sendThroughBridge: SendStep = async (itemId, step) => {
  const api = getBridge().api;
  if (step.kind === 'status') {
    const res = await api.setStatus({ itemId, status: step.to });
    // A lean answer may leave out what changed: take the request as done, as the service accepted it.
    return res.ok ? { ok: true, data: { changed: res.data.changed ?? true, patch: { status: res.data.status ?? step.to } } } : res;
  }
  const res = await api.assign({ itemId, assignee: step.to?.id ?? null });
  if (!res.ok) return res;
  // Unassigned rows carry empty strings, as the service lists them.
  const patch = step.to ? { assignee: res.data.assignedTo ?? step.to.name, assigneeId: step.to.id } : { assignee: '', assigneeId: '' };
  return { ok: true, data: { changed: res.data.changed ?? true, patch } };
};

export interface ExecutedPlan {
  result: BulkRunResult;
  receipt: Receipt;
}

/**
 * Runs a plan: each accepted change patches the open list as it arrives; at the end every
 * list refetches, so a partial failure (or an uncertain write) leaves the screen as the service is.
 */
export async function executePlan(projectId: string, plan: BulkPlan, options: Omit<RunOptions, 'onApplied'> = {}): Promise<ExecutedPlan> {
  const applied: RowPatch[] = [];
  const result = await runBulk(plan, sendThroughBridge, {
    ...options,
    onApplied: (id, changes) => {
      applied.push({ id, changes });
      if (useBoard.getState().projectId === projectId) useBoard.getState().applyPatches([{ id, changes }]);
    },
  });
  emitItemsChanged({ projectId, patched: applied });
  return { result, receipt: buildReceipt(plan, result) };
}

/**
 * Offers to undo what runs of plans changed (several runs make one undo: "assign", then
 * "reopen and assign" the refused ones). `run` sends the undo plan; undo succeeds when
 * nothing was refused or left unsent. Answers whether an undo was offered.
 */
export function offerPlanUndo(runs: ReadonlyArray<{ plan: BulkPlan; result: BulkRunResult }>, run: (undo: BulkPlan) => Promise<Receipt | null>, label?: string): boolean {
  const undos = runs.map((r) => planUndo(r.plan, r.result)).filter((u): u is BulkPlan => u !== null);
  if (undos.length === 0) return false;
  const undo: BulkPlan = undos.length === 1 ? undos[0]! : { kind: 'undo', undoing: runs[0]!.plan, tasks: undos.flatMap((u) => u.tasks) };
  useUndo.getState().offerUndo(label ?? planDoneText(runs[0]!.plan, undo.tasks.length), async () => {
    const receipt = await run(undo);
    return receipt !== null && receipt.refused.length === 0 && receipt.notSent.length === 0;
  });
  return true;
}
