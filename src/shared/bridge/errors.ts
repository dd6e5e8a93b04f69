import type { AmbiguousNameErrorBody, BillingReason } from '../api/errors.js';

/**
 * Every failure that crosses the bridge, typed so the UI can explain it in words and
 * offer the way out. Errors never cross IPC as thrown exceptions (Electron drops their
 * fields), only as the `error` arm of a BridgeResult.
 */
export type BridgeErrorKind =
  | 'auth' // 401: token missing, malformed, unknown, expired or revoked
  | 'billing' // 403 billing_limit: reviewer seat or plan without agent tools
  | 'forbidden' // 403 other: role does not allow it
  | 'not_found' // 404
  | 'validation' // 400: invalid field, ambiguous name, reply id, refusal
  | 'rate_limited' // 429 after our own retries gave up
  | 'network' // unreachable, dropped, timed out
  | 'server' // 5xx
  | 'bad_response' // the service answered with something we cannot read
  | 'keychain' // OS keychain missing or locked
  | 'no_connection' // no active connection to call with
  | 'sign_in' // browser sign-in did not finish: reason says how (cancelled, denied, timed_out, port_in_use, refused, unavailable)
  | 'bad_request'; // the renderer sent input the bridge refuses

export interface BridgeError {
  kind: BridgeErrorKind;
  /** A sentence for people: what happened and what to do. */
  message: string;
  status?: number;
  /** The service's own sentence, when it gave one. */
  serverMessage?: string;
  /** Billing or refusal reason from the body (no_seat, no_plan, resolved_item, ...). */
  reason?: BillingReason | string;
  /** 400 for a reply's ID: the thread to open instead. */
  parentId?: string;
  /** 400 for an ambiguous name: the people to choose from. */
  candidates?: AmbiguousNameErrorBody['candidates'];
  /** Name that was ambiguous. */
  name?: string;
  /** Field the service named as invalid. */
  field?: string;
  /** For rate limiting: when the pause ends (ms since 1970). */
  retryAt?: number;
  /** The address that answered (no query), when the answer itself is the problem. */
  address?: string;
  /** For writes that failed on the network: the write may or may not have happened. */
  uncertain?: boolean;
}

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };
