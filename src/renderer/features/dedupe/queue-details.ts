import { skipToken, useQuery } from '@tanstack/react-query';
import { actionFailure } from '../../format/refusals.js';
import { bridgeErrorOf, queryClient } from '../../server-state/query-client.js';
import { threadDetailQuery, type ThreadDetail } from '../../server-state/thread-detail.js';
import type { Failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';

/**
 * Thread details in the dedupe queue (a thread's full message, the subject's report count),
 * from the query cache the thread panel and the evidence views read too: a thread one of them
 * read a moment ago shows at once here, and the other way round.
 */
const connectionNow = () => useSession.getState().active?.connection.id;

/** A failed read is not asked again on every showing: the failure stays, in words, until the service answers again. */
export function useQueueDetail(itemId: string | null): { detail: ThreadDetail | undefined; problem: Failure | null } {
  const connectionId = useSession((s) => s.active?.connection.id);
  const query = useQuery({
    ...threadDetailQuery(connectionId, itemId ?? ''),
    ...(itemId === null ? { queryFn: skipToken } : {}),
    retryOnMount: false,
  });
  return {
    detail: query.data,
    // A failed re-read keeps what was shown; a first read that fails says so.
    problem:
      query.data === undefined && query.error
        ? actionFailure('Could not load this thread', bridgeErrorOf(query.error))
        : null,
  };
}

/** Reads ahead a subject about to show, unless its detail is kept, on its way, or failed. */
export function prefetchQueueDetail(itemId: string): void {
  const detail = threadDetailQuery(connectionNow(), itemId);
  if (queryClient.getQueryState(detail.queryKey)?.status === 'error') return;
  void queryClient.prefetchQuery(detail);
}

/**
 * Reads a thread again (a merge changed its report count). A read already on its way was sent
 * before the merge: it is cancelled first, so its answer cannot be the one kept.
 */
export function rereadQueueDetail(itemId: string): void {
  const detail = threadDetailQuery(connectionNow(), itemId);
  void queryClient
    .cancelQueries({ queryKey: detail.queryKey, exact: true })
    .then(() => queryClient.fetchQuery({ ...detail, staleTime: 0 }))
    .catch(() => undefined);
}
