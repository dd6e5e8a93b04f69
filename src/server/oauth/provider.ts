import type { KoaContextLike, errors as OidcErrors, Provider } from 'oidc-provider';
import { API_PREFIX } from '#shared/api/index.js';
import { findUser } from '../storage/accounts.js';
import { errorPage, pageHeaders } from './pages.js';
import { PRE_REGISTERED_CLIENT_NAME, type OAuthStore, type Secrets } from './store.js';

/** Where the authorization server is mounted: the issuer is `<origin>/oauth`. */
export const OAUTH_PATH = '/oauth';

const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;
const DEFAULT_REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;
/** A grant outlives any refresh token it hands out; after a year the person signs in again. */
const GRANT_TTL_SECONDS = 365 * 86_400;

/** Scopes the API's protected resource metadata advertises, and the ones clients ask for. */
export const RESOURCE_SCOPES = ['profile', 'email', 'offline_access'] as const;

export interface PreRegisteredClient {
  clientId: string;
  callbackPort: number;
}

export interface OAuthOptions {
  enabled: boolean;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** An app registered in advance (its redirects: http://127.0.0.1:PORT/callback and http://localhost:PORT/callback). */
  preRegisteredClient?: PreRegisteredClient;
  /**
   * User IDs offered as one-click sign-ins on the sign-in pages: the demo's personas. Anyone
   * who reaches the page can be any of them, so only a demo sets it.
   */
  personas?: readonly string[];
}

export const issuerOf = (origin: string): string => `${origin}${OAUTH_PATH}`;
export const resourceOf = (origin: string): string => `${origin}${API_PREFIX}`;
/** The public URL's path prefix ('' at the root), which links and cookie paths start with. */
export const basePathOf = (origin: string): string => new URL(origin).pathname.replace(/\/+$/, '');

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLoopbackRedirect(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  const u = URL.parse(uri);
  return (
    u !== null &&
    u.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(u.hostname) &&
    u.username === '' &&
    u.password === '' &&
    u.hash === ''
  );
}

/** Sentences for protocol errors shown as a page (when the app cannot be sent back the error). */
function describeProtocolError(out: { error?: unknown; error_description?: unknown }): {
  heading: string;
  sentence: string;
} {
  const description = typeof out.error_description === 'string' ? out.error_description : '';
  switch (out.error) {
    case 'invalid_redirect_uri':
      return {
        heading: 'This sign-in cannot return to the app',
        sentence:
          'The app asked to come back to an address it did not register, so the sign-in stopped here and nothing was shared.',
      };
    case 'invalid_client':
      return {
        heading: 'This app is not known here',
        sentence:
          'The app that sent you here is not registered with this service (or its registration was removed), so the sign-in stopped.',
      };
    case 'invalid_request':
      if (/interaction session|session not found|cookie/i.test(description)) {
        return {
          heading: 'This sign-in has expired',
          sentence:
            'This sign-in page is no longer valid (it expired, was finished already, or was opened in another browser). Start the sign-in again from the app.',
        };
      }
      return {
        heading: 'This sign-in request is not valid',
        sentence: `The app's sign-in request was refused: ${description || 'it is malformed'}.`,
      };
    default:
      return {
        heading: 'The sign-in stopped',
        sentence: `The sign-in was refused${description ? `: ${description}` : ''}. Start it again from the app.`,
      };
  }
}

/**
 * An authorization request's path and query as oidc-provider should see them. OpenID
 * Connect ignores offline_access unless prompt=consent is sent; here every sign-in of a
 * native app asks for consent anyway (RFC 8252, oidc-provider's native_client_prompt), so
 * a request for offline_access is given that prompt and the person is asked, as OAuth
 * clients (which never send it) expect. Anything unusual (prompt=none, repeated
 * parameters) is passed through for oidc-provider to judge.
 */
export function authorizationRequestPath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0 || path.slice(0, q) !== '/auth') return path;
  const params = new URLSearchParams(path.slice(q + 1));
  const scopes = params.getAll('scope');
  const prompts = params.getAll('prompt');
  if (scopes.length !== 1 || prompts.length > 1 || !scopes[0]!.split(' ').includes('offline_access')) return path;
  const prompt = prompts[0]?.split(' ').filter(Boolean) ?? [];
  if (prompt.includes('consent') || prompt.includes('none')) return path;
  params.set('prompt', [...prompt, 'consent'].join(' '));
  return `/auth?${params.toString()}`;
}

/**
 * Refuses registrations this service does not serve: only public apps on a person's own
 * computer, returning to a loopback address (RFC 8252), with the code flow. Runs inside
 * oidc-provider's client validation, on registration requests only (`ctx` is set then).
 */
function registrationPolicy(errors: typeof OidcErrors) {
  return (ctx: unknown, key: string, _value: unknown, metadata: Record<string, unknown>): void => {
    if (!ctx || key !== 'software_id') return;
    if (metadata.application_type !== 'native') {
      throw new errors.InvalidClientMetadata(
        'application_type must be "native": this service registers only apps on a person\'s own computer that sign in through a loopback address',
      );
    }
    if (metadata.token_endpoint_auth_method !== 'none') {
      throw new errors.InvalidClientMetadata(
        'token_endpoint_auth_method must be "none": an app on a person\'s computer cannot keep a secret, so it proves itself with PKCE instead',
      );
    }
    const uris = metadata.redirect_uris;
    if (Array.isArray(uris) && !uris.every(isLoopbackRedirect)) {
      throw new errors.InvalidClientMetadata(
        'redirect_uris must be loopback addresses such as http://127.0.0.1:PORT/callback or http://localhost:PORT/callback (RFC 8252); any other address is refused',
      );
    }
    const grants = metadata.grant_types;
    if (Array.isArray(grants) && !grants.every((g) => g === 'authorization_code' || g === 'refresh_token')) {
      throw new errors.InvalidClientMetadata('grant_types may only hold "authorization_code" and "refresh_token"');
    }
    const responses = metadata.response_types;
    if (Array.isArray(responses) && !responses.every((r) => r === 'code')) {
      throw new errors.InvalidClientMetadata('response_types may only hold "code"');
    }
  };
}

interface ProviderSetup {
  origin: string;
  store: OAuthStore;
  secrets: Secrets;
  options: OAuthOptions;
  onServerError: (err: unknown) => void;
}

/**
 * oidc-provider for one public origin: issuer `<origin>/oauth`, one resource (the API) whose
 * access tokens are opaque, PKCE (S256) on every request, open registration of native
 * public clients, refresh tokens only with offline_access and rotated on every use, and our
 * own pages for signing in and consent.
 */
export async function makeProvider(setup: ProviderSetup): Promise<Provider> {
  // Loaded on first use: a service without OAuth never pays for it.
  const { Provider: OidcProvider, errors } = await import('oidc-provider');
  const { origin, store, secrets, options } = setup;
  const resource = resourceOf(origin);
  const base = basePathOf(origin);
  const accessTtl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  const refreshTtl = options.refreshTokenTtlSeconds ?? DEFAULT_REFRESH_TOKEN_TTL_SECONDS;
  const pre = options.preRegisteredClient;
  const provider = new OidcProvider(issuerOf(origin), {
    adapter: store.adapter,
    clients: pre
      ? [
          {
            client_id: pre.clientId,
            client_name: PRE_REGISTERED_CLIENT_NAME,
            application_type: 'native',
            token_endpoint_auth_method: 'none',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            redirect_uris: [
              `http://127.0.0.1:${pre.callbackPort}/callback`,
              `http://localhost:${pre.callbackPort}/callback`,
            ],
          },
        ]
      : [],
    clientDefaults: {
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'RS256',
    },
    // RFC 7591's software_id and software_version are kept; the validator, run once per
    // registration for software_id, applies the registration policy to the whole request.
    extraClientMetadata: { properties: ['software_id', 'software_version'], validator: registrationPolicy(errors) },
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'oauth_session', interaction: 'oauth_interaction', resume: 'oauth_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Pages of oidc-provider's own (logout) and token bindings the API does not check (DPoP)
      // stay off; pushed requests add a second way in that nothing here needs.
      rpInitiatedLogout: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      // Every client here is public: one that names another's token is answered 200 as
      // RFC 7009 says (nothing is learned) and nothing is revoked.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      // Access tokens are for the API only; the ID token carries who signed in.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource here is ${resource}`);
          return { scope: 'profile email', accessTokenFormat: 'opaque', accessTokenTTL: accessTtl };
        },
      },
    },
    async findAccount(_ctx: unknown, sub: string) {
      const user = await findUser(store.db, sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, name: user.name, email: user.email }) };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${base}${OAUTH_PATH}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: accessTtl,
      AuthorizationCode: 60,
      RefreshToken: refreshTtl,
      Grant: Math.max(GRANT_TTL_SECONDS, refreshTtl),
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 86_400,
    },
    // The API checks tokens, never browser sessions: a token lives its TTL whatever the browser does.
    expiresWithSession: () => false,
    issueRefreshToken: (
      _ctx: unknown,
      client: { grantTypeAllowed(t: string): boolean },
      code: { scopes: Set<string> },
    ) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    async renderError(ctx: KoaContextLike, out: { error?: unknown; error_description?: unknown }) {
      const { heading, sentence } = describeProtocolError(out);
      for (const [name, value] of Object.entries(pageHeaders())) ctx.set(name, value);
      ctx.type = 'html';
      ctx.body = errorPage({ base }, { heading, sentence, hint: 'Nothing was shared with the app.' });
    },
  });
  // Fastify hands requests over with X-Forwarded-Proto/Host set from the public origin (and
  // any such header the client sent replaced), so links and cookies follow the public URL.
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, err: unknown) => setup.onServerError(err));
  provider.use(async (ctx, next) => {
    await next();
    // oidc-provider leaves an unknown path to Koa's bare "Not Found"; answer like every other endpoint.
    if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null)) {
      ctx.status = 404;
      ctx.body = { error: `There is no endpoint ${ctx.method} ${base}${OAUTH_PATH}${ctx.path}.` };
    }
  });
  return provider;
}
