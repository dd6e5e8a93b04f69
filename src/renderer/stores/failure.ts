import type { BridgeError } from '#shared/bridge/errors.js';

/** A bridge error plus what the person was doing when it happened, ready for <ErrorMessage>. */
export interface Failure {
  title: string;
  error: BridgeError;
}

export const failure = (title: string, error: BridgeError): Failure => ({ title, error });

/** Failures of the connection rather than of one request: every request fails the same way meanwhile. */
const CONNECTION_KINDS: ReadonlySet<string> = new Set([
  'network',
  'no_connection',
  'auth',
  'billing',
  'rate_limited',
  'keychain',
]);

/**
 * Failures that only said the service could not be reached (or answered 5xx while it
 * restarted): once the connection is back they are no longer true, so what failed is asked again.
 */
export function goneWithTheConnection(f: Failure): boolean {
  return f.error.kind === 'network' || f.error.kind === 'server';
}

/**
 * Two failures with one cause (the service unreachable, say): one banner tells both. A
 * connection problem is one cause whatever each request's words; others must say the same.
 */
export function sameCause(a: Failure, b: Failure): boolean {
  if (a.error.kind !== b.error.kind) return false;
  return CONNECTION_KINDS.has(a.error.kind) || a.error.message === b.error.message;
}
