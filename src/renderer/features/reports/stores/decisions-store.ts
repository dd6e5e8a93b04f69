import { create } from 'zustand';
import type { Decision } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { bridgeErrorOf } from '../../../server-state/query-client.js';
import { failure, type Failure } from '../../../stores/failure.js';
import {
  EMPTY_DECISION_QUERY,
  endOfLocalDay,
  isFiltering,
  jumpDateProblem,
  offsetForDate,
  type DecisionQuery,
} from '../model/decisions-filter.js';

/** Page sizes offered; the service allows up to 30. */
export const DECISION_PAGE_SIZES = [15, 20, 25, LIMITS.decisionsLimitMax] as const;

/** Which page of the log: its size and where it starts. */
export interface PageAt {
  limit: number;
  offset: number;
}

/** What the log's screen needs from the service to jump to a date (see decisions-query). */
interface DateJumpContext {
  /** The matches of the search shown, or null when the log is paged as the service serves it. */
  matches: readonly Decision[] | null;
  /** Decisions in the log, as the page shown says (unknown: Infinity). */
  total: number;
  /** How many decisions were made after a time: that many come before it in the log. */
  decidedAfter(time: number): Promise<number>;
}

/**
 * What a person chose on the decision log: which page, the search, where among the matches.
 * The pages and the whole log read for a search are server state (decisions-query).
 */
interface DecisionsState {
  projectId: string | null;
  limit: number;
  /** The page asked for. */
  at: PageAt;
  /** The last page that arrived: shown while another is read, and when reading it failed. */
  shown: PageAt;
  query: DecisionQuery;
  /** Where the page of matches starts. */
  matchOffset: number;
  /** Why a jump (to a page or a date) could not be made. */
  jumpProblem: string | null;
  /** Looking a date up in the log. */
  jumping: boolean;
  /** The service could not say where a date is in the log. */
  jumpFailure: Failure | null;
  /** Another project starts at its first page with no search; the same project keeps its place. */
  showProject(projectId: string): void;
  /** A page of the log arrived: it is the one shown until another arrives. */
  arrived(at: PageAt): void;
  goTo(offset: number): void;
  setLimit(limit: number): void;
  setQuery(patch: Partial<DecisionQuery>): void;
  clearQuery(): void;
  jumpToPage(page: number): void;
  jumpToDate(date: string, context: DateJumpContext): Promise<void>;
}

const FIRST_PAGE: PageAt = { limit: LIMITS.decisionsLimitDefault, offset: 0 };

export const useDecisions = create<DecisionsState>()((set, get) => ({
  projectId: null,
  limit: LIMITS.decisionsLimitDefault,
  at: FIRST_PAGE,
  shown: FIRST_PAGE,
  query: EMPTY_DECISION_QUERY,
  matchOffset: 0,
  jumpProblem: null,
  jumping: false,
  jumpFailure: null,

  showProject(projectId) {
    if (get().projectId === projectId) return;
    const at = { limit: get().limit, offset: 0 };
    set({
      projectId,
      at,
      shown: at,
      query: EMPTY_DECISION_QUERY,
      matchOffset: 0,
      jumpProblem: null,
      jumping: false,
      jumpFailure: null,
    });
  },

  arrived(at) {
    const { shown } = get();
    if (shown.limit !== at.limit || shown.offset !== at.offset) set({ shown: at });
  },

  goTo(offset) {
    set({ jumpProblem: null, jumpFailure: null });
    if (isFiltering(get().query)) set({ matchOffset: Math.max(0, offset) });
    else set({ at: { limit: get().limit, offset: Math.max(0, offset) } });
  },

  setLimit(limit) {
    const clamped = Math.min(LIMITS.decisionsLimitMax, Math.max(1, Math.trunc(limit)));
    // Keeps the first decision on screen in view: the new page starts at a multiple of the new size.
    const { matchOffset, at } = get();
    set({
      limit: clamped,
      matchOffset: Math.floor(matchOffset / clamped) * clamped,
      at: { limit: clamped, offset: Math.floor(at.offset / clamped) * clamped },
      jumpFailure: null,
    });
  },

  setQuery(patch) {
    set({ query: { ...get().query, ...patch }, matchOffset: 0, jumpProblem: null });
  },

  clearQuery() {
    set({ query: EMPTY_DECISION_QUERY, matchOffset: 0, jumpProblem: null });
  },

  jumpToPage(pageNumber) {
    get().goTo((Math.max(1, Math.trunc(pageNumber)) - 1) * get().limit);
  },

  async jumpToDate(date, { matches, total, decidedAfter }) {
    const problem = jumpDateProblem(date);
    if (problem) {
      set({ jumpProblem: problem });
      return;
    }
    const end = endOfLocalDay(date)!;
    if (matches) {
      const at = offsetForDate(matches, end);
      if (at >= matches.length) set({ jumpProblem: 'No decision among the matches was made on or before that date.' });
      else set({ matchOffset: at, jumpProblem: null });
      return;
    }
    const { projectId } = get();
    set({ jumping: true, jumpProblem: null, jumpFailure: null });
    let before: number;
    try {
      before = await decidedAfter(end - 1);
    } catch (error) {
      if (get().projectId === projectId)
        set({
          jumping: false,
          jumpFailure: failure('Could not find that date in the decision log', bridgeErrorOf(error)),
        });
      return;
    }
    // An answer for a project the screen has left moves nothing.
    if (get().projectId !== projectId) return;
    set({ jumping: false });
    if (before >= total) set({ jumpProblem: 'No decision was made on or before that date.' });
    else get().goTo(before);
  },
}));
