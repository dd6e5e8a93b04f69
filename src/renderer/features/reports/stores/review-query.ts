import {
  hashKey,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReviewSection } from '#shared/api/requests.js';
import type { ReviewResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { connectionKey, fromBridge, queryClient, queryProblem } from '../../../server-state/query-client.js';
import type { Failure } from '../../../stores/failure.js';
import { useSession } from '../../../stores/session-store.js';
import { appendPage, firstPage, REPORT_STEP, type PagedList } from '../model/paging.js';
import { REVIEW_SECTION_KEYS, SECTION_META, type ReviewRow } from '../model/review-model.js';
import { useReviewView } from './review-store.js';

/** The overview a section's pages continue: its answer and when it was read. */
export interface OverviewRead {
  data: ReviewResponse;
  readAt: number;
}

/** The project review: every count and the first 25 rows per section. Read once; again only on Refresh. */
function reviewQuery(connectionId: string | null | undefined, projectId: string) {
  return queryOptions({
    queryKey: connectionKey(connectionId, 'reports-review', projectId),
    queryFn: () => fromBridge(getBridge().api.review({ projectId })),
    staleTime: Infinity,
  });
}

/**
 * A section's rows: the overview's first rows, then the service's pages from each nextOffset.
 * The pages belong to the overview they continue (its read time is in the key), so a page that
 * arrives after a refresh or for another project lands where nobody looks.
 */
function reviewSectionQuery(
  connectionId: string | null | undefined,
  projectId: string,
  section: ReviewSection,
  overview: OverviewRead,
) {
  return infiniteQueryOptions({
    queryKey: connectionKey(connectionId, 'reports-review', projectId, 'section', section, overview.readAt),
    queryFn: ({ pageParam }) => fromBridge(getBridge().api.review({ projectId, section, offset: pageParam })),
    initialPageParam: 0,
    initialData: { pages: [overview.data], pageParams: [0] },
    // Only the requested section's page describes what came back; the others say 0.
    getNextPageParam: (last: ReviewResponse) => last.pages[section].nextOffset ?? undefined,
    staleTime: Infinity,
  });
}

/** A section's rows from its pages: a thread that moved between requests is kept once, where first seen. */
function sectionOfPages<S extends ReviewSection>(
  section: S,
  pages: readonly ReviewResponse[],
): PagedList<ReviewRow<S>> {
  const [first, ...rest] = pages;
  const rowsOf = (page: ReviewResponse) => (page[section] ?? []) as ReviewRow<S>[];
  let list = firstPage(rowsOf(first!), first!.pages[section]);
  for (const page of rest) list = appendPage<ReviewRow<S>>(list, rowsOf(page), page.pages[section]);
  return list;
}

interface ReviewOverview {
  overview: OverviewRead | null;
  loading: boolean;
  problem: Failure | null;
  loadedAt: number | null;
  refresh(): void;
}

export function useReviewOverview(projectId: string): ReviewOverview {
  const connectionId = useSession((s) => s.active?.connection.id);
  const query = useQuery(reviewQuery(connectionId, projectId));
  const { data, dataUpdatedAt } = query;
  const overview = useMemo(() => (data ? { data, readAt: dataUpdatedAt } : null), [data, dataUpdatedAt]);
  return {
    overview,
    loading: query.isFetching,
    problem: queryProblem('Could not load the project review', query),
    loadedAt: overview?.readAt ?? null,
    refresh: () => void query.refetch(),
  };
}

interface ReviewSectionState<S extends ReviewSection> {
  /** The rows read so far, with the service's total and next offset. */
  list: PagedList<ReviewRow<S>>;
  /** Rows on screen (and in the export): a step at a time, from the rows read so far. */
  shown: number;
  /** 'more' for one page, 'all' while reading every remaining page. */
  loading: 'more' | 'all' | null;
  problem: Failure | null;
  /** Reads the section's next page. */
  loadMore(): Promise<void>;
  /** Shows the next REPORT_STEP rows, reading the service's next page when the rows in hand run out. */
  showMore(): Promise<void>;
  /** Reads every remaining page (stopping at the first failure) and shows every row. */
  showAll(): Promise<void>;
}

const selectPages = (data: InfiniteData<ReviewResponse>) => data.pages;

export function useReviewSection<S extends ReviewSection>(
  projectId: string,
  section: S,
  overview: OverviewRead,
): ReviewSectionState<S> {
  const connectionId = useSession((s) => s.active?.connection.id);
  const options = reviewSectionQuery(connectionId, projectId, section, overview);
  const query = useInfiniteQuery({ ...options, select: selectPages });
  // Where the section's shown rows are remembered (review-store): with the query of its pages,
  // so a refresh starts it again at one step.
  const view = hashKey(options.queryKey);
  const { shown, readingAll } = useReviewView((s) => s.sectionOf(view));
  const pages = query.data;
  const list = useMemo(() => sectionOfPages(section, pages ?? [overview.data]), [section, pages, overview.data]);
  const { setSection } = useReviewView.getState();
  const busy = readingAll || query.isFetchingNextPage;

  return {
    list,
    shown,
    loading: readingAll ? 'all' : query.isFetchingNextPage ? 'more' : null,
    problem: queryProblem(`Could not load more ${SECTION_META[section].noun}`, query),
    async loadMore() {
      if (!busy && query.hasNextPage) await query.fetchNextPage();
    },
    async showMore() {
      if (busy) return;
      const want = shown + REPORT_STEP;
      if (want > list.rows.length && query.hasNextPage) {
        const result = await query.fetchNextPage();
        if (result.isError) return;
      }
      setSection(view, { shown: want });
    },
    async showAll() {
      if (busy) return;
      setSection(view, { readingAll: true });
      let more = query.hasNextPage;
      let rows = list.rows.length;
      while (more) {
        const result = await query.fetchNextPage();
        if (result.isError || !result.data) break;
        rows = sectionOfPages(section, result.data).rows.length;
        more = result.hasNextPage;
      }
      setSection(view, { readingAll: false, shown: Math.max(shown, rows) });
    },
  };
}

/** Every section as far as it was read and shown, for the export (outside React). */
export function reviewSectionsNow(
  connectionId: string | null | undefined,
  projectId: string,
  overview: OverviewRead,
): { [S in ReviewSection]: PagedList<ReviewRow<S>> & { shown: number } } {
  const one = <S extends ReviewSection>(section: S) => {
    const { queryKey } = reviewSectionQuery(connectionId, projectId, section, overview);
    const list = sectionOfPages(section, queryClient.getQueryData(queryKey)?.pages ?? [overview.data]);
    return { ...list, shown: useReviewView.getState().sectionOf(hashKey(queryKey)).shown };
  };
  const [resolved, deferred, open, discussions] = REVIEW_SECTION_KEYS;
  return {
    resolved: one(resolved),
    deferred: one(deferred),
    open: one(open),
    discussions: one(discussions),
  };
}
