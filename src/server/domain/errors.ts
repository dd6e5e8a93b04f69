import type { BillingReason } from '#shared/api/index.js';

/**
 * A refusal with its HTTP status and JSON body. Domain code throws it; the app's error
 * handler sends it as is, so every refusal is `{error: sentence, ...fields}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string } & Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
    this.name = 'ApiError';
  }
}

export function badRequest(error: string, fields: Record<string, unknown> = {}): ApiError {
  return new ApiError(400, { error, ...fields });
}

export function notFound(error: string): ApiError {
  return new ApiError(404, { error });
}

/** How much of a caller's ID a refusal repeats: enough to recognise it, never a wall of text. */
const ID_ECHO_CHARS = 40;

/** 404 for an ID this token cannot see, repeating no more than the ID's start. */
export function notReachable(what: 'Item' | 'Project' | 'Workspace', id: string): ApiError {
  const shown = id.length > ID_ECHO_CHARS ? `${id.slice(0, ID_ECHO_CHARS)}…` : id;
  return notFound(`${what} ${shown} does not exist or is not reachable with this token.`);
}

export function forbidden(error: string, fields: Record<string, unknown> = {}): ApiError {
  return new ApiError(403, { error, ...fields });
}

export function conflict(error: string, fields: Record<string, unknown> = {}): ApiError {
  return new ApiError(409, { error, ...fields });
}

/** RFC 6750 quoted-string: quotes and backslashes would break the header. */
function quoted(text: string): string {
  return text.replace(/["\\]/g, "'").replace(/[\r\n]+/g, ' ');
}

export function unauthorized(description: string): ApiError {
  return new ApiError(
    401,
    { error: description },
    {
      'WWW-Authenticate': `Bearer realm="feedback", error="invalid_token", error_description="${quoted(description)}"`,
    },
  );
}

/**
 * 401 for a request with no credentials: RFC 6750 §3.1 says such a challenge carries no
 * error code, so clients read it as "sign in" rather than "your token is bad".
 */
export function missingToken(description: string): ApiError {
  return new ApiError(401, { error: description }, { 'WWW-Authenticate': 'Bearer realm="feedback"' });
}

/** The same 401 naming the API's protected resource metadata (RFC 9728 §5.1), where OAuth clients start. */
export function withResourceMetadata(e: ApiError, metadataUrl: string): ApiError {
  const challenge = e.headers['WWW-Authenticate'] ?? 'Bearer realm="feedback"';
  return new ApiError(e.status, e.body, {
    ...e.headers,
    'WWW-Authenticate': `${challenge}, resource_metadata="${quoted(metadataUrl)}"`,
  });
}

export function billingLimit(reason: BillingReason, sentence: string): ApiError {
  return new ApiError(403, {
    error: sentence,
    kind: 'billing_limit',
    feature: 'agent_tools',
    reason,
    message: sentence,
    limit: null,
    used: null,
  });
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    {
      error: `Too many requests for this token; wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} before trying again.`,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Too many bad tokens from one client address (not counted against any token). */
export function tooManyFailedTokens(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    {
      error: `Too many requests with a missing or invalid token from this address; wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}, then check the token before trying again.`,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
