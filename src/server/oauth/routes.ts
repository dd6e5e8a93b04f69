import type { TakeResult } from '../http/rate-limit.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionLike, Provider } from 'oidc-provider';
import { API_PREFIX } from '#shared/api/index.js';
import type { Clock } from '../clock.js';
import { notFound } from '../domain/errors.js';
import { baseUrlOf } from '../http/context.js';
import { findToken, findUser, listMemberships } from '../storage/accounts.js';
import {
  destroyRecord,
  findGrantOwner,
  findRecord,
  listActiveGrants,
  revokeGrant,
  upsertRecord,
} from '../storage/oauth.js';
import type { Db } from '../storage/open.js';
import { hashToken } from '../storage/tokens.js';
import {
  accountPage,
  accountSignInPage,
  consentPage,
  errorPage,
  loginPage,
  pageHeaders,
  type GrantRow,
  type PageContext,
  type Persona,
} from './pages.js';
import { PAGES_CSS } from './pages-css.js';
import {
  authorizationRequestPath,
  basePathOf,
  issuerOf,
  makeProvider,
  OAUTH_PATH,
  RESOURCE_SCOPES,
  resourceOf,
  type OAuthOptions,
} from './provider.js';
import { OAuthStore } from './store.js';

type FailureAllowance = TakeResult;

interface OAuthDeps {
  db: Db;
  clock: Clock;
  options: OAuthOptions;
  /** Takes one from the client address's bucket of failed credentials (shared with the API's bad tokens). */
  takeFailure: (ip: string) => FailureAllowance | Promise<FailureAllowance>;
}

const PRM_PATH = '/.well-known/oauth-protected-resource';
/** RFC 8414 path insertion for the issuer `<origin>/oauth`. */
const AS_METADATA_PATH = `/.well-known/oauth-authorization-server${OAUTH_PATH}`;
const ACCOUNT_COOKIE = 'oauth_account';
const ACCOUNT_SESSION_SECONDS = 30 * 60;
/** Record model of the account page's own short sessions (kept with oidc-provider's records). */
const ACCOUNT_PAGE_MODEL = 'AccountPageSession';
/** Form bodies on these pages are a token or a choice: anything larger is not one of them. */
const FORM_BODY_LIMIT = 16 * 1024;

/** `resource_metadata` of the API's 401 challenge (RFC 9728 §5.1). */
export const resourceMetadataUrl = (origin: string): string => `${origin}${PRM_PATH}${API_PREFIX}`;

/**
 * `GET /mcp/install-config`: how an app finds the API and, when there is one, the client
 * registered for it. Registered whether OAuth is on or not, so "off" is a sentence too.
 */
export function installConfigRoute(app: FastifyInstance, options: OAuthOptions | undefined): void {
  app.get('/mcp/install-config', async (req) => {
    if (!options?.enabled)
      throw notFound('This service does not offer browser sign-in (OAuth is off); use a personal token.');
    const pre = options.preRegisteredClient;
    return {
      url: resourceOf(baseUrlOf(req)),
      ...(pre ? { clientId: pre.clientId, callbackPort: pre.callbackPort } : {}),
    };
  });
}

function cookiesOf(req: FastifyRequest): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

function field(body: unknown, name: string): string | null {
  if (body === null || typeof body !== 'object') return null;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : null;
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const when = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Origins of the app's redirect, for the consent form's policy (form-action covers redirects). */
function redirectOrigin(uri: unknown): string[] {
  if (typeof uri !== 'string') return [];
  const u = URL.parse(uri);
  return u && (u.protocol === 'http:' || u.protocol === 'https:') && /^[A-Za-z0-9.\-[\]:]+$/.test(u.host)
    ? [u.origin]
    : [];
}

class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly heading: string,
    readonly sentence: string,
  ) {
    super(sentence);
  }
}

const expiredInteraction = () =>
  new PageRefusal(
    400,
    'This sign-in has expired',
    'This sign-in page is no longer valid: it expired, was finished already, or was opened in another browser than the one the app sent you to. Start the sign-in again from the app.',
  );

interface ProviderEntry {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * The authorization server: oidc-provider under /oauth (one instance per public origin,
 * sharing one store), the metadata documents, the sign-in and consent pages, and the
 * account page where a person revokes sign-ins.
 */
export function oauthRoutes(app: FastifyInstance, deps: OAuthDeps): void {
  const { db, clock, options } = deps;
  const store = new OAuthStore(db, clock, options.preRegisteredClient?.clientId ?? null);
  const personaIds = new Set(options.personas ?? []);
  let secrets: ReturnType<OAuthStore['secrets']> | null = null;
  const providers = new Map<string, Promise<ProviderEntry>>();

  /**
   * Without --public-url the origin is the address a connection reached, so a server on
   * 0.0.0.0 may have several; each gets its issuer. They are few and made once.
   */
  const providerFor = (origin: string): Promise<ProviderEntry> => {
    let entry = providers.get(origin);
    if (!entry) {
      secrets ??= store.secrets();
      entry = secrets.then(async (s) => {
        const provider = await makeProvider({
          origin,
          store,
          secrets: s,
          options,
          onServerError: (err) => app.log.error({ err }, 'authorization server error'),
        });
        return { provider, handle: provider.callback() };
      });
      providers.set(origin, entry);
      entry.catch(() => {
        providers.delete(origin);
        secrets = null;
      });
    }
    return entry;
  };

  const pageContext = (req: FastifyRequest): PageContext => ({ base: basePathOf(baseUrlOf(req)) });

  /** Hands the raw request to oidc-provider as if it were mounted at `<public path>/oauth`. */
  const forward = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const origin = baseUrlOf(req);
    const { handle } = await providerFor(origin);
    const publicUrl = new URL(origin);
    const raw = req.raw;
    // Replaced, never trusted: what oidc-provider builds links and cookie flags from.
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    raw.headers['x-forwarded-host'] = publicUrl.host;
    raw.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    delete raw.headers.forwarded;
    // oidc-provider reads its mount path from originalUrl minus url.
    (raw as IncomingMessage & { originalUrl?: string }).originalUrl = `${basePathOf(origin)}${OAUTH_PATH}${path}`;
    raw.url = path;
    reply.hijack();
    await handle(raw, reply.raw);
  };

  app.get(PRM_PATH, async (req) => protectedResourceMetadata(baseUrlOf(req)));
  app.get(`${PRM_PATH}${API_PREFIX}`, async (req) => protectedResourceMetadata(baseUrlOf(req)));

  app.get(`${OAUTH_PATH}/assets/pages.css`, async (_req, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(PAGES_CSS),
  );

  // oidc-provider reads request bodies itself: in this scope Fastify leaves them unread.
  app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_req, _payload, done) => done(null));
    mount.get(AS_METADATA_PATH, async (req, reply) => forward(req, reply, '/.well-known/openid-configuration'));
    mount.all(`${OAUTH_PATH}/*`, async (req, reply) =>
      forward(req, reply, authorizationRequestPath((req.raw.url ?? OAUTH_PATH).slice(OAUTH_PATH.length))),
    );
  });

  app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    pages.setErrorHandler((err: FastifyError | PageRefusal, req, reply) => {
      if (err instanceof PageRefusal)
        return sendPage(
          reply,
          err.status,
          errorPage(pageContext(req), { heading: err.heading, sentence: err.sentence }),
        );
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 500) {
        req.log.error({ err }, 'sign-in page failed');
        return sendPage(
          reply,
          500,
          errorPage(pageContext(req), {
            heading: 'Something went wrong',
            sentence: 'The service failed to show this page; it has been logged. Try again in a moment.',
          }),
        );
      }
      const sentence =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'This page takes its forms as a browser sends them (application/x-www-form-urlencoded).'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? "The form sent was too large to be one of this page's forms."
            : 'The request was not understood.';
      return sendPage(reply, status, errorPage(pageContext(req), { heading: 'This request was refused', sentence }));
    });

    const personas = async (): Promise<Persona[]> => {
      const list: Persona[] = [];
      for (const id of personaIds) {
        const user = await findUser(db, id);
        if (!user) continue;
        const memberships = await listMemberships(db, id);
        const roles = memberships.length
          ? memberships.map((m) => `${m.role} of ${m.workspaceName}`).join(', ')
          : 'in no workspace';
        list.push({ id, name: user.name, email: user.email, roles: roles.charAt(0).toUpperCase() + roles.slice(1) });
      }
      return list;
    };

    /** Who the form proves the person is: a demo persona, or the owner of a valid personal token. */
    const prove = async (
      req: FastifyRequest,
    ): Promise<{ ok: true; accountId: string } | { ok: false; status: number; sentence: string }> => {
      const persona = field(req.body, 'persona');
      if (persona !== null) {
        const user = personaIds.has(persona) ? await findUser(db, persona) : null;
        if (!user)
          return {
            ok: false,
            status: 400,
            sentence: 'That person cannot be chosen here; sign in with a personal token instead.',
          };
        return { ok: true, accountId: user.id };
      }
      const token = (field(req.body, 'token') ?? '').trim();
      if (token === '')
        return {
          ok: false,
          status: 400,
          sentence: personaIds.size
            ? 'Choose a person, or enter a personal token.'
            : 'Enter a personal token to sign in.',
        };
      const now = clock.now();
      const record = await findToken(db, hashToken(token));
      let sentence: string | null = null;
      if (!record || record.kind !== 'personal')
        sentence = 'That personal token is not recognised; check that it was copied whole, or create a new one.';
      else if (record.revokedAt !== null && record.revokedAt <= now)
        sentence = 'That personal token was revoked; create a new one, or use another.';
      else if (record.expiresAt !== null && record.expiresAt <= now)
        sentence = `That personal token expired on ${new Date(record.expiresAt).toISOString()}; create a new one, or use another.`;
      if (sentence === null) return { ok: true, accountId: record!.userId };
      // Like bad API tokens, wrong tokens here come out of the address's bucket: the page is no faster way to guess.
      const allowed = await deps.takeFailure(req.ip);
      if (!allowed.ok) {
        return {
          ok: false,
          status: 429,
          sentence: `Too many wrong tokens from this address; wait ${allowed.retryAfterSeconds} second${allowed.retryAfterSeconds === 1 ? '' : 's'}, then try again.`,
        };
      }
      return { ok: false, status: 400, sentence };
    };

    /** The interaction the browser's cookie names, which must be the one in the URL. */
    const interaction = async (
      req: FastifyRequest<{ Params: { uid: string } }>,
      reply: FastifyReply,
    ): Promise<{ provider: Provider; details: InteractionLike }> => {
      const { provider } = await providerFor(baseUrlOf(req));
      let details: InteractionLike;
      try {
        details = await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        // No interaction cookie, or its interaction expired or was finished.
        throw expiredInteraction();
      }
      if (details.uid !== req.params.uid) throw expiredInteraction();
      return { provider, details };
    };

    const clientNameOf = async (provider: Provider, details: InteractionLike): Promise<string> => {
      const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
      const client = await provider.Client.find(clientId);
      return client?.clientName ?? (await store.clientName(clientId));
    };

    const finish = async (
      req: FastifyRequest,
      reply: FastifyReply,
      provider: Provider,
      result: Record<string, unknown>,
      merge: boolean,
    ) => {
      let returnTo: string;
      try {
        returnTo = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: merge });
      } catch (e) {
        // It expired (or was finished in another tab) between reading it and answering it.
        if ((e as Error).name === 'SessionNotFound') throw expiredInteraction();
        throw e;
      }
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo);
    };

    const showInteraction = async (
      req: FastifyRequest<{ Params: { uid: string } }>,
      reply: FastifyReply,
      error: { status: number; sentence: string } | null,
    ) => {
      const { provider, details } = await interaction(req, reply);
      const clientName = await clientNameOf(provider, details);
      const targets = [new URL(baseUrlOf(req)).origin, ...redirectOrigin(details.params.redirect_uri)];
      if (details.prompt.name === 'login') {
        return sendPage(
          reply,
          error?.status ?? 200,
          loginPage(pageContext(req), {
            uid: details.uid,
            clientName,
            personas: await personas(),
            error: error?.sentence ?? null,
          }),
          targets,
        );
      }
      if (details.prompt.name === 'consent') {
        const accountId = details.session?.accountId;
        const person = accountId ? await findUser(db, accountId) : null;
        if (!person) throw expiredInteraction();
        const scope = typeof details.params.scope === 'string' ? details.params.scope.split(' ') : [];
        const redirect = typeof details.params.redirect_uri === 'string' ? details.params.redirect_uri : '';
        return sendPage(
          reply,
          error?.status ?? 200,
          consentPage(pageContext(req), {
            uid: details.uid,
            clientName,
            person,
            scopes: scope,
            returnsTo: redirect,
            error: error?.sentence ?? null,
          }),
          targets,
        );
      }
      throw expiredInteraction();
    };

    pages.get<{ Params: { uid: string } }>(`${OAUTH_PATH}/interaction/:uid`, async (req, reply) =>
      showInteraction(req, reply, null),
    );

    pages.post<{ Params: { uid: string } }>(`${OAUTH_PATH}/interaction/:uid/login`, async (req, reply) => {
      const { provider, details } = await interaction(req, reply);
      // A second submit (back button, double click) after the step is done: show the current step.
      if (details.prompt.name !== 'login')
        return reply
          .code(303)
          .redirect(`${pageContext(req).base}${OAUTH_PATH}/interaction/${encodeURIComponent(details.uid)}`);
      const proven = await prove(req);
      if (!proven.ok) return showInteraction(req, reply, proven);
      return finish(req, reply, provider, { login: { accountId: proven.accountId, remember: false } }, false);
    });

    pages.post<{ Params: { uid: string } }>(`${OAUTH_PATH}/interaction/:uid/abort`, async (req, reply) => {
      const { provider } = await interaction(req, reply);
      return finish(
        req,
        reply,
        provider,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        false,
      );
    });

    pages.post<{ Params: { uid: string } }>(`${OAUTH_PATH}/interaction/:uid/consent`, async (req, reply) => {
      const { provider, details } = await interaction(req, reply);
      if (details.prompt.name !== 'consent')
        return reply
          .code(303)
          .redirect(`${pageContext(req).base}${OAUTH_PATH}/interaction/${encodeURIComponent(details.uid)}`);
      const decision = field(req.body, 'decision');
      if (decision === 'deny')
        return finish(
          req,
          reply,
          provider,
          { error: 'access_denied', error_description: 'The person denied access.' },
          false,
        );
      if (decision !== 'allow') return showInteraction(req, reply, { status: 400, sentence: 'Choose Allow or Deny.' });
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (typeof accountId !== 'string' || typeof clientId !== 'string') throw expiredInteraction();
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId });
      const prompt = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (prompt.missingOIDCScope?.length) grant.addOIDCScope(prompt.missingOIDCScope.join(' '));
      if (prompt.missingOIDCClaims?.length) grant.addOIDCClaims(prompt.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(prompt.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      return finish(req, reply, provider, { consent: existing ? {} : { grantId } }, true);
    });

    /** The account page's own session: a random cookie whose hash names a short-lived record. */
    const accountSession = async (
      req: FastifyRequest,
    ): Promise<{ id: string; accountId: string; csrf: string } | null> => {
      const value = cookiesOf(req).get(ACCOUNT_COOKIE);
      if (!value || value.length > 200) return null;
      const id = hashToken(value);
      const payload = await findRecord(db, ACCOUNT_PAGE_MODEL, id, Date.now());
      if (!payload || typeof payload.accountId !== 'string' || typeof payload.csrf !== 'string') return null;
      return { id, accountId: payload.accountId, csrf: payload.csrf };
    };

    const accountCookie = (req: FastifyRequest, value: string, maxAge: number): string => {
      const origin = baseUrlOf(req);
      const secure = origin.startsWith('https:') ? '; Secure' : '';
      return `${ACCOUNT_COOKIE}=${value}; Path=${basePathOf(origin)}${OAUTH_PATH}/account; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
    };

    const showAccount = async (
      req: FastifyRequest,
      reply: FastifyReply,
      session: { accountId: string; csrf: string },
      notes: { status?: number; done?: string; error?: string },
    ) => {
      const person = await findUser(db, session.accountId);
      if (!person)
        return sendPage(
          reply,
          200,
          accountSignInPage(pageContext(req), {
            personas: await personas(),
            error: 'That account no longer exists; sign in again.',
          }),
        );
      const grants: GrantRow[] = [];
      for (const g of await listActiveGrants(db, session.accountId, Date.now())) {
        grants.push({
          grantId: g.grantId,
          clientName: await store.clientName(g.clientId),
          grantedAt: when(g.createdAt),
          scopes: g.scopes,
        });
      }
      return sendPage(
        reply,
        notes.status ?? 200,
        accountPage(pageContext(req), {
          person,
          grants,
          csrf: session.csrf,
          done: notes.done ?? null,
          error: notes.error ?? null,
        }),
      );
    };

    pages.get(`${OAUTH_PATH}/account`, async (req, reply) => {
      const session = await accountSession(req);
      if (!session)
        return sendPage(reply, 200, accountSignInPage(pageContext(req), { personas: await personas(), error: null }));
      return showAccount(req, reply, session, {});
    });

    pages.post(`${OAUTH_PATH}/account/sign-in`, async (req, reply) => {
      const proven = await prove(req);
      if (!proven.ok)
        return sendPage(
          reply,
          proven.status,
          accountSignInPage(pageContext(req), { personas: await personas(), error: proven.sentence }),
        );
      const value = randomBytes(32).toString('base64url');
      const now = Date.now();
      await upsertRecord(
        db,
        {
          model: ACCOUNT_PAGE_MODEL,
          id: hashToken(value),
          payload: { accountId: proven.accountId, csrf: randomBytes(24).toString('base64url') },
          grantId: null,
          uid: null,
          accountId: proven.accountId,
          expiresAt: now + ACCOUNT_SESSION_SECONDS * 1000,
        },
        now,
      );
      return reply
        .code(303)
        .header('set-cookie', accountCookie(req, value, ACCOUNT_SESSION_SECONDS))
        .header('cache-control', 'no-store')
        .redirect(`${pageContext(req).base}${OAUTH_PATH}/account`);
    });

    pages.post(`${OAUTH_PATH}/account/revoke`, async (req, reply) => {
      const session = await accountSession(req);
      if (!session)
        return sendPage(
          reply,
          401,
          accountSignInPage(pageContext(req), {
            personas: await personas(),
            error: 'Your session on this page ended, so nothing was revoked; sign in again.',
          }),
        );
      const csrf = field(req.body, 'csrf') ?? '';
      if (!sameSecret(csrf, session.csrf))
        return showAccount(req, reply, session, {
          status: 403,
          error: 'That form was not sent from this page, so nothing was revoked; use the Revoke buttons below.',
        });
      const grantId = field(req.body, 'grant') ?? '';
      const owner = grantId && grantId.length <= 200 ? await findGrantOwner(db, grantId, Date.now()) : null;
      if (owner !== session.accountId) {
        return showAccount(req, reply, session, {
          status: 404,
          error: 'That sign-in does not exist, has ended already, or is not yours; nothing was revoked.',
        });
      }
      const grant = (await listActiveGrants(db, session.accountId, Date.now())).find((g) => g.grantId === grantId);
      const name = grant ? await store.clientName(grant.clientId) : 'the app';
      await revokeGrant(db, grantId, clock.now());
      return showAccount(req, reply, session, { done: `Revoked the sign-in of ${name}; its tokens no longer work.` });
    });

    pages.post(`${OAUTH_PATH}/account/sign-out`, async (req, reply) => {
      const session = await accountSession(req);
      if (session) await destroyRecord(db, ACCOUNT_PAGE_MODEL, session.id, clock.now());
      return reply
        .code(303)
        .header('set-cookie', accountCookie(req, '', 0))
        .header('cache-control', 'no-store')
        .redirect(`${pageContext(req).base}${OAUTH_PATH}/account`);
    });
  });
}

function protectedResourceMetadata(origin: string) {
  return {
    resource: resourceOf(origin),
    authorization_servers: [issuerOf(origin)],
    scopes_supported: [...RESOURCE_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Feedback service API',
  };
}

function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  formTargets: readonly string[] = [],
): FastifyReply {
  return reply.code(status).headers(pageHeaders(formTargets)).send(html);
}
