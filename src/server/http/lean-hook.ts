import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, ENDPOINTS, type EndpointName } from '#shared/api/index.js';
import { parseSince } from '../domain/report-rows.js';
import { untypedThreads } from '../domain/untyped-threads.js';
import type { Db } from '../storage/open.js';
import { isObject, LEAN_ANSWERS, leanError, NO_FACTS, type Json, type LeanFacts } from './lean-shapes.js';

/** Routes as Fastify names them (`/items/:itemId`) mapped to the contract's endpoints. */
const ENDPOINT_BY_ROUTE = new Map<string, EndpointName>(
  (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => [`${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`, name]),
);

function endpointOf(req: FastifyRequest): EndpointName | undefined {
  const url = req.routeOptions.url;
  if (url === undefined || !url.startsWith(API_PREFIX)) return undefined;
  const path = url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}');
  return ENDPOINT_BY_ROUTE.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${path}`);
}

/** The answers that carry report or item rows name their project; untyped threads are looked up there. */
async function factsFor(db: Db, name: EndpointName, body: Json, req: FastifyRequest): Promise<LeanFacts> {
  const projectId = isObject(body.project) && typeof body.project.id === 'string' ? body.project.id : null;
  if (projectId === null || name === 'getItem') return NO_FACTS;
  const { ids, inWindow } = await untypedThreads(db, projectId);
  const since =
    name === 'decisions' && isObject(req.query) && typeof req.query.since === 'string'
      ? parseSince(req.query.since)
      : null;
  return { untyped: ids, untypedInWindow: inWindow, since };
}

/**
 * Lean mode on the /api/v1 plugin (call before its routes): every JSON answer, success or
 * refusal, leaves in the minimal shape (http/lean-shapes.ts), rewritten by an onSend hook.
 * Payloads arrive serialized, as a string or, for cached lists, as a Buffer
 * (http/frozen-json.ts). Should a rewrite fail, the full answer (a superset the client
 * reads too) is sent and the failure logged.
 */
export function useLeanShapes(api: FastifyInstance, db: Db): void {
  api.addHook('onSend', async (req, reply, payload: unknown) => leanPayload(db, req, reply, payload));
}

async function leanPayload(db: Db, req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return payload;
  }
  if (!isObject(body)) return payload;
  if (reply.statusCode >= 400) return JSON.stringify(leanError(body));
  const name = endpointOf(req);
  if (name === undefined) return payload;
  try {
    return JSON.stringify(LEAN_ANSWERS[name](body, await factsFor(db, name, body, req)));
  } catch (err) {
    req.log.error({ err }, `lean mode could not rewrite the ${name} answer; sent it in full`);
    return payload;
  }
}
