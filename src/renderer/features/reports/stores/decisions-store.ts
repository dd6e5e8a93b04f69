import { useMemo } from 'react';
import { create } from 'zustand';
import type { Decision, DecisionsResponse } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from '../../../stores/failure.js';
import { onReconnected } from '../../../stores/network-store.js';
import {
  EMPTY_DECISION_QUERY,
  endOfLocalDay,
  filterDecisions,
  isFiltering,
  jumpDateProblem,
  offsetForDate,
  type DecisionQuery,
} from '../model/decisions-filter.js';
import { appendPage, firstPage, type PagedList } from '../model/paging.js';

/** Page sizes offered; the service allows up to 30. */
export const DECISION_PAGE_SIZES = [15, 20, 25, LIMITS.decisionsLimitMax] as const;

/** The whole log, read page by page (the largest the service allows) for search and filters. */
interface WholeLog extends PagedList<Decision> {
  state: 'loading' | 'done' | 'failed';
  problem: Failure | null;
}

interface DecisionsState {
  projectId: string | null;
  limit: number;
  /** The offset of the page shown (or being fetched). */
  offset: number;
  page: DecisionsResponse | null;
  loading: boolean;
  problem: Failure | null;
  loadedAt: number | null;
  query: DecisionQuery;
  /** Read once a search or filter is first used; dropped on refresh or another project. */
  whole: WholeLog | null;
  /** Where the page of matches (`decisionMatches`) starts. */
  matchOffset: number;
  /** Why a jump (to a page or a date) could not be made. */
  jumpProblem: string | null;
  /** Shows the first page of another project; the same project keeps its page. */
  enter(projectId: string): Promise<void>;
  goTo(offset: number): Promise<void>;
  setLimit(limit: number): Promise<void>;
  /**
   * Fetches the page shown again; with `whole` (Refresh), a search reads the whole log again
   * too. After a rule was saved only the page is needed: the rules travel with every page.
   */
  reload(options?: { whole: boolean }): Promise<void>;
  setQuery(patch: Partial<DecisionQuery>): void;
  clearQuery(): void;
  /** Reads the rest of the whole log after a failure. */
  readWhole(): Promise<void>;
  jumpToPage(page: number): Promise<void>;
  jumpToDate(date: string): Promise<void>;
}

let ticket = 0;
let wholeTicket = 0;

export const useDecisions = create<DecisionsState>()((set, get) => {
  async function fetchPage(offset: number): Promise<void> {
    const { projectId, limit } = get();
    if (!projectId) return;
    const mine = ++ticket;
    set({ offset, loading: true, problem: null });
    const res = await getBridge().api.decisions({ projectId, limit, offset });
    if (mine !== ticket) return;
    if (res.ok) set({ page: res.data, loading: false, loadedAt: Date.now() });
    else set({ problem: failure('Could not load the decision log', res.error), loading: false });
  }

  return {
    projectId: null,
    limit: LIMITS.decisionsLimitDefault,
    offset: 0,
    page: null,
    loading: false,
    problem: null,
    loadedAt: null,
    query: EMPTY_DECISION_QUERY,
    whole: null,
    matchOffset: 0,
    jumpProblem: null,

    async enter(projectId) {
      if (get().projectId === projectId && (get().page || get().loading)) return;
      wholeTicket++;
      set({
        projectId,
        page: null,
        offset: 0,
        loadedAt: null,
        query: EMPTY_DECISION_QUERY,
        whole: null,
        matchOffset: 0,
        jumpProblem: null,
      });
      await fetchPage(0);
    },

    goTo: (offset) => {
      set({ jumpProblem: null });
      if (decisionMatches(get())) {
        set({ matchOffset: Math.max(0, offset) });
        return Promise.resolve();
      }
      return fetchPage(Math.max(0, offset));
    },

    async setLimit(limit) {
      const clamped = Math.min(LIMITS.decisionsLimitMax, Math.max(1, Math.trunc(limit)));
      // Keeps the first decision on screen in view: the new page starts at a multiple of the new size.
      set({ limit: clamped, matchOffset: Math.floor(get().matchOffset / clamped) * clamped });
      if (!decisionMatches(get())) await fetchPage(Math.floor(get().offset / clamped) * clamped);
    },

    async reload({ whole } = { whole: true }) {
      if (!whole) return fetchPage(get().offset);
      const searching = get().whole !== null;
      wholeTicket++;
      set({ whole: null });
      await fetchPage(get().offset);
      // The filters, when shown, start reading the log again as soon as it is dropped: not twice.
      if (searching && isFiltering(get().query) && get().whole === null) await get().readWhole();
    },

    setQuery(patch) {
      set({ query: { ...get().query, ...patch }, matchOffset: 0, jumpProblem: null });
      if (isFiltering(get().query) && !get().whole) void get().readWhole();
    },

    clearQuery() {
      set({ query: EMPTY_DECISION_QUERY, matchOffset: 0, jumpProblem: null });
    },

    async readWhole() {
      const { projectId } = get();
      if (!projectId) return;
      const mine = ++wholeTicket;
      const start = get().whole;
      let list: PagedList<Decision> = start && start.state === 'failed' ? start : { rows: [], total: 0, nextOffset: 0 };
      set({ whole: { ...list, state: 'loading', problem: null } });
      while (list.nextOffset !== null) {
        const res = await getBridge().api.decisions({
          projectId,
          limit: LIMITS.decisionsLimitMax,
          offset: list.nextOffset,
        });
        if (mine !== wholeTicket) return;
        if (!res.ok) {
          // What was read is still searched (decisionMatches); the result line says it is only part of the log.
          set({
            whole: {
              ...list,
              state: 'failed',
              problem: failure('Could not read the whole decision log to search it', res.error),
            },
          });
          return;
        }
        const pageInfo = {
          total: res.data.decided,
          nextOffset: res.data.decisions.length === 0 ? null : res.data.nextOffset,
        };
        list =
          list.rows.length === 0
            ? firstPage(res.data.decisions, pageInfo)
            : appendPage(list, res.data.decisions, pageInfo);
        set({ whole: { ...list, state: 'loading', problem: null } });
      }
      set({ whole: { ...list, state: 'done', problem: null } });
    },

    async jumpToPage(pageNumber) {
      const offset = (Math.max(1, Math.trunc(pageNumber)) - 1) * get().limit;
      await get().goTo(offset);
    },

    async jumpToDate(date) {
      const problem = jumpDateProblem(date);
      if (problem) {
        set({ jumpProblem: problem });
        return;
      }
      const end = endOfLocalDay(date)!;
      const { projectId } = get();
      const matches = decisionMatches(get());
      if (matches) {
        const at = offsetForDate(matches, end);
        if (at >= matches.length)
          set({ jumpProblem: 'No decision among the matches was made on or before that date.' });
        else set({ matchOffset: at, jumpProblem: null });
        return;
      }
      if (!projectId) return;
      set({ loading: true, jumpProblem: null });
      // The service counts the decisions made after a time: that many come before the date in the log.
      const res = await getBridge().api.decisions({ projectId, limit: 1, since: String(end - 1) });
      if (!res.ok) {
        set({ loading: false, problem: failure('Could not find that date in the decision log', res.error) });
        return;
      }
      const total = get().page?.decided ?? Infinity;
      if (res.data.decided >= total) {
        set({ loading: false, jumpProblem: 'No decision was made on or before that date.' });
        return;
      }
      await fetchPage(res.data.decided);
    },
  };
});

type MatchSource = Pick<DecisionsState, 'whole' | 'query'>;

let lastMatched: { whole: WholeLog | null; query: DecisionQuery; matches: Decision[] | null } | null = null;

/**
 * The decisions matching the query, derived from the whole log and the query so that no action
 * has to keep them: null while not filtering, and while the log is being read (never "no match"
 * before the log is read to its end, or as far as it could be read). The last answer is kept,
 * as both only change on a search key or a page of the log, while everything on screen asks.
 */
export function decisionMatches({ whole, query }: MatchSource): Decision[] | null {
  if (lastMatched?.whole === whole && lastMatched.query === query) return lastMatched.matches;
  const matches = whole && whole.state !== 'loading' && isFiltering(query) ? filterDecisions(whole.rows, query) : null;
  lastMatched = { whole, query, matches };
  return matches;
}

/** The decisions on screen: a page of the service's log, or a page of the matches of a search. */
interface DecisionsView {
  offset: number;
  rows: Decision[];
  total: number;
  nextOffset: number | null;
  filtered: boolean;
}

export function decisionsView(
  s: Pick<DecisionsState, 'page' | 'whole' | 'matchOffset' | 'limit' | 'query'>,
): DecisionsView | null {
  if (isFiltering(s.query)) {
    const matches = decisionMatches(s);
    if (!matches) return null;
    const end = s.matchOffset + s.limit;
    return {
      offset: s.matchOffset,
      rows: matches.slice(s.matchOffset, end),
      total: matches.length,
      nextOffset: end < matches.length ? end : null,
      filtered: true,
    };
  }
  if (!s.page) return null;
  return {
    offset: s.page.offset,
    rows: s.page.decisions,
    total: s.page.decided,
    nextOffset: s.page.nextOffset,
    filtered: false,
  };
}

/** The decisions on screen, recomputed only when what they come from changes. */
export function useDecisionsView(): DecisionsView | null {
  const page = useDecisions((s) => s.page);
  const whole = useDecisions((s) => s.whole);
  const matchOffset = useDecisions((s) => s.matchOffset);
  const limit = useDecisions((s) => s.limit);
  const query = useDecisions((s) => s.query);
  return useMemo(
    () => decisionsView({ page, whole, matchOffset, limit, query }),
    [page, whole, matchOffset, limit, query],
  );
}

// A page or a read of the whole log that failed for want of the service is asked again once it answers.
onReconnected(() => {
  const s = useDecisions.getState();
  if (s.problem && goneWithTheConnection(s.problem)) void s.reload({ whole: false });
  if (s.whole?.state === 'failed' && s.whole.problem && goneWithTheConnection(s.whole.problem)) void s.readWhole();
});
