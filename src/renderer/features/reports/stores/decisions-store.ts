import { create } from 'zustand';
import type { Decision } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
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
  /**
   * The date asked for in the log as the service pages it, until the log lands on it or the
   * person pages elsewhere. Where it is, and whether finding it failed, is server state
   * (decisions-query).
   */
  jumpDate: string | null;
  /** Another project starts at its first page with no search; the same project keeps its place. */
  showProject(projectId: string): void;
  /** A page of the log arrived: it is the one shown until another arrives. */
  arrived(at: PageAt): void;
  goTo(offset: number): void;
  setLimit(limit: number): void;
  setQuery(patch: Partial<DecisionQuery>): void;
  clearQuery(): void;
  jumpToPage(page: number): void;
  /**
   * Jumps to the newest decision made on or before a date: among the matches of the search shown
   * (`matches`) at once, otherwise by asking the service where it is (see landOnDate).
   */
  jumpToDate(date: string, matches: readonly Decision[] | null): void;
  /** The service said how many decisions came after the date asked for: the log moves there. */
  landOnDate(before: number, total: number): void;
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
  jumpDate: null,

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
      jumpDate: null,
    });
  },

  arrived(at) {
    const { shown } = get();
    if (shown.limit !== at.limit || shown.offset !== at.offset) set({ shown: at });
  },

  goTo(offset) {
    set({ jumpProblem: null, jumpDate: null });
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
      jumpDate: null,
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

  jumpToDate(date, matches) {
    const problem = jumpDateProblem(date);
    // The newest date asked for is the one the log moves to: a lookup still on its way is dropped.
    if (problem) {
      set({ jumpProblem: problem, jumpDate: null });
      return;
    }
    if (matches) {
      const at = offsetForDate(matches, endOfLocalDay(date)!);
      if (at >= matches.length)
        set({ jumpDate: null, jumpProblem: 'No decision among the matches was made on or before that date.' });
      else set({ jumpDate: null, matchOffset: at, jumpProblem: null });
      return;
    }
    set({ jumpDate: date, jumpProblem: null });
  },

  landOnDate(before, total) {
    if (before >= total) set({ jumpDate: null, jumpProblem: 'No decision was made on or before that date.' });
    else get().goTo(before);
  },
}));
