import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Decision, DecisionsResponse } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { getBridge } from '../../../bridge/index.js';
import { connectionKey, fromBridge, queryProblem } from '../../../server-state/query-client.js';
import type { Failure } from '../../../stores/failure.js';
import { useSession } from '../../../stores/session-store.js';
import { endOfLocalDay, filterDecisions, isFiltering, type DecisionQuery } from '../model/decisions-filter.js';
import { appendPage, firstPage, type PagedList } from '../model/paging.js';
import { useDecisions, type PageAt } from './decisions-store.js';

const logKey = (connectionId: string | null | undefined, projectId: string, ...rest: unknown[]) =>
  connectionKey(connectionId, 'reports-decisions', projectId, ...rest);

/** Every page of a project's log: what a saved rule makes stale (the rules travel with each page). */
export const decisionPagesKey = (connectionId: string | null | undefined, projectId: string) =>
  logKey(connectionId, projectId, 'page');

/** One page of the log as the service serves it, newest first. Kept until refreshed. */
export function decisionPageQuery(connectionId: string | null | undefined, projectId: string, at: PageAt) {
  return queryOptions({
    queryKey: [...decisionPagesKey(connectionId, projectId), at.limit, at.offset],
    queryFn: () => fromBridge(getBridge().api.decisions({ projectId, limit: at.limit, offset: at.offset })),
    staleTime: Infinity,
  });
}

/**
 * The whole log, read a page at a time (the largest the service allows) for search and filters:
 * the service neither searches nor filters decisions. A read that failed keeps its pages and goes
 * on from the next one.
 */
export function wholeLogQuery(connectionId: string | null | undefined, projectId: string) {
  return infiniteQueryOptions({
    queryKey: logKey(connectionId, projectId, 'whole'),
    queryFn: ({ pageParam }) =>
      fromBridge(getBridge().api.decisions({ projectId, limit: LIMITS.decisionsLimitMax, offset: pageParam })),
    initialPageParam: 0,
    // A page that brings nothing ends the read, whatever it says comes next.
    getNextPageParam: (last: DecisionsResponse) =>
      last.decisions.length === 0 ? undefined : (last.nextOffset ?? undefined),
    staleTime: Infinity,
  });
}

/**
 * Where a date is in the log: how many decisions were made after its end, as that many come
 * before it. Nothing is asked without a date (or with one that is not a date).
 */
function dateQuery(connectionId: string | null | undefined, projectId: string, date: string | null) {
  const end = date === null ? null : endOfLocalDay(date);
  return queryOptions({
    queryKey: logKey(connectionId, projectId, 'date', date),
    queryFn:
      end === null
        ? skipToken
        : async () =>
            (await fromBridge(getBridge().api.decisions({ projectId, limit: 1, since: String(end - 1) }))).decided,
    // Asked afresh for each jump, and not kept: the log moves under newer decisions.
    staleTime: 0,
    gcTime: 0,
  });
}

/** The whole log as read so far. */
interface WholeLog extends PagedList<Decision> {
  state: 'loading' | 'done' | 'failed';
  problem: Failure | null;
}

/** The pages of the whole log as one list: a decision that moved between pages is kept once. */
function logOfPages(pages: readonly DecisionsResponse[]): PagedList<Decision> {
  let list: PagedList<Decision> = { rows: [], total: 0, nextOffset: 0 };
  for (const page of pages) {
    const info = { total: page.decided, nextOffset: page.decisions.length === 0 ? null : page.nextOffset };
    list = list.rows.length === 0 ? firstPage(page.decisions, info) : appendPage(list, page.decisions, info);
  }
  return list;
}

const NOTHING_READ: PagedList<Decision> = { rows: [], total: 0, nextOffset: 0 };
/** Module-level, so the list is folded again only when a page arrives. */
const logOfData = (data: InfiniteData<DecisionsResponse>) => logOfPages(data.pages);

/** The decisions on screen: a page of the service's log, or a page of the matches of a search. */
interface DecisionsView {
  offset: number;
  rows: Decision[];
  total: number;
  nextOffset: number | null;
  filtered: boolean;
}

/**
 * The decisions matching the query: null while not filtering, and while the log is being read
 * (never "no match" before the log is read to its end, or as far as it could be read).
 */
function matchesOf(whole: WholeLog | null, query: DecisionQuery): Decision[] | null {
  return whole && whole.state !== 'loading' && isFiltering(query) ? filterDecisions(whole.rows, query) : null;
}

function decisionsView(s: {
  page: DecisionsResponse | null;
  matches: Decision[] | null;
  matchOffset: number;
  limit: number;
  query: DecisionQuery;
}): DecisionsView | null {
  if (isFiltering(s.query)) {
    if (!s.matches) return null;
    const end = s.matchOffset + s.limit;
    return {
      offset: s.matchOffset,
      rows: s.matches.slice(s.matchOffset, end),
      total: s.matches.length,
      nextOffset: end < s.matches.length ? end : null,
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

interface DecisionLog {
  /** The page shown: the one asked for once it arrived, until then (or when it failed) the last one that did. */
  page: DecisionsResponse | null;
  /** A page, or where a date is, is being read. */
  loading: boolean;
  /** Why the page asked for, or where a date is, could not be read. */
  problem: Failure | null;
  loadedAt: number | null;
  /** Null until the whole log is first asked for. */
  whole: WholeLog | null;
  matches: Decision[] | null;
  view: DecisionsView | null;
  /** Reads the page shown again, and the whole log a search reads. */
  refresh(): void;
  /** Reads the rest of the whole log after a failure. */
  readWhole(): void;
  /** Among the matches of a search at once; otherwise the service is asked where the date is. */
  jumpToDate(date: string): void;
}

/**
 * The page asked for, the page last shown and the date being looked for, read as the store says;
 * both hooks below start from them.
 */
function useLogPages(projectId: string) {
  const connectionId = useSession((s) => s.active?.connection.id);
  const at = useDecisions((s) => s.at);
  const shown = useDecisions((s) => s.shown);
  const jumpDate = useDecisions((s) => s.jumpDate);
  // Until the tab has shown this project (an effect), the choices in the store are another project's.
  const ready = useDecisions((s) => s.projectId === projectId);
  const asked = useQuery({ ...decisionPageQuery(connectionId, projectId, at), enabled: ready });
  const last = useQuery({ ...decisionPageQuery(connectionId, projectId, shown), enabled: false });
  const jump = useQuery({ ...dateQuery(connectionId, projectId, jumpDate), enabled: ready });
  return { connectionId, at, ready, asked, last, jumpDate, jump };
}

/** The decision log of the project on screen, as every part of the Decisions tab shows it. */
export function useDecisionLog(projectId: string): DecisionLog {
  const client = useQueryClient();
  const { connectionId, ready, asked, last, jumpDate, jump } = useLogPages(projectId);
  const limit = useDecisions((s) => s.limit);
  const query = useDecisions((s) => s.query);
  const matchOffset = useDecisions((s) => s.matchOffset);
  const displayed = asked.data ? asked : last;
  const page = ready ? (displayed.data ?? null) : null;

  const wholeQuery = useInfiniteQuery({ ...wholeLogQuery(connectionId, projectId), enabled: false, select: logOfData });
  const wholeList = wholeQuery.data;
  const wholeState: WholeLog['state'] | null = wholeQuery.isFetching
    ? 'loading'
    : wholeQuery.isError
      ? 'failed'
      : wholeList === undefined
        ? null
        : wholeQuery.hasNextPage
          ? 'loading'
          : 'done';
  const wholeError = wholeQuery.error;
  const whole = useMemo<WholeLog | null>(
    () =>
      wholeState === null
        ? null
        : {
            ...(wholeList ?? NOTHING_READ),
            state: wholeState,
            problem: queryProblem('Could not read the whole decision log to search it', { error: wholeError }),
          },
    [wholeList, wholeState, wholeError],
  );
  const matches = useMemo(() => matchesOf(whole, query), [whole, query]);
  const view = useMemo(
    () => decisionsView({ page, matches, matchOffset, limit, query }),
    [page, matches, matchOffset, limit, query],
  );

  const wholeKey = wholeLogQuery(connectionId, projectId).queryKey;
  return {
    page,
    loading: asked.isFetching || jump.isFetching,
    problem:
      queryProblem('Could not find that date in the decision log', jump) ??
      queryProblem('Could not load the decision log', asked),
    loadedAt: page ? displayed.dataUpdatedAt : null,
    whole,
    matches,
    view,
    refresh() {
      // Every page kept is from before: the newest decisions shift the offsets of the rest.
      void client.invalidateQueries({ queryKey: decisionPagesKey(connectionId, projectId) });
      void client.resetQueries({ queryKey: wholeKey, exact: true });
      // So does a date still looked for (the Retry of a lookup that failed).
      if (jumpDate !== null) void jump.refetch();
    },
    readWhole: () => void wholeQuery.fetchNextPage(),
    jumpToDate(date) {
      const again = useDecisions.getState().jumpDate === date;
      useDecisions.getState().jumpToDate(date, matches);
      // The same date asked again after its lookup failed is asked of the service again.
      if (again && useDecisions.getState().jumpDate === date) void jump.refetch();
    },
  };
}

/**
 * Keeps the log's reading going, from the one place that owns it (the tab): the page asked for
 * becomes the one shown when it arrives, and once the log has decisions the whole log is read a
 * page at a time for search and filters, stopping at a failure until asked again.
 */
export function useDecisionLogReader(projectId: string): void {
  const { connectionId, at, ready, asked, last, jump } = useLogPages(projectId);
  const filtering = useDecisions((s) => isFiltering(s.query));
  const { arrived, landOnDate } = useDecisions.getState();
  useEffect(() => {
    if (ready && asked.isSuccess) arrived(at);
  }, [ready, asked.isSuccess, at, arrived]);

  // Where the date asked for is, once the service said it for this asking (not a kept answer while it asks again).
  const before = jump.isSuccess && !jump.isFetching ? jump.data : null;
  const total = (asked.data ?? last.data)?.decided ?? Infinity;
  useEffect(() => {
    if (before !== null) landOnDate(before, total);
  }, [before, total, landOnDate]);

  const wanted = ready && (((asked.data ?? last.data)?.decided ?? 0) > 0 || filtering);
  const whole = useInfiniteQuery({ ...wholeLogQuery(connectionId, projectId), enabled: wanted });
  const readMore = wanted && whole.data !== undefined && whole.hasNextPage && !whole.isFetching && !whole.isError;
  const { fetchNextPage } = whole;
  useEffect(() => {
    if (readMore) void fetchNextPage();
  }, [readMore, fetchNextPage]);
}
