import { create } from 'zustand';
import type { Status } from '../../shared/api/common.js';
import type { ItemRow, ItemsSummary } from '../../shared/api/resources.js';
import { getBridge } from '../bridge/index.js';
import { STATUS_LABEL, truncate } from '../format/labels.js';
import { announce } from './announcer-store.js';
import { applyPending, moveRow } from './board-model.js';
import { failure, type Failure } from './failure.js';
import { loadProjectItems, type LoadProgress, type UnlistedSlice } from './load-project-items.js';

interface BoardData {
  rows: ItemRow[];
  summary: ItemsSummary;
  capped: boolean;
  scanLimit: number;
  unlisted: UnlistedSlice[];
}

interface PendingMove {
  to: Status;
  /** Orders overlapping moves of one card: only the latest may settle or roll back. */
  seq: number;
}

export interface MoveProblem extends Failure {
  itemId: string;
  /** The status that was refused, so "Try again" can repeat exactly that move. */
  to: Status;
}

interface BoardState {
  projectId: string | null;
  data: BoardData | null;
  /** Set while a load runs; the board keeps showing the previous rows meanwhile. */
  progress: LoadProgress | null;
  loadProblem: Failure | null;
  loadedAt: number | null;
  pending: Record<string, PendingMove>;
  moveProblem: MoveProblem | null;
  focusedId: string | null;
  /** Bumped when DOM focus should follow focusedId (keyboard), not when it is merely remembered. */
  focusTick: number;

  load(projectId: string): Promise<void>;
  setStatus(itemId: string, to: Status): Promise<boolean>;
  focusCard(itemId: string | null, takeFocus: boolean): void;
  dismissMoveProblem(): void;
  leave(): void;
}

let loadController: AbortController | null = null;
let moveSeq = 0;

function excerptOf(data: BoardData | null, itemId: string): string {
  const text = data?.rows.find((r) => r.id === itemId)?.excerpt.trim();
  if (!text) return 'the thread';
  return `“${truncate(text, 60)}”`;
}

export const useBoard = create<BoardState>()((set, get) => ({
  projectId: null,
  data: null,
  progress: null,
  loadProblem: null,
  loadedAt: null,
  pending: {},
  moveProblem: null,
  focusedId: null,
  focusTick: 0,

  async load(projectId) {
    loadController?.abort();
    const controller = new AbortController();
    loadController = controller;
    if (get().projectId !== projectId) {
      set({ projectId, data: null, focusedId: null, pending: {}, moveProblem: null });
    }
    set({ progress: { done: 0, planned: 1, rows: 0 }, loadProblem: null });

    const outcome = await loadProjectItems((q) => getBridge().api.listItems(q), projectId, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) set({ progress });
      },
    });
    if (controller.signal.aborted) return;
    loadController = null;

    const problem = outcome.error
      ? failure(outcome.data ? 'Some threads could not be loaded' : 'Could not load the threads of this project', outcome.error)
      : null;
    if (!outcome.data) {
      set({ progress: null, loadProblem: problem });
      return;
    }
    const { rows, summary, capped, scanLimit, unlisted } = outcome.data;
    const shown = applyPending({ rows, summary }, get().pending);
    set({
      data: { ...shown, capped, scanLimit, unlisted },
      progress: null,
      loadProblem: problem,
      loadedAt: Date.now(),
    });
  },

  async setStatus(itemId, to) {
    const { data } = get();
    const row = data?.rows.find((r) => r.id === itemId);
    if (!data || !row || row.status === to) return false;
    const from = row.status;
    const seq = ++moveSeq;
    const moved = moveRow(data, itemId, to);
    set({
      data: { ...data, ...moved },
      pending: { ...get().pending, [itemId]: { to, seq } },
      moveProblem: get().moveProblem?.itemId === itemId ? null : get().moveProblem,
    });

    const res = await getBridge().api.setStatus({ itemId, status: to });
    const latest = get().pending[itemId]?.seq === seq;
    if (!latest) return res.ok;
    const { [itemId]: _settled, ...pending } = get().pending;
    const current = get().data;
    if (res.ok) {
      // The service has the last word (e.g. someone changed it meanwhile).
      const settled = current && res.data.status !== to ? moveRow(current, itemId, res.data.status) : null;
      set({ pending, ...(settled && current ? { data: { ...current, ...settled } } : {}) });
      announce(`Moved ${excerptOf(current, itemId)} to ${STATUS_LABEL[res.data.status]}.`);
      return true;
    }
    const rolledBack = current ? moveRow(current, itemId, from) : null;
    set({
      pending,
      ...(rolledBack && current ? { data: { ...current, ...rolledBack } } : {}),
      moveProblem: {
        itemId,
        to,
        ...failure(`Could not move ${excerptOf(current, itemId)} to ${STATUS_LABEL[to]}; it is back in ${STATUS_LABEL[from]}`, res.error),
      },
    });
    // When the write may have happened, show what the service really has.
    if (res.error.uncertain && get().projectId) void get().load(get().projectId!);
    return false;
  },

  focusCard(itemId, takeFocus) {
    set((s) => ({ focusedId: itemId, focusTick: takeFocus ? s.focusTick + 1 : s.focusTick }));
  },

  dismissMoveProblem: () => set({ moveProblem: null }),

  leave() {
    loadController?.abort();
    loadController = null;
    set({ projectId: null, data: null, progress: null, loadProblem: null, loadedAt: null, pending: {}, moveProblem: null, focusedId: null });
  },
}));
