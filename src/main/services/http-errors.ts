import { z } from 'zod';
import {
  AmbiguousNameErrorBody,
  ErrorBody,
  ParentIdErrorBody,
  RefusalErrorBody,
  type BillingReason,
} from '#shared/api/index.js';
import type { BridgeError } from '#shared/bridge/index.js';

/** What the mapping needs to know about the request that failed. */
export interface FailureContext {
  /** POSTs change things and are never replayed after an uncertain failure. */
  isWrite: boolean;
  /** host[:port] of the service, for sentences. */
  host: string;
  /** The address that answered, when there was an answer. */
  url?: URL;
  /** A 503's Retry-After, in ms: the service said when it expects to serve again. */
  retryAfterMs?: number;
}

/** The address for a sentence: no query (it may carry search words), no credentials. */
function shownAddress(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

export const AUTH_MESSAGE =
  'The service refused the token: it is missing, expired or revoked. Create a new token and reconnect.';

export const BILLING_MESSAGES: Record<BillingReason, string> = {
  no_seat:
    "You are a reviewer in this workspace; reviewers can't use the API. Ask an owner or admin to make you a collaborator.",
  no_plan: "This workspace's plan doesn't include agent tools. The organization owner can upgrade the plan.",
};

const REFRESH_BEFORE_RETRY = 'Refresh to check before trying again.';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function serverSentence(json: unknown): string | undefined {
  const r = ErrorBody.safeParse(json);
  return r.success ? r.data.error : undefined;
}

function withServer(base: BridgeError, sentence: string | undefined): BridgeError {
  return sentence === undefined ? base : { ...base, serverMessage: sentence };
}

/** Maps a non-2xx, non-429 answer to the bridge error the UI explains. */
export function mapHttpError(status: number, bodyText: string, ctx: FailureContext): BridgeError {
  const json = parseJson(bodyText);
  const sentence = serverSentence(json);

  if (status === 401) return withServer({ kind: 'auth', status, message: AUTH_MESSAGE }, sentence);

  if (status === 403) {
    const billing = readBillingRefusal(json);
    if (billing) {
      const known = Object.hasOwn(BILLING_MESSAGES, billing.reason ?? '')
        ? BILLING_MESSAGES[billing.reason as BillingReason]
        : null;
      const err: BridgeError = {
        kind: 'billing',
        status,
        message:
          known ??
          `Agent tools aren't available here${sentence ? `: ${sentence}` : ''}. Ask the workspace or organization owner.`,
      };
      if (billing.reason) err.reason = billing.reason;
      if (sentence !== undefined) err.serverMessage = sentence;
      return err;
    }
    const suffix = sentence ? ` (${sentence})` : '';
    return withServer(
      {
        kind: 'forbidden',
        status,
        message: `Your role doesn't allow this${suffix}. Ask a workspace owner or admin if you need it.`,
      },
      sentence,
    );
  }

  if (status === 404) {
    const notFound = withServer(
      {
        kind: 'not_found',
        status,
        message:
          "Not found: it doesn't exist, or this token can't reach it. Refresh the list; it may have been removed or merged.",
      },
      sentence,
    );
    if (ctx.url) notFound.address = shownAddress(ctx.url);
    return notFound;
  }

  if (status >= 500) return serverError(status, sentence, ctx);

  if (status >= 400) return validationError(status, json, sentence);

  return withServer(
    {
      kind: 'bad_response',
      status,
      message: `The service answered with an unexpected status (HTTP ${status}). Check the service URL.`,
    },
    sentence,
  );
}

/**
 * The longest Retry-After a read waits out on a 503 before trying again: a database restart
 * takes seconds; an answer asking for minutes is maintenance, said at once instead.
 */
export const MAX_UNAVAILABLE_WAIT_MS = 30_000;

/** "about 5 s", "about 2 min": when to try again, in words. */
function inAbout(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `about ${seconds} s` : `about ${Math.ceil(seconds / 60)} min`;
}

/**
 * A 503 is the service saying it cannot serve for now (its database is down or restarting, or
 * it is closing). Our service applies nothing it answers 503 to, but a proxy or another
 * implementation may have cut a write short, so a write stays "may or may not".
 */
function unavailableError(status: number, sentence: string | undefined, ctx: FailureContext): BridgeError {
  const when = ctx.retryAfterMs === undefined ? 'in a moment' : `in ${inAbout(ctx.retryAfterMs)}`;
  if (ctx.isWrite) {
    return withServer(
      {
        kind: 'server',
        status,
        uncertain: true,
        message: `The service at ${ctx.host} is unavailable for now (HTTP ${status}), so the change was most likely not saved. ${REFRESH_BEFORE_RETRY.replace(/\.$/, '')} ${when}.`,
      },
      sentence,
    );
  }
  return withServer(
    {
      kind: 'server',
      status,
      message: `The service at ${ctx.host} is unavailable for now (HTTP ${status}). Try again ${when}.`,
    },
    sentence,
  );
}

function serverError(status: number, sentence: string | undefined, ctx: FailureContext): BridgeError {
  if (status === 503) return unavailableError(status, sentence, ctx);
  if (ctx.isWrite) {
    return withServer(
      {
        kind: 'server',
        status,
        uncertain: true,
        message: `The service had a problem (HTTP ${status}) while saving, so the change may or may not have been made. ${REFRESH_BEFORE_RETRY}`,
      },
      sentence,
    );
  }
  return withServer(
    {
      kind: 'server',
      status,
      message: `The service at ${ctx.host} had a problem (HTTP ${status}). Try again in a moment.`,
    },
    sentence,
  );
}

/**
 * A plan or seat refusal, recognized by the fields the contract names (kind, feature)
 * whatever `limit`, `used` or `reason` hold: the live service may put numbers there or
 * add reasons we don't know.
 */
const BillingFields = z.looseObject({
  kind: z.unknown().optional(),
  feature: z.unknown().optional(),
  reason: z.unknown().optional(),
});
function readBillingRefusal(json: unknown): { reason: string | null } | null {
  const r = BillingFields.safeParse(json);
  if (!r.success) return null;
  const { kind, feature, reason } = r.data;
  if (kind !== 'billing_limit' && feature !== 'agent_tools') return null;
  return { reason: typeof reason === 'string' && reason !== '' ? reason : null };
}

/** A 2xx whose body is {error}: the service refused, in its own words (the live service does this). */
export function refusedIn2xxError(sentence: string, status: number): BridgeError {
  return {
    kind: 'validation',
    status,
    serverMessage: sentence,
    message: `The service refused the request: ${sentence}`,
  };
}

/** What came back instead of JSON, in words: "an HTML page", "an empty answer". */
export function describeNonJson(text: string, headers: Headers): string {
  if (text.trim() === '') return 'an empty answer';
  const type = headers.get('content-type') ?? '';
  if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(text)) return 'an HTML page';
  return type ? `${type.split(';')[0]} that is not JSON` : 'text that is not JSON';
}

/** What an unreadable JSON answer was, in words, for the bad_response sentence. */
export function describeAnswer(json: unknown, reason: string): string {
  if (Array.isArray(json)) return 'a JSON list';
  if (typeof json !== 'object' || json === null) return `a JSON ${json === null ? 'null' : typeof json}`;
  return `JSON without the fields this API answers with (${reason})`;
}

function validationError(status: number, json: unknown, sentence: string | undefined): BridgeError {
  const parent = ParentIdErrorBody.safeParse(json);
  if (parent.success) {
    return {
      kind: 'validation',
      status,
      reason: RefusalErrorBody.safeParse(json).data?.reason ?? 'reply_id',
      parentId: parent.data.parentId,
      serverMessage: parent.data.error,
      message: `That ID is a reply, not a thread. Open thread ${parent.data.parentId} instead.`,
    };
  }
  const ambiguous = AmbiguousNameErrorBody.safeParse(json);
  if (ambiguous.success) {
    const { name, candidates } = ambiguous.data;
    const who = candidates.map((c) => `${c.name} <${c.email}>`).join(', ');
    return {
      kind: 'validation',
      status,
      reason: 'ambiguous_name',
      name,
      candidates,
      serverMessage: ambiguous.data.error,
      message: `"${name}" matches several people (${who}). Pick one and try again; nothing was posted.`,
    };
  }
  const refusal = RefusalErrorBody.safeParse(json);
  const err: BridgeError = {
    kind: 'validation',
    status,
    message: sentence
      ? `The service refused the request: ${sentence}`
      : `The service refused the request (HTTP ${status}).`,
  };
  if (sentence !== undefined) err.serverMessage = sentence;
  if (refusal.success && refusal.data.reason !== undefined) err.reason = refusal.data.reason;
  if (refusal.success && refusal.data.field !== undefined) err.field = refusal.data.field;
  return err;
}

/** Errors whose cause shows the request never left this machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface NetworkFailure {
  /** Short words for a sentence: "the connection dropped". */
  description: string;
  /** True when the request surely never reached the service. */
  notSent: boolean;
}

function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((e as { cause?: unknown }).cause);
}

export function describeNetworkFailure(e: unknown, timeoutMs: number): NetworkFailure {
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
  if (name === 'TimeoutError') {
    const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
    return { description: `no answer within ${limit}`, notSent: false };
  }
  const code = errorCode(e);
  switch (code) {
    case 'ECONNREFUSED':
      return { description: 'the connection was refused', notSent: true };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { description: 'the host name could not be resolved', notSent: true };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { description: 'the network is unreachable', notSent: true };
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { description: 'connecting timed out', notSent: true };
    default:
      return { description: 'the connection dropped', notSent: code !== undefined && NOT_SENT_CODES.has(code) };
  }
}

export function networkError(failure: NetworkFailure, ctx: FailureContext): BridgeError {
  if (ctx.isWrite && !failure.notSent) {
    return {
      kind: 'network',
      uncertain: true,
      message: `The connection to ${ctx.host} failed while saving (${failure.description}), so the change may or may not have been made. ${REFRESH_BEFORE_RETRY}`,
    };
  }
  const nothingSaved = ctx.isWrite ? ' Nothing was saved.' : '';
  return {
    kind: 'network',
    message: `Can't reach the service at ${ctx.host}: ${failure.description}.${nothingSaved} Check your connection and the service URL, then try again.`,
  };
}

export function rateLimitedError(retryAt: number, sentence: string | undefined, now: number): BridgeError {
  return withServer(
    {
      kind: 'rate_limited',
      status: 429,
      retryAt,
      message: `The service is still asking Triage Desk to slow down. Try again in ${inAbout(retryAt - now)}.`,
    },
    sentence,
  );
}

export function badResponseError(detail: string, ctx: FailureContext, status?: number, url?: URL): BridgeError {
  const who = url ? `The service at ${shownAddress(url)}` : 'The service';
  const err: BridgeError = ctx.isWrite
    ? {
        kind: 'bad_response',
        uncertain: true,
        message: `${who} answered the change with ${detail}, so Triage Desk can't tell whether it was made. ${REFRESH_BEFORE_RETRY}`,
      }
    : {
        kind: 'bad_response',
        message: `${who} answered with ${detail}, which Triage Desk can't read as this feedback API. The service URL may point at another site or an incompatible version.`,
      };
  if (status !== undefined) err.status = status;
  if (url) err.address = shownAddress(url);
  return err;
}

export function redirectRefusedError(target: URL, status: number, ctx: FailureContext): BridgeError {
  const err: BridgeError = {
    kind: 'bad_response',
    status,
    message: `The service redirected to ${target.origin}${target.pathname}, outside this connection's address, so Triage Desk did not send your token there. Check the service URL (for example https:// instead of http://).`,
  };
  // A redirect after a POST (303 See Other) usually means the write was processed.
  if (ctx.isWrite) {
    err.uncertain = true;
    err.message += ` The change may or may not have been made; ${REFRESH_BEFORE_RETRY.toLowerCase()}`;
  }
  return err;
}

const DEFAULT_RETRY_AFTER_MS = 5_000;
const MAX_RETRY_AFTER_MS = 120_000;
const MIN_RETRY_AFTER_MS = 1_000;

interface RetryAfterPolicy {
  defaultMs: number;
  maxMs: number;
  minMs: number;
}

export const DEFAULT_RETRY_AFTER: RetryAfterPolicy = {
  defaultMs: DEFAULT_RETRY_AFTER_MS,
  maxMs: MAX_RETRY_AFTER_MS,
  minMs: MIN_RETRY_AFTER_MS,
};

/**
 * Retry-After in ms: seconds per the contract (an HTTP date is tolerated). Missing or
 * garbage falls back to a default; the result is clamped so a broken header can neither
 * spin the queue nor freeze it for hours.
 */
export function parseRetryAfter(
  header: string | null,
  now: number,
  policy: RetryAfterPolicy = DEFAULT_RETRY_AFTER,
): number {
  const clamp = (ms: number) => Math.min(policy.maxMs, Math.max(policy.minMs, ms));
  if (header === null) return clamp(policy.defaultMs);
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return clamp(Math.ceil(Number(text) * 1000));
  if (/[a-z]/i.test(text)) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return clamp(at - now);
  }
  return clamp(policy.defaultMs);
}
