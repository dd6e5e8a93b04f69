import { queryOptions, useQuery, type QueryKey, type QueryState } from '@tanstack/react-query';
import { getBridge } from '../bridge/index.js';
import { useSession } from '../stores/session-store.js';
import { onItemsChanged } from './items-sync.js';
import { createLimiter } from './limiter.js';
import { BridgeFailure, bridgeErrorOf, connectionKey, fromBridge, queryClient } from './query-client.js';

/** A project's thread counts, from the summary of a one-row listing (GET /items?limit=1). */
type ProjectCount =
  | { state: 'loading' }
  /** `capped`: the service read only its newest threads (scanLimit), so these are minimums. */
  | { state: 'ready'; open: number; total: number; capped: boolean }
  | { state: 'failed'; why: string };

type CountAnswer = { open: number; total: number; capped: boolean };

/** A count older than this is asked again when its row shows (the old one stays meanwhile). */
export const COUNT_FRESH_MS = 5 * 60_000;
/** A failed count is asked again when its row shows after this long. */
export const COUNT_RETRY_MS = 60_000;
/** Count requests in flight at once: the list never competes with the board for the rate limit. */
const COUNT_CONCURRENCY = 2;

const countTurn = createLimiter(COUNT_CONCURRENCY);

const KIND = 'project-count';

const isCountKey = (key: QueryKey) => key[0] === 'connection' && key[2] === KIND;

async function readCount(projectId: string): Promise<CountAnswer> {
  const page = await fromBridge(getBridge().api.listItems({ projectId, limit: 1 }));
  // A service that sends no summary leaves nothing to count from one row.
  if (!page.hasSummary)
    throw new BridgeFailure({
      kind: 'bad_response',
      message: 'The service did not say how many threads this project has.',
    });
  return { open: page.summary.open, total: page.summary.total, capped: page.capped };
}

/** Kept for the session, so the list paints counts at once when shown again. */
export function projectCountQuery(connectionId: string, projectId: string) {
  const queryKey = connectionKey(connectionId, KIND, projectId);
  return queryOptions({
    queryKey,
    queryFn: () =>
      countTurn(async () => {
        // The person switched connections while this one waited: it would go to the other one.
        if (useSession.getState().active?.connection.id !== connectionId) {
          void queryClient.cancelQueries({ queryKey, exact: true });
          throw new Error('The connection changed before this count was asked.');
        }
        return readCount(projectId);
      }),
    staleTime: COUNT_FRESH_MS,
    gcTime: Infinity,
  });
}

type CountState = Pick<
  QueryState<CountAnswer>,
  'status' | 'fetchStatus' | 'dataUpdatedAt' | 'errorUpdatedAt' | 'isInvalidated'
>;

/** Whether a count should be (re)asked: none yet, a stale one, or a failure a while ago; never one on its way. */
export function needsCount(state: CountState | undefined, now: number): boolean {
  if (state?.fetchStatus === 'fetching') return false;
  if (!state || state.status === 'pending') return true;
  if (state.status === 'error') return now - state.errorUpdatedAt >= COUNT_RETRY_MS;
  return state.isInvalidated || now - state.dataUpdatedAt >= COUNT_FRESH_MS;
}

/** Asks a count for a project whose row is on screen, unless a fresh one is known or on its way. */
export function requestCount(connectionId: string, projectId: string, now = Date.now()): void {
  const query = projectCountQuery(connectionId, projectId);
  if (!needsCount(queryClient.getQueryState(query.queryKey), now)) return;
  queryClient.fetchQuery({ ...query, staleTime: 0 }).catch(() => {
    // The failure stays in the cache, where the row reads it.
  });
}

/** What a row shows: a failure says why; a count stays on screen while a newer one is asked. */
export function projectCountOf(query: {
  status: string;
  data?: CountAnswer | undefined;
  error: unknown;
}): ProjectCount {
  if (query.status === 'error') return { state: 'failed', why: bridgeErrorOf(query.error).message };
  if (query.data) return { state: 'ready', ...query.data };
  return { state: 'loading' };
}

/** A project row's count as the cache holds it; asking is `requestCount`'s, for rows on screen only. */
export function useProjectCount(connectionId: string, projectId: string): ProjectCount {
  return projectCountOf(useQuery({ ...projectCountQuery(connectionId, projectId), enabled: false }));
}

// A change made here makes that project's count stale: kept on screen, asked again when shown.
onItemsChanged(({ projectId }) => {
  void queryClient.invalidateQueries({
    predicate: (q) => isCountKey(q.queryKey) && q.queryKey[3] === projectId,
    refetchType: 'none',
  });
});
