import { bridgeErrorOf, queryClient } from '../../server-state/query-client.js';
import { threadDetailKey, threadDetailQuery, type ThreadDetail } from '../../server-state/thread-detail.js';
import { evidenceOf, type DetailLookup, type DetailState, type ThreadEvidence } from './evidence-model.js';

/**
 * One thread's detail as the evidence views read it: kept for the whole session (a
 * screenshot's anchor and evidence do not change under a status change, and the views that
 * need it come back to the same threads).
 */
const evidenceDetailQuery = (connectionId: string | null | undefined, itemId: string) => ({
  ...threadDetailQuery(connectionId, itemId),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function readThreadDetail(connectionId: string | null | undefined, itemId: string): Promise<ThreadDetail> {
  return queryClient.fetchQuery(evidenceDetailQuery(connectionId, itemId));
}

/** True when the thread's detail or its failure is kept, so reading it again is not for the queue to decide. */
export function detailSettled(connectionId: string | null | undefined, itemId: string): boolean {
  const status = queryClient.getQueryState(threadDetailKey(connectionId, itemId))?.status;
  return status === 'success' || status === 'error';
}

/** Forgets a failed read, so the thread is read again when it is wanted. */
export function forgetFailedRead(connectionId: string | null | undefined, itemId: string): void {
  queryClient.removeQueries({ queryKey: threadDetailKey(connectionId, itemId), exact: true });
}

const evidenceByDetail = new WeakMap<object, ThreadEvidence>();

/** What the cache knows of each thread's evidence, for the models. */
export function cachedDetails(connectionId: string | null | undefined): DetailLookup {
  return (itemId) => {
    const state = queryClient.getQueryState<ThreadDetail>(threadDetailKey(connectionId, itemId));
    if (!state) return undefined;
    if (state.data) {
      let evidence = evidenceByDetail.get(state.data);
      if (!evidence) evidenceByDetail.set(state.data, (evidence = evidenceOf(state.data)));
      return { state: 'read', evidence } satisfies DetailState;
    }
    if (state.status === 'error') return { state: 'failed', message: bridgeErrorOf(state.error).message };
    return undefined;
  };
}
