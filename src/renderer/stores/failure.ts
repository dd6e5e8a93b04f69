import type { BridgeError } from '../../shared/bridge/errors.js';

/** A bridge error plus what the person was doing when it happened, ready for <ErrorMessage>. */
export interface Failure {
  title: string;
  error: BridgeError;
}

export const failure = (title: string, error: BridgeError): Failure => ({ title, error });

/** Two failures with one cause (the service unreachable, say): one banner tells both. */
export function sameCause(a: Failure, b: Failure): boolean {
  return a.error.kind === b.error.kind && a.error.message === b.error.message;
}
