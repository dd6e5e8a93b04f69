import type http from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '#shared/api/index.js';
import type { AnswerBeforeRouting, AppDeps } from './app-deps.js';
import { systemClock, type Clock } from './clock.js';
import {
  authenticate,
  authenticateFromMemory,
  lastKnownCaller,
  requireSomeAvailable,
  someAvailable,
  type Caller,
} from './domain/caller.js';
import { ApiError, tooManyFailedTokens, tooManyRequests, withResourceMetadata } from './domain/errors.js';
import { answeringFirst } from './http/answer-first.js';
import { baseUrlOf } from './http/context.js';
import { handleError } from './http/error-handler.js';
import { useLeanShapes } from './http/lean-hook.js';
import type { Shapes } from './http/lean-shapes.js';
import {
  DEFAULT_AUTH_FAILURE_LIMIT,
  DEFAULT_RATE_LIMIT,
  RateLimiter,
  rateKey,
  type RateLimitOptions,
  type TakeResult,
} from './http/rate-limit.js';
import { SharedRateLimiter } from './http/shared-rate-limit.js';
import { isPostgres } from './storage/engine.js';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './http/timeouts.js';
import type { RenderPng } from './http/render-png.js';
import { renderMockupPng } from './images/mockup-png.js';
import type { OAuthOptions } from './oauth/provider.js';
import { installConfigRoute, oauthRoutes, resourceMetadataUrl } from './oauth/routes.js';
import { openApiRoutes } from './openapi/route.js';
import './http/context.js';
import { directoryRoutes } from './routes/directory.js';
import { fileRoutes } from './routes/files.js';
import { itemRoutes } from './routes/items.js';
import { reportRoutes } from './routes/reports.js';
import type { Db } from './storage/open.js';
import { readsFrom } from './storage/versions.js';

/** Node refuses request lines and headers over 16 KiB (431), so no path parameter can be longer. */
const MAX_PARAM_LENGTH = 16 * 1024;

export interface ServerOptions {
  db: Db;
  clock?: Clock;
  /** Defaults to images/mockup-png.ts's renderMockupPng. */
  renderPng?: RenderPng;
  /** Fastify's logger; the CLI logs warnings and errors (unexpected failures) only. */
  logger?: boolean | { level: 'error' | 'warn' | 'info' | 'debug' };
  /** Per-token request rate; defaults to the contract's 300/min with bursts of 120. */
  rateLimit?: RateLimitOptions;
  /**
   * 'full' (default): the contract's shapes. 'minimal': every /api/v1 answer rewritten to
   * the lean shapes the live service's client accepts (docs/api-decisions.md "Lean mode").
   */
  shapes?: Shapes;
  /** Requests with a bad token per client address (docs/security.md); valid tokens are never counted. */
  authFailureLimit?: RateLimitOptions;
  /**
   * Origin (and optional path) absolute links in answers start with: screenshot and
   * attachment URLs, the OpenAPI server. Default: the address the connection reached
   * (never the Host header, which the caller controls).
   */
  publicUrl?: string;
  /**
   * The addresses (or CIDR ranges) of the reverse proxies in front of the service, e.g.
   * ['127.0.0.1']: a request from one of them is taken to come from the client its
   * X-Forwarded-For names, so limits per client address count clients, not the proxy.
   * Without it the header is ignored (anyone could write it).
   */
  trustProxy?: readonly string[];
  /** Slow-client limits; defaults in http/timeouts.ts. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Off unless true (and never in lean mode or on PostgreSQL): a GET whose answer is in memory
   * (a list asked with a query string validated before) is answered by the HTTP server's
   * request listener, after the same authentication, workspace check and rate limit, before
   * Fastify routes it (Fastify's routing and request objects are most of what such a request
   * costs). Those requests pass no Fastify hook, so an access log, metrics or tracing miss
   * them: one pipeline is the default, and this is for a single instance that needs the
   * speed (docs/performance.md, "One pipeline or answers before routing").
   */
  answerBeforeRouting?: boolean;
  /**
   * The authorization server ("Sign in with your browser", docs/api-decisions.md "How the
   * reference service signs people in"). Off unless given with enabled: true.
   */
  oauth?: OAuthOptions;
}

/** A request limit: in memory (answers at once) or shared through the database. */
type Limiter = { take(key: string): TakeResult | Promise<TakeResult> };

/** A take from a bucket started before the caller was known to be good (see takeEarly). */
interface EarlyTake {
  key: string;
  taken: Promise<TakeResult>;
}

/** Runs `then` with a take's result: at once when it is in hand, so the in-memory path never waits a turn. */
function whenTaken(
  result: TakeResult | Promise<TakeResult>,
  then: (allowed: TakeResult) => void,
  fail: (e: unknown) => void,
): void {
  if (result instanceof Promise) result.then(then, fail);
  else then(result);
}

export function createServer(opts: ServerOptions): FastifyInstance {
  const directAnswers = opts.shapes !== 'minimal';
  const answersFirst = directAnswers && opts.answerBeforeRouting === true && !isPostgres(opts.db);
  const answers: AnswerBeforeRouting[] = [];
  const deps: AppDeps = {
    db: opts.db,
    clock: opts.clock ?? systemClock,
    renderPng: opts.renderPng ?? renderMockupPng,
    directAnswers,
    answerBeforeRouting: (answer) => {
      if (answersFirst) answers.push(answer);
    },
  };
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  // On PostgreSQL several instances may serve one database: their buckets live there, and no
  // answer is made from memory before routing (nothing is cached in memory there).
  const shared = isPostgres(opts.db);
  const limiterFor = (limits: RateLimitOptions): Limiter =>
    shared ? new SharedRateLimiter(opts.db, deps.clock, limits) : new RateLimiter(deps.clock, limits);
  const limiter = limiterFor(opts.rateLimit ?? DEFAULT_RATE_LIMIT);
  let closing = false;
  /**
   * The answer the listener writes before routing, or null. Only a request that would pass
   * the API's onRequest hook (below) and get 200 is answered: a token known and valid, some
   * workspace available, the answer in memory, and then a token from the rate limit, the
   * only step that changes anything. Anything else (refusals included) goes through Fastify,
   * which checks it all again and answers as usual.
   */
  const answerFirst = (req: http.IncomingMessage): Buffer | null => {
    // Files and the OpenAPI document carry no token: no API answer is made before routing for them.
    if (
      closing ||
      req.method !== 'GET' ||
      req.url === undefined ||
      !req.url.startsWith(API_PREFIX) ||
      answers.length === 0
    )
      return null;
    let caller: Caller | undefined;
    try {
      caller = authenticateFromMemory(deps.db, req.headers.authorization, deps.clock.now(), req.socket);
    } catch {
      return null;
    }
    if (!caller || !someAvailable(caller)) return null;
    try {
      for (const answer of answers) {
        const bytes = answer(req.url, caller);
        // Answers before routing are made only with the in-memory limiter (SQLite), which answers at once.
        if (bytes !== null) return (limiter.take(rateKey(caller)) as TakeResult).ok ? bytes : null;
      }
    } catch {
      // An answer that fails its schema here would be thrown outside Fastify and end the
      // process: the route makes it again and Fastify answers 500 as it always has.
      return null;
    }
    return null;
  };
  const app = Fastify({
    ...(answersFirst ? { serverFactory: answeringFirst(answerFirst) } : {}),
    logger: opts.logger ?? false,
    ...(opts.trustProxy?.length ? { trustProxy: [...opts.trustProxy] } : {}),
    // A client that sends its headers or body too slowly, or idles on a kept-alive
    // connection, loses the connection instead of holding it (docs/security.md).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    return503OnClosing: true,
    // The router's default (100) answered a longer item ID with its own 414 before authentication;
    // any ID that fits in a request line now goes through auth and gets the usual 404.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Router refusals (a malformed %-escape in the path) leave as {error: sentence} like every other error.
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: `There is no endpoint ${req.method} ${req.url.split('?')[0]}.` });
  });
  app.decorateRequest('caller', null);
  // Once closing, Fastify answers new requests with 503 (return503OnClosing): none is answered before it.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.decorate('publicUrl', opts.publicUrl === undefined ? null : normalizePublicUrl(opts.publicUrl));
  const authFailures = limiterFor(opts.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT);
  /**
   * A 401 takes from the client address's failure bucket; once it is empty, bad tokens from
   * that address get 429 instead. Only failures count and a valid token is checked first,
   * so nobody's token is ever refused because of someone else's guesses.
   */
  const oauthOn = opts.oauth?.enabled === true;
  const limitFailure = (req: FastifyRequest, e: unknown, done: (error?: FastifyError) => void): void => {
    if (!(e instanceof ApiError) || e.status !== 401) return done(e as FastifyError);
    whenTaken(
      authFailures.take(`addr:${req.ip}`),
      (allowed) => {
        const refusal: unknown = allowed.ok
          ? oauthOn
            ? withResourceMetadata(e, resourceMetadataUrl(baseUrlOf(req)))
            : e
          : tooManyFailedTokens(allowed.retryAfterSeconds);
        done(refusal as FastifyError);
      },
      (failure) => done(failure as FastifyError),
    );
  };

  /**
   * On PostgreSQL both the check that a token is still good (the versions read) and the take
   * from its bucket are round trips; made one after the other they cost twice the wait. The
   * bucket's key is known from the last time the token was read (a token's person never
   * changes), so the take starts at once, beside the check. A token refused by that check
   * has then spent one from its own bucket: a refusal, never an answer, comes of it.
   */
  const takeEarly = (req: FastifyRequest): EarlyTake | null => {
    const known = lastKnownCaller(deps.db, req.headers.authorization, req.raw.socket);
    if (!known) return null;
    const key = rateKey(known);
    const taken = Promise.resolve(limiter.take(key));
    // Awaited only when the token is good (then a failure answers 503 as any take's would).
    taken.catch(() => undefined);
    return { key, taken };
  };

  app.register(
    async (api) => {
      const admit = (
        req: FastifyRequest,
        caller: Caller,
        early: EarlyTake | null,
        done: (error?: FastifyError) => void,
      ): void => {
        const key = rateKey(caller);
        whenTaken(
          early?.key === key ? early.taken : limiter.take(key),
          (allowed) => {
            try {
              if (!allowed.ok) throw tooManyRequests(allowed.retryAfterSeconds);
              requireSomeAvailable(caller);
            } catch (e) {
              done(e as FastifyError);
              return;
            }
            req.caller = caller;
            done();
          },
          (failure) => done(failure as FastifyError),
        );
      };
      // Before the routes, and only in lean mode: full answers go out untouched.
      if (opts.shapes === 'minimal') useLeanShapes(api, deps.db);
      // Authentication runs before validation: an anonymous caller learns nothing about inputs.
      // A callback hook: a token already in memory is checked without a trip through the
      // promise queue, which is measurable on every request (docs/performance.md).
      // On PostgreSQL the request's cached reads share one check of the versions held in the
      // database, made after the request came (storage/versions.ts readsFrom).
      api.addHook('onRequest', (req, _reply, done) =>
        readsFrom(deps.db, () => {
          const now = deps.clock.now();
          const early = shared ? takeEarly(req) : null;
          try {
            const caller = authenticateFromMemory(deps.db, req.headers.authorization, now, req.raw.socket);
            if (caller) {
              admit(req, caller, early, done);
              return;
            }
          } catch (e) {
            limitFailure(req, e, done);
            return;
          }
          authenticate(deps.db, req.headers.authorization, now, req.raw.socket).then(
            (caller) => admit(req, caller, early, done),
            (e: unknown) => limitFailure(req, e, done),
          );
        }),
      );
      directoryRoutes(api, deps);
      itemRoutes(api, deps);
      reportRoutes(api, deps);
    },
    { prefix: API_PREFIX },
  );
  app.register(async (files) => fileRoutes(files, deps));
  app.register(async (install) => installConfigRoute(install, opts.oauth));
  if (opts.oauth?.enabled) {
    const options = opts.oauth;
    app.register(async (oauth) =>
      oauthRoutes(oauth, {
        db: deps.db,
        clock: deps.clock,
        options,
        takeFailure: (ip) => authFailures.take(`addr:${ip}`),
      }),
    );
  }
  // The API description is public (docs/api-decisions.md "OpenAPI document"), so it sits outside the token hook.
  app.register(async (docs) => openApiRoutes(docs));
  return app;
}

/** An http(s) origin with an optional path prefix; query, fragment and trailing slashes dropped. */
export function normalizePublicUrl(text: string): string {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    throw new Error(`The public URL "${text}" is not a URL; give one such as https://feedback.example.com.`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`The public URL must start with http:// or https://, not ${u.protocol}.`);
  if (u.username || u.password) throw new Error('The public URL must not carry a user name or password.');
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}
