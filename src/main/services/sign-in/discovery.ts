import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { API_PREFIX } from '#shared/api/index.js';
import { isInsecureRemoteHttp } from '#shared/bridge/transport.js';

/**
 * Whether a service offers "Sign in with your browser", found the way the hosted service's own
 * clients find it, each step tolerant of its absence:
 * 1. the deployment's own description, `GET {origin}/mcp/install-config` → `{url, clientId?, callbackPort?}`;
 * 2. the API's protected resource metadata (RFC 9728): named by the `resource_metadata` of a
 *    401's `WWW-Authenticate: Bearer …`, else at `/.well-known/oauth-protected-resource` with the
 *    API's path, else without it;
 * 3. the authorization server's metadata (RFC 8414, then OpenID Connect discovery).
 * The protocol itself is oauth4webapi's (openid-client's engine); this file only wires it.
 */
export type SignInDiscovery =
  | {
      available: true;
      /** The authorization server's metadata, as oauth4webapi validated it. */
      server: oauth.AuthorizationServer;
      /** The API's resource identifier, sent as `resource` (RFC 8707) when the metadata names it. */
      resource: string | null;
      /** A client the deployment registered for its own apps; null: register one (RFC 7591). */
      clientId: string | null;
      /** The loopback port that client's redirect uses; null: any free port. */
      callbackPort: number | null;
      /** Scopes to ask for: always offline_access, or the sign-in quietly ends when the access token does. */
      scopes: string[];
    }
  | { available: false; reason: string };

interface DiscoveryOptions {
  fetch?: typeof fetch;
  /** Per request; a service that never answers must not hang the connect screen. */
  timeoutMs?: number;
}

const InstallConfig = z.object({
  url: z.string().optional(),
  clientId: z.string().trim().min(1).max(500).optional(),
  callbackPort: z.number().int().min(1).max(65_535).optional(),
});
type InstallConfig = z.infer<typeof InstallConfig>;

const SIGN_IN_SCOPES = ['profile', 'email', 'offline_access'];
const DEFAULT_TIMEOUT_MS = 8_000;

/** Loopback http (tests, a service on this computer) is allowed; any other http never carries a sign-in. */
function httpAllowed(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && !isInsecureRemoteHttp(url.href));
}

function requestOptions(url: URL, opts: DiscoveryOptions): oauth.HttpRequestOptions<'GET'> {
  return {
    signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    ...(opts.fetch ? { [oauth.customFetch]: opts.fetch } : {}),
    ...(url.protocol === 'http:' && httpAllowed(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

async function getJson(url: URL, opts: DiscoveryOptions): Promise<unknown> {
  const res = await (opts.fetch ?? fetch)(url, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

async function installConfig(origin: string, opts: DiscoveryOptions): Promise<InstallConfig | null> {
  try {
    const parsed = InstallConfig.safeParse(await getJson(new URL('/mcp/install-config', origin), opts));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The `resource_metadata` parameter of a `Bearer` challenge (RFC 9728 §5.1). Only that one
 * parameter is read, from quoted or token values, so a challenge with other schemes beside it
 * (`Basic realm="x", Bearer …`) still yields it.
 */
export function resourceMetadataFromChallenge(header: string | null): string | null {
  if (!header) return null;
  const bearer = /(?:^|,)\s*Bearer\b([^]*)$/i.exec(header);
  if (!bearer?.[1]) return null;
  const param = /(?:^|[\s,])resource_metadata\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/i.exec(bearer[1]);
  const value = param?.[1]?.replace(/\\(.)/g, '$1') ?? param?.[2];
  return value ? value : null;
}

async function resourceMetadataUrlFrom401(apiBase: string, opts: DiscoveryOptions): Promise<URL | null> {
  try {
    const res = await (opts.fetch ?? fetch)(`${apiBase}/workspaces`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 401) return null;
    const named = resourceMetadataFromChallenge(res.headers.get('www-authenticate'));
    if (!named) return null;
    const url = new URL(named, apiBase);
    return httpAllowed(url) ? url : null;
  } catch {
    return null;
  }
}

/** Protected resource metadata for the API, from where the 401 names it or the well-known addresses. */
async function resourceMetadata(apiBase: string, opts: DiscoveryOptions): Promise<oauth.ResourceServer | null> {
  const resource = new URL(apiBase);
  const attempts: (() => Promise<Response>)[] = [];
  const named = await resourceMetadataUrlFrom401(apiBase, opts);
  if (named)
    attempts.push(() =>
      (opts.fetch ?? fetch)(named, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      }),
    );
  attempts.push(() => oauth.resourceDiscoveryRequest(resource, requestOptions(resource, opts)));
  for (const attempt of attempts) {
    try {
      return await oauth.processResourceDiscoveryResponse(resource, await attempt());
    } catch {
      // The next address, or none.
    }
  }
  // Without the path: a deployment describing its whole origin as the resource.
  try {
    const origin = new URL(resource.origin);
    return await oauth.processResourceDiscoveryResponse(
      origin,
      await oauth.resourceDiscoveryRequest(origin, requestOptions(origin, opts)),
    );
  } catch {
    return null;
  }
}

/** RFC 8414 first, then OpenID Connect discovery, for one issuer. */
async function authorizationServer(issuer: URL, opts: DiscoveryOptions): Promise<oauth.AuthorizationServer | null> {
  if (!httpAllowed(issuer)) return null;
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const res = await oauth.discoveryRequest(issuer, { ...requestOptions(issuer, opts), algorithm });
      return await oauth.processDiscoveryResponse(issuer, res);
    } catch {
      // The other algorithm, or none.
    }
  }
  return null;
}

/** `baseUrl`: the service's address as the connection keeps it (no /api/v1, no trailing slash). */
export async function discoverSignIn(baseUrl: string, opts: DiscoveryOptions = {}): Promise<SignInDiscovery> {
  const base = new URL(baseUrl);
  if (!httpAllowed(base)) {
    return {
      available: false,
      reason: `Browser sign-in needs an https:// address; ${base.host} was given with http://.`,
    };
  }
  const apiBase = `${base.href.replace(/\/+$/, '')}${API_PREFIX}`;
  const [config, metadata] = await Promise.all([installConfig(base.origin, opts), resourceMetadata(apiBase, opts)]);

  const issuers = metadata?.authorization_servers?.length
    ? metadata.authorization_servers
    : config
      ? [base.origin]
      : [];
  let server: oauth.AuthorizationServer | null = null;
  for (const issuer of issuers) {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      continue;
    }
    server = await authorizationServer(url, opts);
    if (server) break;
  }
  if (!server) {
    return {
      available: false,
      reason: metadata
        ? `${base.host} names a sign-in server, but it did not describe itself (no OAuth metadata answered). Use a personal token instead.`
        : `${base.host} does not offer browser sign-in. Use a personal token instead.`,
    };
  }
  if (!server.authorization_endpoint || !server.token_endpoint) {
    return {
      available: false,
      reason: `${base.host}'s sign-in server has no authorization or token endpoint. Use a personal token instead.`,
    };
  }
  if (server.code_challenge_methods_supported && !server.code_challenge_methods_supported.includes('S256')) {
    return {
      available: false,
      reason: `${base.host}'s sign-in server does not support PKCE (S256), which Triage Desk requires. Use a personal token instead.`,
    };
  }
  const clientId = config?.clientId ?? null;
  if (!clientId && !server.registration_endpoint) {
    return {
      available: false,
      reason: `${base.host} offers browser sign-in only to apps it registered in advance, and names none for this computer. Use a personal token instead.`,
    };
  }
  return {
    available: true,
    server,
    resource: metadata?.resource ?? null,
    clientId,
    callbackPort: config?.callbackPort ?? null,
    scopes: SIGN_IN_SCOPES,
  };
}
