import { create } from 'zustand';
import { getBridge } from '../bridge/index.js';
import { planDoneText, receiptSummary } from '../format/bulk-text.js';
import { announce } from './announcer-store.js';
import type { RowPatch } from './board-model.js';
import { useBoard } from './board-store.js';
import { buildReceipt, planUndo, runBulk, type BulkPlan, type Receipt, type SendStep } from './bulk-model.js';
import { emitItemsChanged } from './items-sync.js';
import { explain } from './notice-store.js';
import { useUndo } from './undo-store.js';

/**
 * Runs bulk status and assignment: one request per thread through the bridge, each
 * answer shown as it arrives, then a receipt and (when something changed) an undo offer.
 * When it ends the list refetches, so a partial failure leaves the screen as the service is.
 */
interface BulkRun {
  projectId: string;
  plan: BulkPlan;
  finished: number;
  total: number;
  stopping: boolean;
}

interface BulkState {
  running: BulkRun | null;
  receipt: Receipt | null;
  /** Resolves with the receipt, or null when another bulk change is still running. */
  start(projectId: string, plan: BulkPlan, options?: { offerUndo?: boolean }): Promise<Receipt | null>;
  /** Sends nothing more; threads not yet sent are listed as such on the receipt. */
  stop(): void;
  dismissReceipt(): void;
}

const sendStep: SendStep = async (itemId, step) => {
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

export const useBulk = create<BulkState>()((set, get) => ({
  running: null,
  receipt: null,

  async start(projectId, plan, options = {}) {
    if (get().running) {
      explain('A bulk change is still running: wait for it to finish, or stop it first.');
      return null;
    }
    if (plan.tasks.length === 0) return null;
    set({ running: { projectId, plan, finished: 0, total: plan.tasks.length, stopping: false }, receipt: null });

    const applied: RowPatch[] = [];
    const result = await runBulk(plan, sendStep, {
      onApplied: (id, changes) => {
        applied.push({ id, changes });
        if (useBoard.getState().projectId === projectId) useBoard.getState().applyPatches([{ id, changes }]);
      },
      onProgress: (finished) => set((s) => (s.running ? { running: { ...s.running, finished } } : {})),
      shouldStop: () => get().running?.stopping === true,
    });

    const receipt = buildReceipt(plan, result);
    set({ running: null, receipt });
    announce(receiptSummary(receipt));
    // Confirms every answer, and shows the truth for writes whose outcome was uncertain.
    emitItemsChanged({ projectId, patched: applied });

    const undoPlan = options.offerUndo === false ? null : planUndo(plan, result);
    if (undoPlan) {
      useUndo.getState().offerUndo(planDoneText(plan, undoPlan.tasks.length), async () => {
        const undone = await get().start(projectId, undoPlan, { offerUndo: false });
        return undone !== null && undone.refused.length === 0 && undone.notSent.length === 0;
      });
    }
    return receipt;
  },

  stop() {
    set((s) => (s.running ? { running: { ...s.running, stopping: true } } : {}));
  },

  dismissReceipt: () => set({ receipt: null }),
}));
