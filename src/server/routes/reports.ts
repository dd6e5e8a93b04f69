import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '#shared/api/index.js';
import { decisionLog } from '../domain/decisions.js';
import { projectReview } from '../domain/review.js';
import { saveRule } from '../domain/rules.js';
import { findSimilar } from '../domain/similar.js';
import { findBySource, hotspotsMadeInWrites } from '../domain/source.js';
import { whatsNew } from '../domain/whats-new.js';
import { callerOf } from '../http/context.js';
import { encodeMadeInWrites, frozenJson } from '../http/frozen-json.js';
import type { AppDeps } from '../app-deps.js';

export function reportRoutes(app: FastifyInstance, { db, clock, directAnswers }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ENDPOINTS.saveRule.path,
    { schema: { body: ENDPOINTS.saveRule.body, response: { 200: ENDPOINTS.saveRule.response } } },
    (req) => saveRule(db, callerOf(req), req.body, clock.now()),
  );
  r.get(
    ENDPOINTS.whatsNew.path,
    { schema: { querystring: ENDPOINTS.whatsNew.query, response: { 200: ENDPOINTS.whatsNew.response } } },
    (req) => whatsNew(db, callerOf(req), req.query, clock.now()),
  );
  r.get(
    ENDPOINTS.review.path,
    { schema: { querystring: ENDPOINTS.review.query, response: { 200: ENDPOINTS.review.response } } },
    (req) => projectReview(db, callerOf(req), req.query, clock.now()),
  );
  r.get(
    ENDPOINTS.decisions.path,
    { schema: { querystring: ENDPOINTS.decisions.query, response: { 200: ENDPOINTS.decisions.response } } },
    (req) => decisionLog(db, callerOf(req), req.query),
  );
  const { send: sendSource, bytes: sourceBytes } = frozenJson(
    ENDPOINTS.findBySource.response,
    'GET',
    ENDPOINTS.findBySource.path,
  );
  // Hotspot answers a write made (domain/source.ts) are encoded during it: the next read sends
  // their bytes. Not in lean mode, whose onSend hook rewrites every answer.
  if (directAnswers) encodeMadeInWrites(app, hotspotsMadeInWrites, sourceBytes);
  r.get(
    ENDPOINTS.findBySource.path,
    { schema: { querystring: ENDPOINTS.findBySource.query, response: { 200: ENDPOINTS.findBySource.response } } },
    async (req, reply) => sendSource(reply, await findBySource(db, callerOf(req), req.query)),
  );
  r.post(
    ENDPOINTS.findSimilar.path,
    { schema: { body: ENDPOINTS.findSimilar.body, response: { 200: ENDPOINTS.findSimilar.response } } },
    (req) => findSimilar(db, callerOf(req), req.body),
  );
}
