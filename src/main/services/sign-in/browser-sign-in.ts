import * as client from 'openid-client';
import * as oauth from 'oauth4webapi';
import { isInsecureRemoteHttp } from '#shared/bridge/transport.js';
import type { SignInDiscovery } from './discovery.js';
import { PortInUseError, startLoopback, type CallbackOutcome, type Loopback } from './loopback.js';

/**
 * "Sign in with your browser": the authorization code flow with PKCE (S256) and `state`,
 * opened in the person's own browser, answered on a loopback redirect, for a public native
 * client: the deployment's own (install-config) or one registered for this sign-in (RFC
 * 7591). The protocol is openid-client's; this module wires it to the loopback listener and
 * says every failure in words a person can act on.
 */
interface OAuthTokens {
  accessToken: string;
  /** Null when the service gave none: the sign-in then ends with the access token. */
  refreshToken: string | null;
  /** Epoch ms; null when the service did not say. */
  expiresAt: number | null;
  /** How long the access token lives as the service gave it (ms), when known; never kept in the keychain. */
  lifetimeMs?: number | null;
  scope: string | null;
}

/** What a connection must keep (in the keychain) to refresh and revoke later. */
export interface OAuthSession extends OAuthTokens {
  issuer: string;
  clientId: string;
  resource: string | null;
}

type SignInFailureKind = 'cancelled' | 'denied' | 'timed_out' | 'port_in_use' | 'refused' | 'unreachable';

type BrowserSignInResult =
  { ok: true; session: OAuthSession; notes: string[] } | { ok: false; kind: SignInFailureKind; message: string };

export interface BrowserSignInOptions {
  /** Opens the authorization page in the person's browser (shell.openExternal, or a new tab). */
  openBrowser(url: string): Promise<void>;
  /** The Cancel button. */
  signal?: AbortSignal;
  /** How long the browser may take (a closed tab never answers). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The name the service shows on its consent page. */
  clientName?: string;
  /** Each request to the sign-in server (registration, the code exchange). */
  requestTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

type Available = Extract<SignInDiscovery, { available: true }>;

function hostOf(server: oauth.AuthorizationServer): string {
  return new URL(server.issuer).host;
}

/** Loopback http is allowed (tests, a service on this computer), never another computer's. */
function insecureAllowed(server: oauth.AuthorizationServer): boolean {
  return new URL(server.issuer).protocol === 'http:' && !isInsecureRemoteHttp(server.issuer);
}

async function registerClient(
  server: oauth.AuthorizationServer,
  redirectUri: string,
  opts: BrowserSignInOptions,
): Promise<string> {
  const res = await oauth.dynamicClientRegistrationRequest(
    server,
    {
      client_name: opts.clientName ?? 'Triage Desk',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    },
    {
      signal: AbortSignal.timeout(opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
      ...(opts.fetch ? { [oauth.customFetch]: opts.fetch } : {}),
      ...(insecureAllowed(server) ? { [oauth.allowInsecureRequests]: true } : {}),
    },
  );
  const registered = await oauth.processDynamicClientRegistrationResponse(res);
  return registered.client_id;
}

/** A Configuration for a public client of `server`, as openid-client uses it for every grant. */
export function clientConfiguration(
  server: oauth.AuthorizationServer,
  clientId: string,
  fetchImpl?: typeof fetch,
): client.Configuration {
  const config = new client.Configuration(
    server as client.ServerMetadata,
    clientId,
    { token_endpoint_auth_method: 'none' },
    client.None(),
  );
  if (insecureAllowed(server)) client.allowInsecureRequests(config);
  if (fetchImpl) config[client.customFetch] = fetchImpl;
  return config;
}

/** Every error and what caused it, outermost first: the libraries wrap fetch's. */
function causes(e: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let c: unknown = e; c !== undefined && c !== null && chain.length < 8; c = (c as { cause?: unknown }).cause)
    chain.push(c);
  return chain;
}

/**
 * A sign-in server's failure during the flow (registration, the code exchange) as a sentence
 * a person can act on: the service's own refusal is quoted, and the libraries' wording about
 * how an answer failed to parse never is.
 */
function describeServerFailure(e: unknown, host: string, step: string): string {
  const chain = causes(e);
  const refusal = chain.find((c): c is oauth.ResponseBodyError => c instanceof oauth.ResponseBodyError);
  if (refusal)
    return `${host} refused ${step} (${refusal.error}${refusal.error_description ? `: ${refusal.error_description}` : ''}).`;
  if (chain.some((c) => c instanceof Error && (c.name === 'TimeoutError' || c.name === 'AbortError')))
    return `${host} did not answer in time while ${step}.`;
  const response = chain.map((c) => (c as { cause?: unknown }).cause).find((c): c is Response => c instanceof Response);
  const code = chain
    .map((c) => (c as { code?: unknown }).code)
    .find((c) => typeof c === 'string' && c.startsWith('OAUTH_'));
  if (response || code) {
    const status = response
      ? ` (HTTP ${response.status}${/html/i.test(response.headers.get('content-type') ?? '') ? ', a web page' : ''})`
      : '';
    return `${host} answered with something that is not a sign-in answer${status} while ${step}.`;
  }
  return `${host} could not be reached while ${step}.`;
}

function describeCallbackFailure(
  outcome: Exclude<CallbackOutcome, { kind: 'callback' }>,
  host: string,
): { kind: SignInFailureKind; message: string } {
  switch (outcome.kind) {
    case 'denied':
      return {
        kind: 'denied',
        message: `You declined the sign-in on ${host}, so nothing was shared. Sign in again and choose Allow, or use a personal token.`,
      };
    case 'error':
      return {
        kind: 'refused',
        message: `${host} did not finish the sign-in (${outcome.error}${outcome.description ? `: ${outcome.description}` : ''}). Try again, or use a personal token.`,
      };
  }
}

/** Where the loopback listens: the deployment's port, or any free one when it allows registration. */
async function openLoopback(
  discovery: Available,
  notes: string[],
): Promise<
  { loopback: Loopback; clientId: string | null } | { failure: { kind: SignInFailureKind; message: string } }
> {
  const host = hostOf(discovery.server);
  if (discovery.clientId && discovery.callbackPort) {
    try {
      return { loopback: await startLoopback(discovery.callbackPort), clientId: discovery.clientId };
    } catch (e) {
      if (!(e instanceof PortInUseError)) throw e;
      if (!discovery.server.registration_endpoint) {
        return {
          failure: {
            kind: 'port_in_use',
            message: `Port ${e.port} on this computer is in use by another program, and ${host} accepts sign-ins only on that port. Close the program using it (another app signing in to ${host}?) and try again.`,
          },
        };
      }
      notes.push(
        `Port ${e.port} was in use by another program, so Triage Desk registered itself with ${host} on another port.`,
      );
      return { loopback: await startLoopback(0), clientId: null };
    }
  }
  return { loopback: await startLoopback(0), clientId: discovery.clientId };
}

export async function signInWithBrowser(
  discovery: Available,
  opts: BrowserSignInOptions,
): Promise<BrowserSignInResult> {
  const host = hostOf(discovery.server);
  const notes: string[] = [];
  const opened = await openLoopback(discovery, notes);
  if ('failure' in opened) return { ok: false, ...opened.failure };
  const { loopback } = opened;
  try {
    let clientId = opened.clientId;
    if (!clientId) {
      try {
        clientId = await registerClient(discovery.server, loopback.redirectUri, opts);
      } catch (e) {
        return {
          ok: false,
          kind: 'refused',
          message: `${describeServerFailure(e, host, 'registering Triage Desk as an app')} Nothing was changed: try again later, or use a personal token.`,
        };
      }
    }
    const config = clientConfiguration(discovery.server, clientId, opts.fetch);
    config.timeout = Math.max(1, Math.ceil((opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) / 1000));
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const resource: Record<string, string> = discovery.resource ? { resource: discovery.resource } : {};
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: loopback.redirectUri,
      scope: discovery.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...resource,
    });

    const answered = loopback.callback(state);
    await opts.openBrowser(url.href);
    const waited = await Promise.race([
      answered,
      new Promise<'timed_out'>((r) => setTimeout(() => r('timed_out'), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS).unref()),
      new Promise<'cancelled'>((r) => {
        if (opts.signal?.aborted) r('cancelled');
        opts.signal?.addEventListener('abort', () => r('cancelled'), { once: true });
      }),
    ]);
    if (waited === 'cancelled')
      return { ok: false, kind: 'cancelled', message: 'Sign-in cancelled. Nothing was changed.' };
    if (waited === 'timed_out') {
      return {
        ok: false,
        kind: 'timed_out',
        message: `The browser did not come back from ${host} in time (was the tab closed?). Start the sign-in again when you are ready.`,
      };
    }
    if (waited.kind !== 'callback') return { ok: false, ...describeCallbackFailure(waited, host) };

    let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    try {
      tokens = await client.authorizationCodeGrant(
        config,
        waited.url,
        { pkceCodeVerifier: verifier, expectedState: state },
        resource,
      );
    } catch (e) {
      return {
        ok: false,
        kind: 'refused',
        message: `${describeServerFailure(e, host, 'finishing the sign-in')} Nothing was changed: start the sign-in again, or use a personal token.`,
      };
    }
    const expiresIn = tokens.expiresIn();
    if (!tokens.refresh_token) {
      notes.push(
        `${host} gave no refresh token, so this sign-in ends when its access token does${expiresIn ? ` (in about ${Math.max(1, Math.round(expiresIn / 60))} minutes)` : ''}; you will be asked to sign in again then.`,
      );
    }
    return {
      ok: true,
      notes,
      session: {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        expiresAt: expiresIn === undefined ? null : Date.now() + expiresIn * 1000,
        lifetimeMs: expiresIn === undefined ? null : expiresIn * 1000,
        scope: tokens.scope ?? null,
        issuer: discovery.server.issuer,
        clientId,
        resource: discovery.resource,
      },
    };
  } finally {
    await loopback.close();
  }
}
