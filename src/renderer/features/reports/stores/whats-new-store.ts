import { create } from 'zustand';
import type { WhatsNewResponse } from '../../../../shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { localMidnight, sinceDateProblem } from '../model/time-window.js';
import type { BriefingMode } from '../model/whats-new-model.js';

export interface Briefing {
  mode: BriefingMode;
  data: WhatsNewResponse;
}

interface WhatsNewState {
  projectId: string | null;
  mode: BriefingMode;
  /** The "since a date" box, as typed (YYYY-MM-DD). */
  date: string;
  /** Why the date cannot be used, shown under the box after the person tried. */
  dateProblem: string | null;
  briefing: Briefing | null;
  loading: BriefingMode | null;
  problem: Failure | null;
  /** Forgets another project's briefing; the same project keeps its last one. */
  enter(projectId: string): void;
  setMode(mode: BriefingMode): void;
  setDate(date: string): void;
  /** Fetches the briefing in the current mode. Bookmark mode moves the bookmark to now. */
  brief(now?: number): Promise<void>;
}

let ticket = 0;

export const useWhatsNew = create<WhatsNewState>()((set, get) => ({
  projectId: null,
  mode: 'bookmark',
  date: '',
  dateProblem: null,
  briefing: null,
  loading: null,
  problem: null,

  enter(projectId) {
    if (get().projectId === projectId) return;
    ticket++;
    set({ projectId, briefing: null, loading: null, problem: null, dateProblem: null });
  },

  setMode: (mode) => set({ mode, dateProblem: null }),
  setDate: (date) => set({ date, dateProblem: null }),

  async brief(now = Date.now()) {
    const { projectId, mode, date } = get();
    if (!projectId) return;
    let since: string | undefined;
    if (mode === 'date') {
      const problem = sinceDateProblem(date, now);
      if (problem) {
        set({ dateProblem: problem });
        return;
      }
      since = String(localMidnight(date));
    }
    const mine = ++ticket;
    set({ loading: mode, problem: null, dateProblem: null });
    const res = await getBridge().api.whatsNew(since === undefined ? { projectId } : { projectId, since });
    if (mine !== ticket) return;
    if (res.ok) set({ briefing: { mode, data: res.data }, loading: null });
    else set({ problem: failure(mode === 'bookmark' ? 'Could not get your briefing since the bookmark' : 'Could not get the briefing since that date', res.error), loading: null });
  },
}));
