import { create } from 'zustand';
import { receiptSummary } from '../format/bulk-text.js';
import { announce } from './announcer-store.js';
import type { BulkPlan, Receipt } from './bulk-model.js';
import { executePlan, recordPlanUndo } from './bulk-send.js';
import { explain } from './notice-store.js';

/**
 * Runs bulk status and assignment: one request per thread through the bridge, each
 * answer shown as it arrives, then its undo in the history when something changed (an undo's
 * own run excepted, see recordPlanUndo), and a receipt when
 * something was refused, unsent or unchanged-only (a clean success is said once, by the toast).
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
  start(projectId: string, plan: BulkPlan): Promise<Receipt | null>;
  /** Sends nothing more; threads not yet sent are listed as such on the receipt. */
  stop(): void;
  dismissReceipt(): void;
}

export const useBulk = create<BulkState>()((set, get) => ({
  running: null,
  receipt: null,

  async start(projectId, plan) {
    if (get().running) {
      explain('A bulk change is still running: wait for it to finish, or stop it first.');
      return null;
    }
    if (plan.tasks.length === 0) return null;
    set({ running: { projectId, plan, finished: 0, total: plan.tasks.length, stopping: false }, receipt: null });

    const { result, receipt } = await executePlan(projectId, plan, {
      onProgress: (finished) => set((s) => (s.running ? { running: { ...s.running, finished } } : {})),
      shouldStop: () => get().running?.stopping === true,
    });
    // An undo's own words (what it changed back, what it recorded anew) come from the undo runner.
    if (plan.kind !== 'undo') announce(receiptSummary(receipt));
    const recorded = recordPlanUndo(projectId, [{ plan, result }]) !== null;
    // A clean success is said once, by the undo toast; the receipt stays for what needs reading or acting on.
    const clean = receipt.refused.length === 0 && receipt.notSent.length === 0 && !receipt.halted;
    set({ running: null, receipt: recorded && clean ? null : receipt });
    return receipt;
  },

  stop() {
    set((s) => (s.running ? { running: { ...s.running, stopping: true } } : {}));
  },

  dismissReceipt: () => set({ receipt: null }),
}));
