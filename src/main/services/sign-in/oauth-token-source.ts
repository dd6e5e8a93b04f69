import * as client from 'openid-client';
import type { TokenSource } from '../api-client.js';
import { clientConfiguration, type OAuthSession } from './browser-sign-in.js';

/**
 * A browser sign-in as a connection's token: the access token is refreshed ahead of its
 * expiry (by a minute, or a third of its life when it lives less than three, so a short-lived
 * token is not refreshed on every request) and once after a 401, one refresh at a time, and a
 * rotated refresh token is saved (in the keychain) before anything uses the new access token,
 * so a crash never leaves only the spent one. When the service refuses the refresh (revoked,
 * expired), the sign-in has ended: that is said once, and requests wait for the person to
 * sign in again instead of failing, so nothing queued is lost. They wait as long as it takes:
 * until that sign-in, or until the connection is removed (then they fail with a sentence).
 */
export interface StoredOAuthSession extends OAuthSession {
  tokenEndpoint: string;
  revocationEndpoint: string | null;
}

interface OAuthTokenSourceOptions {
  session: StoredOAuthSession;
  /** Persists a refreshed session (the keychain entry); awaited before the new token is used. */
  save(session: StoredOAuthSession): Promise<void>;
  /** Called once each time the sign-in ends, with the sentence to show. */
  onSignedOut(message: string): void;
  now?: () => number;
  fetch?: typeof fetch;
  /** Refresh at most this long before the access token expires (less for a token that lives less than three times this). */
  refreshAheadMs?: number;
}

export interface OAuthTokenSource extends TokenSource {
  session(): StoredOAuthSession;
  signedOut(): boolean;
  /** A new sign-in for the same connection: waiting requests carry on with it. */
  replace(session: StoredOAuthSession): Promise<void>;
  /** Sign-out: revokes the refresh token (or the access token) where the service offers it (RFC 7009). */
  revoke(): Promise<void>;
  /** The connection is gone: requests waiting for a new sign-in fail with `message`, as do later ones. */
  close(message: string): void;
  /** Why no token can be had (after close), for the request that met it. */
  whyNone(): string | null;
}

const MAX_AHEAD_MS = 60_000;

function configFor(s: StoredOAuthSession, fetchImpl?: typeof fetch): client.Configuration {
  const server = {
    issuer: s.issuer,
    token_endpoint: s.tokenEndpoint,
    ...(s.revocationEndpoint ? { revocation_endpoint: s.revocationEndpoint } : {}),
  };
  return clientConfiguration(server, s.clientId, fetchImpl);
}

/** invalid_grant (and a refused client) end the sign-in; anything else may pass. */
function endsSignIn(e: unknown): boolean {
  return (
    e instanceof client.ResponseBodyError &&
    (e.error === 'invalid_grant' || e.error === 'invalid_client' || e.error === 'unauthorized_client')
  );
}

export function createOAuthTokenSource(opts: OAuthTokenSourceOptions): OAuthTokenSource {
  const now = opts.now ?? Date.now;
  const maxAhead = opts.refreshAheadMs ?? MAX_AHEAD_MS;
  let session = opts.session;
  let refreshing: Promise<string | null> | null = null;
  let ended = false;
  let closed: string | null = null;
  let signedIn: { promise: Promise<void>; resolve(): void } | null = null;
  const host = new URL(session.issuer).host;

  function expiresSoon(): boolean {
    if (session.expiresAt === null) return false;
    // The access token's life is unknown for one read back from the keychain: then the full minute ahead.
    const lifetime = session.lifetimeMs ?? null;
    const ahead = lifetime === null ? maxAhead : Math.min(maxAhead, lifetime / 3);
    return session.expiresAt - now() < ahead;
  }

  function endSignIn(): void {
    if (ended) return;
    ended = true;
    let resolve!: () => void;
    signedIn = { promise: new Promise<void>((r) => (resolve = r)), resolve };
    opts.onSignedOut(
      `Signed out of ${host} — sign in again. Your drafts, the open thread and anything waiting to be sent are kept.`,
    );
  }

  /** Resolves with the new sign-in's access token, or null when the connection was removed meanwhile. */
  async function waitForSignIn(): Promise<string | null> {
    if (signedIn) await signedIn.promise;
    return closed === null ? session.accessToken : null;
  }

  function refresh(): Promise<string | null> {
    refreshing ??= (async () => {
      const refreshToken = session.refreshToken;
      if (!refreshToken) {
        endSignIn();
        return null;
      }
      try {
        const resource: Record<string, string> = session.resource ? { resource: session.resource } : {};
        const answer = await client.refreshTokenGrant(configFor(session, opts.fetch), refreshToken, resource);
        const expiresIn = answer.expiresIn();
        const next: StoredOAuthSession = {
          ...session,
          accessToken: answer.access_token,
          // A service that does not rotate may leave the old one valid.
          refreshToken: answer.refresh_token ?? refreshToken,
          expiresAt: expiresIn === undefined ? null : now() + expiresIn * 1000,
          lifetimeMs: expiresIn === undefined ? null : expiresIn * 1000,
          scope: answer.scope ?? session.scope,
        };
        await opts.save(next);
        session = next;
        return next.accessToken;
      } catch (e) {
        if (endsSignIn(e)) endSignIn();
        // A network failure keeps the sign-in: the next request tries again.
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return {
    async current() {
      if (ended || closed !== null) return (await waitForSignIn()) ?? session.accessToken;
      if (expiresSoon() && session.refreshToken)
        return (await refresh()) ?? (ended ? ((await waitForSignIn()) ?? session.accessToken) : session.accessToken);
      return session.accessToken;
    },
    async renew(rejected) {
      if (closed !== null) return null;
      // Another request refreshed meanwhile: use its token.
      if (!ended && rejected !== session.accessToken) return session.accessToken;
      if (!ended) {
        const fresh = await refresh();
        if (fresh) return fresh;
        if (!ended) return null;
      }
      return waitForSignIn();
    },
    session: () => session,
    signedOut: () => ended,
    async replace(next) {
      await opts.save(next);
      session = next;
      ended = false;
      signedIn?.resolve();
      signedIn = null;
    },
    async revoke() {
      if (!session.revocationEndpoint) return;
      await client.tokenRevocation(configFor(session, opts.fetch), session.refreshToken ?? session.accessToken);
    },
    close(message) {
      closed ??= message;
      signedIn?.resolve();
    },
    whyNone: () => closed,
  };
}
