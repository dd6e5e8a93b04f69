import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '#shared/api/index.js';
import { listMembers, listProjects, listWorkspaces } from '../domain/directory.js';
import { callerOf } from '../http/context.js';
import type { AppDeps } from '../app-deps.js';

export function directoryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    ENDPOINTS.listWorkspaces.path,
    { schema: { querystring: ENDPOINTS.listWorkspaces.query, response: { 200: ENDPOINTS.listWorkspaces.response } } },
    (req) => listWorkspaces(db, callerOf(req)),
  );
  r.get(
    ENDPOINTS.listProjects.path,
    { schema: { querystring: ENDPOINTS.listProjects.query, response: { 200: ENDPOINTS.listProjects.response } } },
    (req) => listProjects(db, callerOf(req), req.query),
  );
  r.get(
    ENDPOINTS.listMembers.path,
    { schema: { querystring: ENDPOINTS.listMembers.query, response: { 200: ENDPOINTS.listMembers.response } } },
    (req) => listMembers(db, callerOf(req), req.query),
  );
}
