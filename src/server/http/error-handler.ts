import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../domain/errors.js';
import { databaseUnavailable } from '../storage/unreachable.js';

const PART_NAMES: Record<string, string> = { body: 'request body', querystring: 'query string', params: 'path' };

/**
 * Turns a schema issue into one sentence naming the field. The shared schemas already
 * phrase their messages with the field name; zod's generic ones get it prefixed.
 */
function validationSentence(field: string, message: string, part: string, missing: boolean): string {
  if (field === '') {
    return part === 'body'
      ? 'The request body must be a JSON object.'
      : `The ${PART_NAMES[part] ?? part} is invalid: ${message}.`;
  }
  if (missing) return `${field} is required.`;
  const base = field.split('.').at(-1) ?? field;
  if (
    message.startsWith(field) ||
    message.startsWith(base) ||
    /^(each|a|an) /i.test(message) ||
    message.startsWith('give ')
  ) {
    return sentence(message);
  }
  return sentence(`${field}: ${message}`);
}

/** Field names keep their case (itemId), so only the full stop is added. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function valueAt(root: unknown, path: string[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Every error leaves as JSON {error: sentence, ...}; bad input never becomes a 5xx. */
export function handleError(
  err: FastifyError | ApiError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (err instanceof ApiError) {
    return reply.code(err.status).headers(err.headers).send(err.body);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issue = err.validation[0]!;
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const part: string = (err as FastifyError).validationContext ?? 'body';
    const input = part === 'querystring' ? req.query : part === 'params' ? req.params : req.body;
    const missing =
      (issue.keyword === 'invalid_type' || issue.keyword === 'invalid_union') &&
      field !== '' &&
      valueAt(input, field.split('.')) === undefined;
    return reply.code(400).send({
      error: validationSentence(field, issue.message ?? 'is invalid', part, missing),
      reason: 'invalid_request',
      field: field === '' ? part : field,
    });
  }
  const fe = err as FastifyError;
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (err instanceof SyntaxError && fe.statusCode === 400)
  ) {
    return reply.code(400).send({ error: 'The request body is not valid JSON.', reason: 'invalid_json' });
  }
  if (fe.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({
      error: 'The path is not a valid URL: a % must start an escape such as %25 or %20.',
      reason: 'invalid_request',
      field: 'path',
    });
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ error: 'Send the body as JSON with Content-Type: application/json.' });
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ error: 'The request body is too large.' });
  }
  // The database lost (down, restarting, unreachable, locked, full): nothing was applied, so
  // the client may try again; it is told when, in words and in Retry-After.
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    req.log.warn({ err }, 'database unavailable');
    return reply
      .code(503)
      .header('Retry-After', String(unavailable.retryAfterSeconds))
      .send({ error: unavailable.sentence, reason: 'database_unavailable' });
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: sentence(fe.message || 'The request was refused') });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ error: 'The service failed to handle this request; it has been logged.' });
}
