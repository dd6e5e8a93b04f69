import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { Browser, register, signIn } from './support/oauth-browser.js';
import { baseWorld, TOKENS, type Loose } from './support/world.js';

/**
 * Every bad request to the authorization server gets a clear refusal: the protocol's own
 * error on protocol endpoints (back to the app when it can be trusted with it), a sentence
 * on our pages, and never a 5xx.
 */

let s: Running;
let issuer: string;
let resource: string;
let app: client.Configuration;
const REDIRECT = 'http://127.0.0.1:56000/callback';

beforeAll(async () => {
  s = await startServer(baseWorld(), {
    oauth: { enabled: true, personas: ['u_owner'] },
    authFailureLimit: { perMinute: 1, burst: 3 },
  });
  issuer = `${s.baseUrl}/oauth`;
  resource = `${s.baseUrl}/api/v1`;
  app = await register(issuer, [REDIRECT], 'Bad Input App');
});
afterAll(async () => s.close());

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: app.clientMetadata().client_id,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'profile',
    state: 'st',
    ...params,
  }).toString();
  return url.href;
}

async function challenge(): Promise<Record<string, string>> {
  return {
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
  };
}

/** The app's redirect with an error, as the browser would be sent to it. */
async function refusedToApp(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('st');
  return location;
}

const registerRaw = (body: string, contentType = 'application/json') =>
  fetch(`${issuer}/reg`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('authorization requests', () => {
  it('refuses one without PKCE, and one with the plain method, back to the app', async () => {
    const none = await refusedToApp(authorizeUrl({}));
    expect(none.searchParams.get('error')).toBe('invalid_request');
    expect(none.searchParams.get('error_description')).toMatch(/PKCE/);
    const plain = await refusedToApp(authorizeUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }));
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    expect(plain.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('refuses a resource other than the API', async () => {
    const other = await refusedToApp(
      authorizeUrl({ ...(await challenge()), resource: 'https://elsewhere.example/api' }),
    );
    expect(other.searchParams.get('error')).toBe('invalid_target');
  });

  it('never sends the browser to an address the app did not register: a page says why instead', async () => {
    for (const redirect of [
      'http://evil.example/callback',
      'https://127.0.0.1:56000/callback',
      'http://127.0.0.1:56000/other',
    ]) {
      const res = await fetch(authorizeUrl({ ...(await challenge()), redirect_uri: redirect }), { redirect: 'manual' });
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      const html = await res.text();
      expect(html).toContain(
        'The app asked to come back to an address it did not register, so the sign-in stopped here and nothing was shared.',
      );
      expect(html).not.toMatch(/<script|<style/);
    }
  });

  it('refuses an unknown app with a page', async () => {
    const res = await fetch(authorizeUrl({ ...(await challenge()), client_id: 'nobody' }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This app is not known here');
  });
});

describe('registration', () => {
  it('refuses redirects that are not loopback addresses', async () => {
    for (const uri of [
      'http://evil.example/callback',
      'https://app.example/callback',
      'http://192.168.1.10:8080/callback',
      'com.example.app:/callback',
    ]) {
      const res = await registerRaw(JSON.stringify({ redirect_uris: [uri], client_name: 'X' }));
      expect(res.status, uri).toBe(400);
      const body = (await res.json()) as Loose;
      expect(body.error, uri).toBe('invalid_redirect_uri');
      expect(body.error_description, uri).toMatch(/loopback/);
    }
  });

  it("refuses garbage metadata with the protocol's error and a description", async () => {
    const cases: [string, string, RegExp][] = [
      ['not json', 'application/json', /invalid_request|invalid_client_metadata/],
      ['[1,2]', 'application/json', /invalid_request|invalid_client_metadata/],
      ['{}', 'application/json', /invalid_client_metadata|invalid_redirect_uri/],
      [JSON.stringify({ redirect_uris: 'http://127.0.0.1:1/callback' }), 'application/json', /invalid_redirect_uri/],
      [
        JSON.stringify({ redirect_uris: [REDIRECT], application_type: 'web' }),
        'application/json',
        /invalid_client_metadata/,
      ],
      [
        JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }),
        'application/json',
        /invalid_client_metadata/,
      ],
      [
        JSON.stringify({ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }),
        'application/json',
        /invalid_client_metadata/,
      ],
      [
        JSON.stringify({ redirect_uris: [REDIRECT], response_types: ['token'] }),
        'application/json',
        /invalid_client_metadata/,
      ],
      [JSON.stringify({ redirect_uris: [REDIRECT], client_name: 7 }), 'application/json', /invalid_client_metadata/],
      ['redirect_uris=x', 'application/x-www-form-urlencoded', /invalid_request/],
    ];
    for (const [body, type, error] of cases) {
      const res = await registerRaw(body, type);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      const json = (await res.json()) as Loose;
      expect(json.error, body).toMatch(error);
      expect(json.error_description, body).toEqual(expect.any(String));
    }
    const sentences = (await (
      await registerRaw(
        JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }),
      )
    ).json()) as Loose;
    expect(sentences.error_description).toMatch(/cannot keep a secret/);
  });

  it('accepts a minimal registration as a native public app', async () => {
    const res = await registerRaw(JSON.stringify({ redirect_uris: ['http://localhost:3000/callback'] }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
  });
});

describe('token requests', () => {
  it('refuses a code exchanged with the wrong verifier', async () => {
    const browser = new Browser(s.baseUrl);
    const url = client.buildAuthorizationUrl(app, {
      redirect_uri: REDIRECT,
      scope: 'profile',
      ...(await challenge()),
      state: 'st',
      resource,
    });
    let page = await browser.open(url.href);
    if ('left' in page) throw new Error('left the service');
    page = await browser.follow(await browser.submit(page, /Olivia Owner/));
    if ('left' in page) throw new Error('left the service');
    const back = await browser.follow(await browser.submit(page, /^Allow$/));
    if (!('left' in back)) throw new Error('stayed on the service');
    const code = back.left.searchParams.get('code')!;
    const exchange = (verifier: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: app.clientMetadata().client_id,
          code_verifier: verifier,
        }).toString(),
      });
    const wrong = await exchange(client.randomPKCECodeVerifier());
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Loose).error).toBe('invalid_grant');
  });

  it('refuses garbage at the token and revocation endpoints without a 5xx', async () => {
    for (const [endpoint, body, type] of [
      ['token', 'grant_type=authorization_code', 'application/x-www-form-urlencoded'],
      ['token', '{"grant_type":"refresh_token"}', 'application/json'],
      [
        'token',
        `grant_type=refresh_token&refresh_token=nope&client_id=${app.clientMetadata().client_id}`,
        'application/x-www-form-urlencoded',
      ],
      ['token', 'grant_type=password&username=a&password=b', 'application/x-www-form-urlencoded'],
      ['token/revocation', 'token=nope', 'application/x-www-form-urlencoded'],
      ['token/revocation', '%%%', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await fetch(`${issuer}/${endpoint}`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${endpoint} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${endpoint} ${body}`).toBeLessThan(500);
      expect(((await res.json()) as Loose).error, body).toEqual(expect.any(String));
    }
  });

  it('answers an unknown address under /oauth like any other: 404 with a sentence', async () => {
    const res = await s.get('/oauth/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'There is no endpoint GET /oauth/nothing-here.' });
  });
});

describe('the sign-in pages', () => {
  it("refuse an interaction that does not exist, or is not the browser's own, with a sentence", async () => {
    const stranger = new Browser(s.baseUrl);
    for (const [method, path] of [
      ['GET', '/oauth/interaction/no-such-uid'],
      ['POST', '/oauth/interaction/no-such-uid/login'],
      ['POST', '/oauth/interaction/no-such-uid/consent'],
      ['POST', '/oauth/interaction/no-such-uid/abort'],
    ] as const) {
      const res = await stranger.request(path, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'persona=u_owner' }
          : {}),
      });
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html, path).toContain('This sign-in page is no longer valid');
      expect(html).toContain('<h1>This sign-in has expired</h1>');
    }

    // A real interaction in one browser, and another uid in the URL: refused, and the real one still works.
    const browser = new Browser(s.baseUrl);
    const page = await browser.open(
      client.buildAuthorizationUrl(app, {
        redirect_uri: REDIRECT,
        scope: 'profile',
        ...(await challenge()),
        state: 'st',
      }).href,
    );
    if ('left' in page) throw new Error('left the service');
    const uid = /\/oauth\/interaction\/([\w-]+)/.exec(page.url)![1]!;
    const mismatch = await browser.request(`/oauth/interaction/${uid}x/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'persona=u_owner',
    });
    expect(mismatch.status).toBe(400);
    // Another browser (no interaction cookie) cannot drive this one's interaction.
    const thief = await stranger.request(`/oauth/interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'persona=u_owner',
    });
    expect(thief.status).toBe(400);
    const ok = await browser.follow(await browser.submit(page, /Olivia Owner/));
    if ('left' in ok) throw new Error('left the service');
    expect(ok.html).toContain('Allow Bad Input App to use your account?');
  });

  it('refuse a form sent as JSON, an oversized one, an unknown decision and a person not offered', async () => {
    const browser = new Browser(s.baseUrl);
    const page = await browser.open(
      client.buildAuthorizationUrl(app, {
        redirect_uri: REDIRECT,
        scope: 'profile',
        ...(await challenge()),
        state: 'st',
      }).href,
    );
    if ('left' in page) throw new Error('left the service');
    const action = `${new URL(page.url).pathname}/login`;
    const json = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"persona":"u_owner"}',
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('This page takes its forms as a browser sends them');
    const big = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${'x'.repeat(20_000)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain('too large');
    const notOffered = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'persona=u_solo',
    });
    expect(notOffered.status).toBe(400);
    expect(await notOffered.text()).toContain('That person cannot be chosen here');

    const consent = await browser.follow(await browser.submit(page, /Olivia Owner/));
    if ('left' in consent) throw new Error('left the service');
    const odd = await browser.request(`${new URL(consent.url).pathname}/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=maybe',
    });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain('Choose Allow or Deny.');
  });

  it('limit wrong personal tokens per address like bad API tokens, and never refuse a right one for it', async () => {
    const browser = new Browser(s.baseUrl);
    const page = await browser.open(
      client.buildAuthorizationUrl(app, {
        redirect_uri: REDIRECT,
        scope: 'profile',
        ...(await challenge()),
        state: 'st',
      }).href,
    );
    if ('left' in page) throw new Error('left the service');
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 5; i++) {
      const res = await browser.submit(page, /Sign in with a personal token/, { token: `wrong-${i}` });
      statuses.push(res.status);
      last = await res.text();
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    expect(last).toMatch(/Too many wrong tokens from this address; wait \d+ seconds?, then try again\./);
    const ok = await signIn(browser, {
      config: app,
      redirectUri: REDIRECT,
      resource,
      scope: 'profile',
      as: { token: TOKENS.owner },
    });
    expect(ok.tokens!.access_token).toEqual(expect.any(String));
  });
});
