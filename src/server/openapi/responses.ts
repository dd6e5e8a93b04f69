import type { z } from 'zod';
import {
  AmbiguousNameErrorBody,
  BillingErrorBody,
  ErrorBody,
  ParentIdErrorBody,
  RefusalErrorBody,
  type EndpointDef,
  type EndpointName,
} from '#shared/api/index.js';
import type { SchemaComponents } from './schemas.js';
import type { Header, Reference, Response } from './types.js';

/**
 * The refusals of docs/api-decisions.md ("Status codes the contract does not show") as
 * OpenAPI responses. The zod bodies listed per status are the single source for both the
 * document and the tests that check what the service really sends.
 */
export const ERROR_STATUSES = ['400', '401', '403', '404', '409', '413', '415', '429', '503'] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

interface ErrorResponseDef {
  /** components/responses name. */
  name: string;
  description: string;
  /** Any of these bodies; the most specific first. */
  bodies: readonly { name: string; schema: z.ZodType }[];
  headers?: Record<string, Header>;
}

const body = (name: string, schema: z.ZodType) => ({ name, schema });

export const ERROR_RESPONSES: Record<ErrorStatus, ErrorResponseDef> = {
  '400': {
    name: 'BadRequest',
    description:
      'Missing or invalid field (`reason: invalid_request`, `field` names it), invalid JSON (`invalid_json`), no projectId where one is needed (`project_required`, the sentence lists the projects), ' +
      "a reply's ID where a thread's is required (`reply_id`, with `parentId`), an ambiguous or unknown person (`ambiguous_name` with candidates, `unknown_person`), " +
      'a reply to a reply, a refused merge, a rule that is not one sentence, or the per-person creation limit (`creation_limit`).',
    bodies: [
      body('ParentIdErrorBody', ParentIdErrorBody),
      body('AmbiguousNameErrorBody', AmbiguousNameErrorBody),
      body('RefusalErrorBody', RefusalErrorBody),
    ],
  },
  '401': {
    name: 'Unauthorized',
    description:
      'No token, a malformed Authorization header, or an unknown, expired or revoked token. The sentence says which.',
    bodies: [body('ErrorBody', ErrorBody)],
    headers: {
      'WWW-Authenticate': {
        description:
          'Always present: `Bearer realm="feedback", error="invalid_token", error_description="<the sentence>"` for a bad token, `Bearer realm="feedback"` when none was sent (RFC 6750 §3.1); with browser sign-in on, also `resource_metadata="<origin>/.well-known/oauth-protected-resource/api/v1"` (RFC 9728), where OAuth clients start a new sign-in.',
        required: true,
        schema: { type: 'string', pattern: '^Bearer ' },
      },
    },
  },
  '403': {
    name: 'Forbidden',
    description:
      'The token is valid but not allowed: a plan or seat refusal (`kind: billing_limit`, `reason: no_seat | no_plan`) when no reachable workspace allows agent tools or the targeted one does not, ' +
      'an account in no workspace (`{error}` only), or a role refusal (`reason: role`, save_rule needs an owner or admin).',
    bodies: [body('BillingErrorBody', BillingErrorBody), body('RefusalErrorBody', RefusalErrorBody)],
  },
  '404': {
    name: 'NotFound',
    description:
      'The item, project or workspace does not exist or the token cannot reach it; both read the same so IDs cannot be probed.',
    bodies: [body('ErrorBody', ErrorBody)],
  },
  '409': {
    name: 'Conflict',
    description:
      'The thread is in a state that refuses the change: a merged duplicate (`reason: merged_duplicate`, with `duplicateOf`) or, for assign, a resolved thread (`reason: resolved_item`).',
    bodies: [body('RefusalErrorBody', RefusalErrorBody)],
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The request body is over 1 MiB.',
    bodies: [body('ErrorBody', ErrorBody)],
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body is not sent as JSON (Content-Type: application/json).',
    bodies: [body('ErrorBody', ErrorBody)],
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'Too many requests for this token (300 a minute, bursts of 120; all OAuth connections of a person share one limit).',
    bodies: [body('ErrorBody', ErrorBody)],
    headers: {
      'Retry-After': {
        description: 'Whole seconds to wait before the next request (at least 1).',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'The database is unreachable, restarting, locked by another process or full (`reason: database_unavailable`); nothing was applied, so the same request may be sent again after Retry-After.',
    bodies: [body('RefusalErrorBody', RefusalErrorBody)],
    headers: {
      'Retry-After': {
        description: 'Whole seconds to wait before trying again (at least 1).',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
};

/**
 * Endpoints that refuse a change with 409 (merged duplicate; assign also a resolved thread;
 * a merge whose kept thread was merged away by another merge at the same time).
 */
const CONFLICTING: ReadonlySet<EndpointName> = new Set(['postUpdate', 'setStatus', 'assign', 'mergeItems']);

/**
 * The error statuses one endpoint can answer, from its shape. Kept exact (not "every
 * status everywhere") so a client and the fuzz tests know what can really come back.
 */
export function errorStatusesFor(name: EndpointName, def: EndpointDef): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const hasInput = def.body !== undefined || def.path.includes('{') || Object.keys(queryShape(def)).length > 0;
  if (hasInput) statuses.push('400');
  statuses.push('401', '403');
  // Only the workspace listing names nothing that could be missing or out of reach.
  if (name !== 'listWorkspaces') statuses.push('404');
  if (CONFLICTING.has(name)) statuses.push('409');
  if (def.method === 'POST') statuses.push('413', '415');
  // Every endpoint reads the database, if only to check the token.
  statuses.push('429', '503');
  return statuses;
}

function queryShape(def: EndpointDef): Record<string, unknown> {
  const shape = (def.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ?? {};
}

/** components/responses for every error status, their bodies registered as named schemas. */
export function errorResponses(schemas: SchemaComponents): Record<string, Response> {
  const out: Record<string, Response> = {};
  for (const status of ERROR_STATUSES) {
    const def = ERROR_RESPONSES[status];
    const refs = def.bodies.map((b) => schemas.add('output', b.name, b.schema));
    out[def.name] = {
      description: def.description,
      ...(def.headers ? { headers: def.headers } : {}),
      content: { 'application/json': { schema: refs.length === 1 ? refs[0]! : { anyOf: refs } } },
    };
  }
  return out;
}

export const errorResponseRef = (status: ErrorStatus): Reference => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
});
