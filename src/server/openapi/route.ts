import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '#shared/api/index.js';
import { baseUrlOf } from '../http/context.js';
import { apiServerUrl, buildOpenApiDocument, OPENAPI_PATH } from './document.js';
import type { OpenApiDocument } from './types.js';

/** The contract is fixed for the life of the process, so the document is built once. */
let built: OpenApiDocument | null = null;
function contractDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument({ serverUrl: API_PREFIX });
  return built;
}

/**
 * GET /api/v1/openapi.json, outside the authenticated API scope: tools read it before
 * they hold a token, and it says nothing about any workspace. Built when the route is
 * registered, so a contract that cannot be described stops the server from starting.
 */
export function openApiRoutes(app: FastifyInstance): void {
  const doc = contractDocument();
  app.get(`${API_PREFIX}${OPENAPI_PATH}`, async (req) => ({
    ...doc,
    servers: [{ url: apiServerUrl(baseUrlOf(req)), description: doc.servers[0]!.description }],
  }));
}
