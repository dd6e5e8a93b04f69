import type { QueryKey } from '@tanstack/react-query';
import type { ReadOutput } from '../../shared/reader/index.js';
import { connectionKey, queryClient } from './query-client.js';

/**
 * One thread's detail (GET /items/{id}) in the query cache, shared by every view that reads
 * it: the evidence views keep it for the session, and the thread panel opens from a read made
 * a moment ago instead of asking again.
 */
export type ThreadDetail = ReadOutput<'getItem'>;

export const threadDetailKey = (connectionId: string | null | undefined, itemId: string): QueryKey => connectionKey(connectionId, 'thread-detail', itemId);

/** The thread's detail if it was read within `maxAgeMs`, else null. */
export function recentThreadDetail(connectionId: string | null | undefined, itemId: string, maxAgeMs: number): ThreadDetail | null {
  const state = queryClient.getQueryState<ThreadDetail>(threadDetailKey(connectionId, itemId));
  return state?.data && Date.now() - state.dataUpdatedAt <= maxAgeMs ? state.data : null;
}

/** Puts a fresh read where the other views find it. */
export function keepThreadDetail(connectionId: string | null | undefined, detail: ThreadDetail): void {
  queryClient.setQueryData(threadDetailKey(connectionId, detail.id), detail);
}
