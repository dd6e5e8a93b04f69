import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/api/index.js';
import { systemClock, type Clock } from './clock.js';
import { authenticate, requireSomeAvailable } from './domain/caller.js';
import { tooManyRequests } from './domain/errors.js';
import { handleError } from './http/error-handler.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, rateKey, type RateLimitOptions } from './http/rate-limit.js';
import type { RenderPng } from './http/render-png.js';
import { renderMockupPng } from './images/mockup-png.js';
import './http/context.js';
import { directoryRoutes } from './routes/directory.js';
import { fileRoutes } from './routes/files.js';
import { itemRoutes } from './routes/items.js';
import { reportRoutes } from './routes/reports.js';
import type { Db } from './storage/open.js';

export interface ServerOptions {
  db: Db;
  clock?: Clock;
  /** Defaults to images/mockup-png.ts's renderMockupPng. */
  renderPng?: RenderPng;
  /** Fastify's logger; the CLI logs warnings and errors (unexpected failures) only. */
  logger?: boolean | { level: 'error' | 'warn' | 'info' | 'debug' };
  /** Per-token request rate; defaults to the contract's 300/min with bursts of 120. */
  rateLimit?: RateLimitOptions;
}

/** What route modules need; built once per server. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  renderPng: RenderPng;
}

export function createServer(opts: ServerOptions): FastifyInstance {
  const deps: AppDeps = { db: opts.db, clock: opts.clock ?? systemClock, renderPng: opts.renderPng ?? renderMockupPng };
  const app = Fastify({ logger: opts.logger ?? false, return503OnClosing: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: `There is no endpoint ${req.method} ${req.url.split('?')[0]}.` });
  });
  app.decorateRequest('caller', null);
  const limiter = new RateLimiter(deps.clock, opts.rateLimit ?? DEFAULT_RATE_LIMIT);

  app.register(
    async (api) => {
      // Authentication runs before validation: an anonymous caller learns nothing about inputs.
      api.addHook('onRequest', async (req) => {
        const caller = await authenticate(deps.db, req.headers.authorization, deps.clock.now());
        const allowed = limiter.take(rateKey(caller));
        if (!allowed.ok) throw tooManyRequests(allowed.retryAfterSeconds);
        requireSomeAvailable(caller);
        req.caller = caller;
      });
      directoryRoutes(api, deps);
      itemRoutes(api, deps);
      reportRoutes(api, deps);
    },
    { prefix: API_PREFIX },
  );
  app.register(async (files) => fileRoutes(files, deps));
  return app;
}
