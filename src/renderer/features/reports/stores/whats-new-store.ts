import { create } from 'zustand';
import { REPORT_STEP } from '../model/paging.js';
import { useSession } from '../../../stores/session-store.js';
import { readLastBriefed, saveLastBriefed } from '../model/briefing-memory.js';
import { briefingSince, nextLastBriefed, type BriefingPreset } from '../model/briefing-presets.js';
import type { BriefingSectionKey } from '../model/whats-new-model.js';

/** Rows of a briefing section shown at first, and added by each "Show more". */
export const BRIEFING_PAGE = REPORT_STEP;

/** A briefing to ask the service for: its preset, where it starts, and what it was asked from. */
export interface BriefingAsk {
  preset: BriefingPreset;
  /** A time in ms, or undefined to start from the service's bookmark. */
  since: number | undefined;
  now: number;
  /** Where "since my last briefing" started when it was asked. */
  lastBriefedUntil: number | null;
}

/**
 * What a person chose on the What's new tab: the preset and date, where "since my last
 * briefing" starts, and how many rows each section shows. The briefing itself is server state
 * (whats-new-query).
 */
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
  /** Rows shown per section; each starts at BRIEFING_PAGE. */
  shown: Partial<Record<BriefingSectionKey, number>>;
  /** Another project (or connection) starts from its own last briefing; the same one keeps its place. */
  enter(projectId: string): void;
  setPreset(preset: BriefingPreset): void;
  setDate(date: string): void;
  /** The briefing the preset describes, or null (and why, under the date box) when it cannot be asked. */
  ask(now?: number): BriefingAsk | null;
  /** A briefing of the project arrived: it was read up to its end, and its sections start at one step. */
  briefed(connectionId: string | null | undefined, projectId: string, ask: BriefingAsk, until: number | null): void;
  showMore(section: BriefingSectionKey): void;
  showAll(section: BriefingSectionKey): void;
}

export const useWhatsNew = create<WhatsNewState>()((set, get) => ({
  projectId: null,
  connectionId: null,
  preset: 'last-briefing',
  date: '',
  dateProblem: null,
  lastBriefedUntil: null,
  shown: {},

  enter(projectId) {
    const connectionId = useSession.getState().active?.connection.id ?? null;
    if (get().projectId === projectId && get().connectionId === connectionId) return;
    set({
      projectId,
      connectionId,
      lastBriefedUntil: connectionId ? readLastBriefed(connectionId, projectId) : null,
      shown: {},
      dateProblem: null,
    });
  },

  setPreset: (preset) => set({ preset, dateProblem: null }),
  setDate: (date) => set({ date, dateProblem: null }),

  ask(now = Date.now()) {
    const { preset, date, lastBriefedUntil } = get();
    const window = briefingSince(preset, { now, lastBriefedUntil, date });
    set({ dateProblem: window.problem });
    return window.problem === null ? { preset, since: window.since, now, lastBriefedUntil } : null;
  },

  briefed(connectionId, projectId, ask, until) {
    const readUntil = nextLastBriefed(ask.lastBriefedUntil, until, ask.now);
    if (connectionId) saveLastBriefed(connectionId, projectId, readUntil);
    if (get().projectId === projectId && get().connectionId === (connectionId ?? null))
      set({ lastBriefedUntil: readUntil, shown: {} });
  },

  showMore: (section) =>
    set((s) => ({ shown: { ...s.shown, [section]: (s.shown[section] ?? BRIEFING_PAGE) + BRIEFING_PAGE } })),
  showAll: (section) => set((s) => ({ shown: { ...s.shown, [section]: Number.MAX_SAFE_INTEGER } })),
}));
