import type { QueryKey } from '@tanstack/react-query';
import type { ReadOutput } from '#shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import { connectionKey, fromBridge } from './query-client.js';

/**
 * One thread's detail (GET /items/{id}) in the query cache, shared by every view that reads
 * it: the evidence views keep it for the session, and the thread panel opens from a read made
 * a moment ago instead of asking again.
 */
export type ThreadDetail = ReadOutput<'getItem'>;

export const threadDetailKey = (connectionId: string | null | undefined, itemId: string): QueryKey =>
  connectionKey(connectionId, 'thread-detail', itemId);

/** The thread's detail as a query: each reader adds how long its reads serve. */
export const threadDetailQuery = (connectionId: string | null | undefined, itemId: string) => ({
  queryKey: threadDetailKey(connectionId, itemId),
  queryFn: (): Promise<ThreadDetail> => fromBridge(getBridge().api.getItem({ itemId })),
});

/** Whether a query-cache key is a thread detail of the connection (the shape threadDetailKey makes). */
export function isThreadDetailKey(key: QueryKey, connectionId: string | null | undefined): boolean {
  const [scope, connection, kind] = threadDetailKey(connectionId, '');
  return key[0] === scope && key[1] === connection && key[2] === kind;
}
