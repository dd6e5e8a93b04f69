import { create } from 'zustand';
import { REPORT_STEP } from '../model/paging.js';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { useSession } from '../../../stores/session-store.js';
import { readLastBriefed, saveLastBriefed } from '../model/briefing-memory.js';
import { PRESET_TEXT, briefingSince, nextLastBriefed, type BriefingPreset } from '../model/briefing-presets.js';
import { detailsOf, planDetailQueries, type ThreadDetail } from '../model/new-thread-details.js';
import type { BriefingSectionKey } from '../model/whats-new-model.js';

/** Rows of a briefing section shown at first, and added by each "Show more". */
export const BRIEFING_PAGE = REPORT_STEP;

export interface Briefing {
  preset: BriefingPreset;
  data: WhatsNewResponse;
}

/** Who opened the new threads and when, read after the briefing (see new-thread-details). */
export type Details =
  | { kind: 'loading' }
  | { kind: 'ready'; byId: ReadonlyMap<string, ThreadDetail> }
  | { kind: 'failed'; problem: Failure };

interface WhatsNewState {
  projectId: string | null;
  connectionId: string | null;
  preset: BriefingPreset;
  /** The "since a date" box, as typed (YYYY-MM-DD). */
  date: string;
  /** Why the date cannot be used, shown under the box after the person tried. */
  dateProblem: string | null;
  /** Where "Since my last briefing" starts: the end of the last briefing read here (null: none yet). */
  lastBriefedUntil: number | null;
  briefing: Briefing | null;
  details: Details | null;
  /** Rows shown per section; each starts at BRIEFING_PAGE. */
  shown: Partial<Record<BriefingSectionKey, number>>;
  loading: BriefingPreset | null;
  problem: Failure | null;
  /** Forgets another project's briefing; the same project keeps its last one. */
  enter(projectId: string): void;
  setPreset(preset: BriefingPreset): void;
  setDate(date: string): void;
  /** Fetches the briefing the preset describes and remembers that it was read. */
  brief(now?: number): Promise<void>;
  showMore(section: BriefingSectionKey): void;
  showAll(section: BriefingSectionKey): void;
}

let ticket = 0;

export const useWhatsNew = create<WhatsNewState>()((set, get) => {
  async function readDetails(mine: number, data: WhatsNewResponse): Promise<void> {
    const { projectId } = get();
    const queries = planDetailQueries(data.newThreads);
    if (!projectId || queries.length === 0) return;
    set({ details: { kind: 'loading' } });
    const answers = await Promise.all(queries.map((q) => getBridge().api.listItems({ projectId, ...q })));
    if (mine !== ticket) return;
    const failed = answers.find((a) => !a.ok);
    if (failed && !failed.ok) {
      set({
        details: {
          kind: 'failed',
          problem: failure('Could not read who opened the new threads, and when', failed.error),
        },
      });
      return;
    }
    const rows = answers.flatMap((a) => (a.ok ? [a.data.items] : []));
    set({ details: { kind: 'ready', byId: detailsOf(rows, new Set(data.newThreads.map((t) => t.id))) } });
  }

  return {
    projectId: null,
    connectionId: null,
    preset: 'last-briefing',
    date: '',
    dateProblem: null,
    lastBriefedUntil: null,
    briefing: null,
    details: null,
    shown: {},
    loading: null,
    problem: null,

    enter(projectId) {
      const connectionId = useSession.getState().active?.connection.id ?? null;
      if (get().projectId === projectId && get().connectionId === connectionId) return;
      ticket++;
      set({
        projectId,
        connectionId,
        lastBriefedUntil: connectionId ? readLastBriefed(connectionId, projectId) : null,
        briefing: null,
        details: null,
        shown: {},
        loading: null,
        problem: null,
        dateProblem: null,
      });
    },

    setPreset: (preset) => set({ preset, dateProblem: null }),
    setDate: (date) => set({ date, dateProblem: null }),

    async brief(now = Date.now()) {
      const { projectId, connectionId, preset, date, lastBriefedUntil } = get();
      if (!projectId) return;
      const window = briefingSince(preset, { now, lastBriefedUntil, date });
      if (window.problem !== null) {
        set({ dateProblem: window.problem });
        return;
      }
      const mine = ++ticket;
      set({ loading: preset, problem: null, dateProblem: null });
      const res = await getBridge().api.whatsNew(
        window.since === undefined ? { projectId } : { projectId, since: String(window.since) },
      );
      if (mine !== ticket) return;
      if (!res.ok) {
        set({ problem: failure(`Could not get the briefing (${PRESET_TEXT[preset].span})`, res.error), loading: null });
        return;
      }
      const readUntil = nextLastBriefed(lastBriefedUntil, res.data.until, now);
      if (connectionId) saveLastBriefed(connectionId, projectId, readUntil);
      set({
        briefing: { preset, data: res.data },
        details: null,
        shown: {},
        loading: null,
        lastBriefedUntil: readUntil,
      });
      await readDetails(mine, res.data);
    },

    showMore: (section) =>
      set((s) => ({ shown: { ...s.shown, [section]: (s.shown[section] ?? BRIEFING_PAGE) + BRIEFING_PAGE } })),
    showAll: (section) => set((s) => ({ shown: { ...s.shown, [section]: Number.MAX_SAFE_INTEGER } })),
  };
});
