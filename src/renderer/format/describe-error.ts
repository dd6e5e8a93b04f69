import type { BridgeError } from '#shared/bridge/errors.js';

interface ErrorExplanation {
  /** What the person was doing, e.g. "Could not load projects". */
  title: string;
  /** The bridge's own sentence: what happened. */
  detail: string;
  /** The way out, when the kind tells us one the sentence may not. */
  hint: string | null;
  /** The token or connection is the problem: offer the connections screen. */
  offerConnections: boolean;
  /** Trying the same thing again may work. */
  retryable: boolean;
}

function billingHint(reason: string | undefined): string {
  if (reason === 'no_seat')
    return 'You have a reviewer seat in this workspace. A workspace owner or admin can change your role to collaborator or admin.';
  if (reason === 'no_plan')
    return "This organization's plan does not include agent tools. The organization owner can upgrade the plan.";
  return 'Agent tools are not available in this workspace. A workspace owner or admin can check your role and the plan.';
}

function hintFor(error: BridgeError): string | null {
  switch (error.kind) {
    case 'auth':
      return 'The service no longer accepts this token. Create a new token in your account settings, then add the connection again.';
    case 'billing':
      return billingHint(error.reason);
    case 'forbidden':
      return 'Your role does not allow this. A workspace owner or admin can change your role.';
    case 'not_found':
      return 'It may have been deleted, or this token cannot reach its workspace. Refresh to see what is there now.';
    case 'rate_limited':
      return 'The service limits how many requests one token makes per minute. Wait a moment, then try again.';
    case 'network':
      return error.uncertain
        ? 'The connection dropped mid-change, so it may or may not have been saved. Refresh to see the current state before trying again.'
        : 'Check your network or VPN, then try again.';
    case 'server':
      return 'The service had a problem on its side. Try again in a minute; if it keeps happening, tell whoever runs the service.';
    case 'bad_response':
      return 'The service answered in a form Triage Desk cannot read; it may be a different version. Tell whoever runs the service.';
    case 'keychain':
      return 'Triage Desk keeps tokens in the system keychain. Unlock the keychain (or install one, such as GNOME Keyring), then try again. In the desktop app, Help → Check the Keychain… says what to do on your system.';
    case 'no_connection':
      return 'Connect to a feedback service first.';
    case 'sign_in':
      return 'Sign in again with your browser, or use a personal token.';
    case 'validation':
      return error.field ? `Check the value of “${error.field}”.` : null;
    case 'bad_request':
      return null;
  }
}

/**
 * The bridge's sentences usually already end with the next step ("…then try again").
 * A second, generic way out under it would only be noise, so ours is added only when
 * the sentence gives none. Billing is the exception: who can fix it is the point.
 */
const GIVES_WAY_OUT =
  /\b(try again|reconnect|re-?add|ask|contact|upgrade|check|install|unlock|create a new|create one|sign in|refresh|reload|wait)\b/i;

function alreadyGuides(detail: string, error: BridgeError): boolean {
  if (error.kind === 'billing') return /\b(owner|admin)\b/i.test(detail);
  return GIVES_WAY_OUT.test(detail);
}

const RETRYABLE = new Set<BridgeError['kind']>([
  'network',
  'server',
  'rate_limited',
  'keychain',
  'not_found',
  'bad_response',
]);
const CONNECTION_KINDS = new Set<BridgeError['kind']>(['auth', 'no_connection', 'billing']);

/** Turns a bridge failure into words with a way out, prefixed by what the person was doing. */
export function explainError(error: BridgeError, title: string): ErrorExplanation {
  const hint = hintFor(error);
  const detail = error.message.trim() || 'Something went wrong.';
  return {
    title,
    detail,
    hint: hint && !alreadyGuides(detail, error) ? hint : null,
    offerConnections: CONNECTION_KINDS.has(error.kind),
    retryable: RETRYABLE.has(error.kind) && !error.uncertain,
  };
}

/** Anything thrown (not a BridgeError), as a BridgeError, so one component explains everything. */
export function errorFromUnknown(thrown: unknown): BridgeError {
  const message = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : 'Unknown error';
  return { kind: 'bad_request', message: `Triage Desk hit an internal error: ${message}` };
}
