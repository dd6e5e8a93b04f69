import { create } from 'zustand';
import { receiptSummary } from '../format/bulk-text.js';
import { announce } from './announcer-store.js';
import type { BulkPlan, Receipt } from './bulk-model.js';
import { executePlan, offerPlanUndo } from './bulk-send.js';
import { explain } from './notice-store.js';

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

    const { result, receipt } = await executePlan(projectId, plan, {
      onProgress: (finished) => set((s) => (s.running ? { running: { ...s.running, finished } } : {})),
      shouldStop: () => get().running?.stopping === true,
    });
    set({ running: null, receipt });
    announce(receiptSummary(receipt));

    if (options.offerUndo !== false) offerPlanUndo([{ plan, result }], (undo) => get().start(projectId, undo, { offerUndo: false }));
    return receipt;
  },

  stop() {
    set((s) => (s.running ? { running: { ...s.running, stopping: true } } : {}));
  },

  dismissReceipt: () => set({ receipt: null }),
}));
