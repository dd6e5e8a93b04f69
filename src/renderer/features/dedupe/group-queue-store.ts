import { create } from 'zustand';
import type { MergeReceipt } from '../merge/merge-run.js';

/**
 * What the person decided in the group queue (client state; the threads and the service's
 * confirmations are server state in TanStack Query). Groups are known by their proposed
 * head's ID, which stays the same however the group is reshaped.
 */
type GroupDecisionKind = 'keep' | 'skip' | 'take-out';

interface GroupDecision {
  kind: GroupDecisionKind;
  group: string;
  /** The thread taken out, for a take-out. */
  threadId?: string;
}

interface GroupQueueState {
  projectId: string | null;
  /** Groups kept apart ("not duplicates"), skipped, or merged. */
  decided: Record<string, 'keep' | 'skip' | 'merged'>;
  takenOut: Record<string, readonly string[]>;
  /** The thread the person chose to stay, per group. */
  staying: Record<string, string>;
  /** Threads merged away in this walk. */
  gone: ReadonlySet<string>;
  /** Keeps, skips and take-outs, newest last: z takes back the newest. */
  history: GroupDecision[];
  stats: { merged: number; kept: number; skipped: number };

  open(projectId: string): void;
  keep(group: string): void;
  skip(group: string): void;
  takeOut(group: string, threadId: string): void;
  chooseStaying(group: string, threadId: string): void;
  merged(group: string, receipt: MergeReceipt): void;
  undo(): GroupDecision | null;
}

const INITIAL = {
  projectId: null,
  decided: {},
  takenOut: {},
  staying: {},
  gone: new Set<string>(),
  history: [] as GroupDecision[],
  stats: { merged: 0, kept: 0, skipped: 0 },
};

export const useGroupQueue = create<GroupQueueState>()((set, get) => ({
  ...INITIAL,

  open(projectId) {
    // Coming back to the same project keeps the walk; another project starts afresh.
    if (get().projectId !== projectId) set({ ...INITIAL, projectId });
  },

  keep(group) {
    const s = get();
    set({
      decided: { ...s.decided, [group]: 'keep' },
      history: [...s.history, { kind: 'keep', group }],
      stats: { ...s.stats, kept: s.stats.kept + 1 },
    });
  },

  skip(group) {
    const s = get();
    set({
      decided: { ...s.decided, [group]: 'skip' },
      history: [...s.history, { kind: 'skip', group }],
      stats: { ...s.stats, skipped: s.stats.skipped + 1 },
    });
  },

  takeOut(group, threadId) {
    const s = get();
    const out = s.takenOut[group] ?? [];
    if (out.includes(threadId)) return;
    set({
      takenOut: { ...s.takenOut, [group]: [...out, threadId] },
      history: [...s.history, { kind: 'take-out', group, threadId }],
    });
  },

  chooseStaying(group, threadId) {
    set({ staying: { ...get().staying, [group]: threadId } });
  },

  merged(group, receipt) {
    const s = get();
    const gone = new Set(s.gone);
    for (const id of receipt.acceptedIds) gone.add(id);
    // A merge the service refused entirely leaves the group in the queue to try again.
    const decided = receipt.acceptedIds.length > 0 ? { ...s.decided, [group]: 'merged' as const } : s.decided;
    set({ gone, decided, stats: { ...s.stats, merged: s.stats.merged + receipt.merged } });
  },

  undo() {
    const s = get();
    const last = s.history[s.history.length - 1];
    if (!last) return null;
    const history = s.history.slice(0, -1);
    if (last.kind === 'take-out') {
      set({
        history,
        takenOut: { ...s.takenOut, [last.group]: (s.takenOut[last.group] ?? []).filter((id) => id !== last.threadId) },
      });
      return last;
    }
    const decided = { ...s.decided };
    delete decided[last.group];
    const stats =
      last.kind === 'keep' ? { ...s.stats, kept: s.stats.kept - 1 } : { ...s.stats, skipped: s.stats.skipped - 1 };
    set({ history, decided, stats });
    return last;
  },
}));
