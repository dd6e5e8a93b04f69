import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import { failure, goneWithTheConnection, type Failure } from '../stores/failure.js';
import { onReconnected } from '../stores/network-store.js';

/**
 * Server state in the renderer goes through TanStack Query: one cache, dropped answers to
 * superseded requests, loading and error states, keep-for-a-quick-reopen. The bridge never
 * throws, so a query function unwraps its result with `fromBridge`, and a failed query holds
 * the bridge's own error for <ErrorMessage>.
 */
export class BridgeFailure extends Error {
  constructor(readonly error: BridgeError) {
    super(error.message);
    this.name = 'BridgeFailure';
  }
}

export async function fromBridge<T>(result: Promise<BridgeResult<T>>): Promise<T> {
  const res = await result;
  if (!res.ok) throw new BridgeFailure(res.error);
  return res.data;
}

/** The bridge's error behind a query's error, or one that says the app itself failed. */
export function bridgeErrorOf(error: unknown): BridgeError {
  if (error instanceof BridgeFailure) return error.error;
  return { kind: 'bad_response', message: error instanceof Error ? error.message : String(error) };
}

/** A failed query in words for <ErrorMessage>: what the person was doing, and the bridge's error; null while it has not failed. */
export function queryProblem(title: string, query: { error: unknown }): Failure | null {
  return query.error ? failure(title, bridgeErrorOf(query.error)) : null;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The main process already paces, waits out 429s and retries what is safe to retry;
      // a second layer of retries here would only multiply requests.
      retry: false,
      // Reachability is the bridge's business (the status bar says it); the browser's
      // online flag knows nothing of the service.
      networkMode: 'always',
      refetchOnWindowFocus: false,
      staleTime: 60_000,
      gcTime: 10 * 60_000,
    },
  },
});

/** Every key starts with the connection, so one connection's answers never show under another. */
export const connectionKey = (connectionId: string | null | undefined, ...rest: unknown[]): QueryKey => [
  'connection',
  connectionId ?? 'none',
  ...rest,
];

/**
 * When the service answers again, what failed only because it could not be reached is asked
 * again; what failed for another reason (not found, forbidden) stays as it is.
 */
onReconnected(() => {
  void queryClient.refetchQueries({
    predicate: (query) =>
      query.state.status === 'error' && goneWithTheConnection({ title: '', error: bridgeErrorOf(query.state.error) }),
  });
});
