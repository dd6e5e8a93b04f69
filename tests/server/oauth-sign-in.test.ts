import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { Browser, insecure, register, signIn } from './support/oauth-browser.js';
import { baseWorld, TOKENS, type Loose } from './support/world.js';

/**
 * "Sign in with your browser" as the desktop app does it, with openid-client (the library
 * the app uses): discovery from a 401, registration, authorization code + PKCE + state +
 * resource, the tokens on the API, refresh, revocation.
 */

let s: Running;
let resource: string;
let issuer: string;

beforeAll(async () => {
  // Bad tokens on purpose throughout: the per-address limit on them has its own test.
  s = await startServer(baseWorld(), {
    oauth: { enabled: true, personas: ['u_owner', 'u_collab', 'u_reviewer'] },
    authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 },
  });
  resource = `${s.baseUrl}/api/v1`;
  issuer = `${s.baseUrl}/oauth`;
});
afterAll(async () => s.close());

const challenge = (res: { headers: Headers }) => res.headers.get('www-authenticate') ?? '';

describe('finding the sign-in from the API', () => {
  it('names the protected resource metadata on every 401, with and without a token', async () => {
    const metadataUrl = `${s.baseUrl}/.well-known/oauth-protected-resource/api/v1`;
    expect(challenge(await s.get('/api/v1/workspaces'))).toBe(
      `Bearer realm="feedback", resource_metadata="${metadataUrl}"`,
    );
    const bad = await s.get('/api/v1/workspaces', 'tok-nobody');
    expect(challenge(bad)).toMatch(
      new RegExp(
        `^Bearer realm="feedback", error="invalid_token", error_description="[^"]+", resource_metadata="${metadataUrl}"$`,
      ),
    );
  });

  it('serves the protected resource metadata at both addresses, naming the issuer', async () => {
    const named = /resource_metadata="([^"]+)"/.exec(challenge(await s.get('/api/v1/workspaces')))![1]!;
    for (const url of [named, `${s.baseUrl}/.well-known/oauth-protected-resource`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        resource,
        authorization_servers: [issuer],
        scopes_supported: ['profile', 'email', 'offline_access'],
        bearer_methods_supported: ['header'],
        resource_name: expect.any(String),
      });
    }
  });

  it('serves the same authorization server metadata at the issuer and at the RFC 8414 address', async () => {
    const atIssuer = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Loose;
    const inserted = (await (await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/oauth`)).json()) as Loose;
    expect(inserted).toEqual(atIssuer);
    expect(atIssuer).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/reg`,
      revocation_endpoint: `${issuer}/token/revocation`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(atIssuer.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(atIssuer.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    // No pages or token bindings of oidc-provider's own that the service does not stand behind.
    expect(atIssuer.end_session_endpoint).toBeUndefined();
    expect(atIssuer.dpop_signing_alg_values_supported).toBeUndefined();
    for (const algorithm of ['oidc', 'oauth2'] as const) {
      const config = await client.discovery(new URL(issuer), 'any', undefined, client.None(), {
        ...insecure,
        algorithm,
      });
      expect(config.serverMetadata().issuer).toBe(issuer);
    }
  });

  it('answers install-config with the API address and no client (apps register themselves)', async () => {
    const res = await s.get('/mcp/install-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: resource });
  });
});

describe('signing in', () => {
  it('the whole journey, each step found from the one before: 401 → resource metadata → server metadata → registration → sign-in → API → refresh → revocation → 401', async () => {
    const first = await s.get('/api/v1/workspaces');
    const prmUrl = /resource_metadata="([^"]+)"/.exec(challenge(first))![1]!;
    const prm = (await (await fetch(prmUrl)).json()) as Loose;
    // RFC 8414 first, as the desktop app does (the path-inserted address for this issuer).
    const discovered = await client.discovery(
      new URL(prm.authorization_servers[0]),
      'unused',
      undefined,
      client.None(),
      { ...insecure, algorithm: 'oauth2' },
    );
    const registered = await client.dynamicClientRegistration(
      new URL(discovered.serverMetadata().issuer),
      {
        client_name: 'Triage Desk',
        redirect_uris: ['http://127.0.0.1:50999/callback'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      client.None(),
      { ...insecure, algorithm: 'oauth2' },
    );
    // The app listens on whatever port is free when the person signs in.
    const { tokens } = await signIn(new Browser(s.baseUrl), {
      config: registered,
      redirectUri: 'http://127.0.0.1:50998/callback',
      resource: prm.resource,
      scope: prm.scopes_supported.join(' '),
      as: { persona: /Olivia Owner/ },
    });
    expect((await s.get('/api/v1/workspaces', tokens!.access_token)).status).toBe(200);
    const refreshed = await client.refreshTokenGrant(registered, tokens!.refresh_token!, { resource: prm.resource });
    expect((await s.get('/api/v1/items/it_1', refreshed.access_token)).status).toBe(200);
    await client.tokenRevocation(registered, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
    const last = await s.get('/api/v1/workspaces', refreshed.access_token);
    expect(last.status).toBe(401);
    expect(challenge(last)).toContain(`resource_metadata="${prmUrl}"`);
  });

  it('registers a native app, signs in as a persona, and the access token works with exactly their roles', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51000/callback'], 'Journey App');
    expect(config.clientMetadata()).toMatchObject({ application_type: 'native', token_endpoint_auth_method: 'none' });
    const browser = new Browser(s.baseUrl);
    const { tokens, consent, callback } = await signIn(browser, {
      config,
      redirectUri: 'http://127.0.0.1:51000/callback',
      resource,
      as: { persona: /Olivia Owner/ },
    });
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(consent.html).toContain('Allow Journey App to use your account?');
    expect(consent.html).toContain('Read and change feedback threads you can see');
    expect(consent.html).toContain('Stay signed in (offline access)');
    expect(tokens!.token_type.toLowerCase()).toBe('bearer');
    expect(tokens!.refresh_token).toEqual(expect.any(String));
    // Opaque: not a JWT the app could read anything from.
    expect(tokens!.access_token.split('.')).toHaveLength(1);
    const viaOAuth = await s.get('/api/v1/workspaces', tokens!.access_token);
    const viaToken = await s.get('/api/v1/workspaces', TOKENS.owner);
    expect(viaOAuth.status).toBe(200);
    expect(viaOAuth.body).toEqual(viaToken.body);
    const item = await s.get('/api/v1/items/it_1', tokens!.access_token);
    expect(item.status).toBe(200);
  });

  it('refuses a persona where their personal token is refused, with the same answer', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51001/callback'], 'Roles App');
    const collab = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51001/callback',
      resource,
      as: { persona: /Cora Collab/ },
    });
    const reviewer = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51001/callback',
      resource,
      as: { persona: /Remy Reviewer/ },
    });
    for (const [oauthToken, personal] of [
      [collab.tokens!.access_token, TOKENS.collab],
      [reviewer.tokens!.access_token, TOKENS.reviewer],
    ] as const) {
      for (const path of [
        '/api/v1/projects?workspaceId=ws_labs',
        '/api/v1/projects?workspaceId=ws_main',
        '/api/v1/items/it_1',
      ]) {
        const a = await s.get(path, oauthToken);
        const b = await s.get(path, personal);
        expect({ path, status: a.status, body: a.body }).toEqual({ path, status: b.status, body: b.body });
      }
    }
    expect((await s.get('/api/v1/projects?workspaceId=ws_labs', collab.tokens!.access_token)).status).toBe(404);
    expect((await s.get('/api/v1/workspaces', reviewer.tokens!.access_token)).body).toMatchObject({
      kind: 'billing_limit',
      reason: 'no_seat',
    });
  });

  it('signs in with a personal token, and says which when the token is wrong, expired or revoked', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51002/callback'], 'Token App');
    const browser = new Browser(s.baseUrl);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:51002/callback',
      scope: 'profile email offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: client.randomState(),
      resource,
    });
    const page = await browser.open(url.href);
    if ('left' in page) throw new Error('left the service');
    expect(page.html).toMatch(/<input type="password" id="token" name="token"/);
    for (const [token, sentence] of [
      ['tok-nobody', /That personal token is not recognised/],
      [TOKENS.expired, /That personal token expired on 2026-01-14T12:00:00\.000Z/],
      [TOKENS.revoked, /That personal token was revoked/],
      ['   ', /Choose a person, or enter a personal token/],
    ] as const) {
      const res = await browser.submit(page, /Sign in with a personal token/, { token });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toMatch(sentence);
      expect(html).toContain('role="alert"');
      // The page stays usable: the same forms are there to try again.
      expect(html).toContain('name="token"');
    }
    const ok = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51002/callback',
      resource,
      as: { token: TOKENS.admin },
    });
    expect((await s.get('/api/v1/workspaces', ok.tokens!.access_token)).body).toEqual(
      (await s.get('/api/v1/workspaces', TOKENS.admin)).body,
    );
  });

  it('gives no refresh token to a sign-in without offline_access', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51003/callback'], 'Short App');
    const { tokens, consent } = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51003/callback',
      resource,
      scope: 'profile email',
      as: { persona: /Olivia Owner/ },
    });
    expect(consent.html).not.toContain('Stay signed in');
    expect(tokens!.access_token).toEqual(expect.any(String));
    expect(tokens!.refresh_token).toBeUndefined();
    expect((await s.get('/api/v1/workspaces', tokens!.access_token)).status).toBe(200);
  });

  it('uses the API as the resource when the app names none', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51004/callback'], 'No Resource App');
    const { tokens } = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51004/callback',
      resource: null,
      as: { persona: /Olivia Owner/ },
    });
    expect((await s.get('/api/v1/workspaces', tokens!.access_token)).status).toBe(200);
    const refreshed = await client.refreshTokenGrant(config, tokens!.refresh_token!);
    expect((await s.get('/api/v1/workspaces', refreshed.access_token)).status).toBe(200);
  });

  it('lets a loopback redirect change its port from the one registered (RFC 8252 §7.3), on 127.0.0.1 and localhost', async () => {
    const config = await register(
      issuer,
      ['http://127.0.0.1:51005/callback', 'http://localhost:51005/callback'],
      'Port App',
    );
    for (const redirectUri of ['http://127.0.0.1:61234/callback', 'http://localhost:40001/callback']) {
      const { tokens, callback } = await signIn(new Browser(s.baseUrl), {
        config,
        redirectUri,
        resource,
        as: { persona: /Olivia Owner/ },
      });
      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
      expect((await s.get('/api/v1/workspaces', tokens!.access_token)).status).toBe(200);
    }
  });

  it('ends the flow with access_denied when the person denies, or cancels at sign-in', async () => {
    const config = await register(issuer, ['http://127.0.0.1:51006/callback'], 'Denied App');
    const denied = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:51006/callback',
      resource,
      as: { persona: /Olivia Owner/ },
      decision: 'Deny',
    });
    expect(denied.tokens).toBeNull();
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect(denied.callback.searchParams.get('state')).toEqual(expect.any(String));

    const browser = new Browser(s.baseUrl);
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:51006/callback',
      scope: 'profile',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
    });
    const page = await browser.open(url.href);
    if ('left' in page) throw new Error('left the service');
    const back = await browser.follow(await browser.submit(page, /Cancel and return to the app/));
    if (!('left' in back)) throw new Error('stayed on the service');
    expect(back.left.searchParams.get('error')).toBe('access_denied');
    expect(back.left.searchParams.get('state')).toBe(state);
  });
});

describe('refreshing and revoking', () => {
  async function freshSignIn(port: number, persona = /Olivia Owner/) {
    const config = await register(issuer, [`http://127.0.0.1:${port}/callback`], `Refresh App ${port}`);
    const { tokens } = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: `http://127.0.0.1:${port}/callback`,
      resource,
      as: { persona },
    });
    return { config, tokens: tokens! };
  }

  it('rotates the refresh token on use: the new one works, the old one is refused, and reusing it ends the grant', async () => {
    const { config, tokens } = await freshSignIn(52000);
    const second = await client.refreshTokenGrant(config, tokens.refresh_token!, { resource });
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await s.get('/api/v1/workspaces', second.access_token)).status).toBe(200);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reusing a rotated token means it leaked: the whole sign-in ends, its newest tokens too.
    const after = await s.get('/api/v1/workspaces', second.access_token);
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/revoked/);
    await expect(client.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes an access token at the revocation endpoint: the API refuses it with a challenge naming the metadata, and its refresh token goes too', async () => {
    const { config, tokens } = await freshSignIn(52001);
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    const res = await s.get('/api/v1/workspaces', tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/revoked/);
    expect(challenge(res)).toMatch(
      /^Bearer realm="feedback", error="invalid_token", error_description="[^"]+", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/api\/v1"$/,
    );
    // RFC 7009 §2.1 lets the refresh token of the same sign-in go with it, and oidc-provider does so.
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes a refresh token at the revocation endpoint, ending its sign-in and every access token of it', async () => {
    const { config, tokens } = await freshSignIn(52002);
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const res = await s.get('/api/v1/items/it_1', tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/revoked/);
  });

  it("lets no app revoke another app's token (the token keeps working)", async () => {
    const a = await freshSignIn(52003);
    const b = await freshSignIn(52004);
    // RFC 7009 answers 200 either way, so a public client cannot probe for tokens.
    await client.tokenRevocation(b.config, a.tokens.access_token);
    expect((await s.get('/api/v1/workspaces', a.tokens.access_token)).status).toBe(200);
  });
});

describe('the sign-in pages', () => {
  it('are plain HTML under a strict policy: no script, the style sheet from its own address, a heading, labels and real buttons', async () => {
    const config = await register(issuer, ['http://127.0.0.1:53000/callback'], 'Page <b>App</b>');
    const browser = new Browser(s.baseUrl);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:53000/callback',
      scope: 'profile email offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'st',
      resource,
    });
    const login = await browser.open(url.href);
    if ('left' in login) throw new Error('left the service');
    const consentRes = await browser.follow(await browser.submit(login, /Olivia Owner/));
    if ('left' in consentRes) throw new Error('left the service');
    for (const page of [login, consentRes]) {
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/style-src 'self'/);
      expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+ http:\/\/127\.0\.0\.1:53000/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(page.html).toMatch(/<h1>/);
      expect(page.html).not.toMatch(/<script|style=|<style/i);
      expect(page.html).toContain('<link rel="stylesheet" href="/oauth/assets/pages.css">');
      // The client's name is the app's to choose: shown, never markup.
      expect(page.html).toContain('Page &lt;b&gt;App&lt;/b&gt;');
      expect(page.html).not.toContain('<b>App</b>');
    }
    expect(login.html).toMatch(/<label for="token">Personal token<\/label>/);
    expect(login.html).toMatch(
      /<button class="person" type="submit" name="persona" value="u_owner"><strong>Olivia Owner<\/strong><span>olivia@paid\.example<\/span><span>Owner of Labs, owner of Main Web<\/span><\/button>/,
    );
    expect(consentRes.html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(consentRes.html).toMatch(
      /<button type="submit" name="decision" value="deny" class="secondary">Deny<\/button>/,
    );
    expect(consentRes.html).toContain('You are signed in as Olivia Owner (olivia@paid.example)');
    const css = await fetch(`${s.baseUrl}/oauth/assets/pages.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const text = await css.text();
    expect(text).toMatch(/prefers-color-scheme: dark/);
    expect(text).toMatch(/:focus-visible/);
    expect(text).toMatch(/max-width: 480px/);
  });
});
