import type { QueryKey } from '@tanstack/react-query';
import type { ReadOutput } from '#shared/reader/index.js';
import { connectionKey } from './query-client.js';

/**
 * One thread's detail (GET /items/{id}) in the query cache, shared by every view that reads
 * it: the evidence views keep it for the session, and the thread panel opens from a read made
 * a moment ago instead of asking again.
 */
export type ThreadDetail = ReadOutput<'getItem'>;

export const threadDetailKey = (connectionId: string | null | undefined, itemId: string): QueryKey =>
  connectionKey(connectionId, 'thread-detail', itemId);

/** Whether a query-cache key is a thread detail of the connection (the shape threadDetailKey makes). */
export function isThreadDetailKey(key: QueryKey, connectionId: string | null | undefined): boolean {
  const [scope, connection, kind] = threadDetailKey(connectionId, '');
  return key[0] === scope && key[1] === connection && key[2] === kind;
}
