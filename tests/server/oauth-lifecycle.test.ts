import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { OAuthStore } from '../../src/server/oauth/store.js';
import { findRecord, upsertRecord } from '../../src/server/storage/oauth.js';
import { startServer, TestClock, type Running } from './support/harness.js';
import { Browser, insecure, register, signIn } from './support/oauth-browser.js';
import { baseWorld, TOKENS, type Loose } from './support/world.js';

/** What OAuth sign-ins share with the rest of the service: rate limits, the clock, the database, the public URL. */

const running: Running[] = [];
const tmpDirs: string[] = [];
afterAll(async () => {
  for (const s of running) await s.close().catch(() => undefined);
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function start(opts: Parameters<typeof startServer>[1]): Promise<Running> {
  const s = await startServer(baseWorld(), opts);
  running.push(s);
  return s;
}

async function signedIn(s: Running, port: number, persona = /Olivia Owner/, name = `App ${port}`) {
  const config = await register(`${s.baseUrl}/oauth`, [`http://127.0.0.1:${port}/callback`], name);
  const { tokens } = await signIn(new Browser(s.baseUrl), {
    config,
    redirectUri: `http://127.0.0.1:${port}/callback`,
    resource: `${s.baseUrl}/api/v1`,
    as: { persona },
  });
  return { config, tokens: tokens! };
}

describe('OAuth sign-ins and the rest of the service', () => {
  it('puts every OAuth sign-in of one person in one rate bucket, while their personal token keeps its own', async () => {
    const s = await start({ oauth: { enabled: true, personas: ['u_owner'] }, rateLimit: { perMinute: 1, burst: 3 } });
    const a = await signedIn(s, 55000);
    const b = await signedIn(s, 55001);
    expect((await s.get('/api/v1/workspaces', a.tokens.access_token)).status).toBe(200);
    expect((await s.get('/api/v1/workspaces', b.tokens.access_token)).status).toBe(200);
    expect((await s.get('/api/v1/projects', a.tokens.access_token)).status).toBe(200);
    const limitedB = await s.get('/api/v1/workspaces', b.tokens.access_token);
    expect(limitedB.status).toBe(429);
    expect(Number(limitedB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.get('/api/v1/workspaces', a.tokens.access_token)).status).toBe(429);
    expect((await s.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
    // Minted after the bucket ran dry, a third sign-in of the same person is in it too.
    const c = await signedIn(s, 55002);
    expect((await s.get('/api/v1/workspaces', c.tokens.access_token)).status).toBe(429);
  });

  it("lets an access token expire by the service's clock after its short lifetime; a refresh gives a working one", async () => {
    const clock = new TestClock();
    const s = await start({ clock, oauth: { enabled: true, personas: ['u_owner'], accessTokenTtlSeconds: 60 } });
    const { config, tokens } = await signedIn(s, 55100);
    expect(tokens.expires_in).toBe(60);
    clock.advance(59_000);
    expect((await s.get('/api/v1/workspaces', tokens.access_token)).status).toBe(200);
    clock.advance(1_000);
    const expired = await s.get('/api/v1/workspaces', tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatch(/expired on/);
    expect(expired.headers.get('www-authenticate')).toMatch(/resource_metadata="/);
    const next = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await s.get('/api/v1/workspaces', next.access_token)).status).toBe(200);
  });

  it('keeps tokens, signing keys and registered apps across a restart on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-oauth-'));
    tmpDirs.push(dataDir);
    const first = await start({ dataDir, oauth: { enabled: true, personas: ['u_owner'] } });
    const port = Number(new URL(first.baseUrl).port);
    const { config, tokens } = await signedIn(first, 55200);
    const keysBefore = (await (await fetch(`${first.baseUrl}/oauth/jwks`)).json()) as Loose;
    await first.close();
    // The connections the old server closed must reach the client's pool before the new one
    // answers on the same port, or fetch reuses a dead socket (a restart takes longer than this).
    await new Promise((r) => setTimeout(r, 500));

    const second = await start({ dataDir, port, oauth: { enabled: true, personas: ['u_owner'] } });
    expect(second.baseUrl).toBe(first.baseUrl);
    expect((await second.get('/api/v1/workspaces', tokens.access_token)).status).toBe(200);
    const keysAfter = (await (await fetch(`${second.baseUrl}/oauth/jwks`)).json()) as Loose;
    expect(keysAfter).toEqual(keysBefore);
    expect(keysAfter.keys).toHaveLength(1);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await second.get('/api/v1/items/it_1', refreshed.access_token)).status).toBe(200);
    // The app registered before the restart signs in again without registering anew.
    const again = await signIn(new Browser(second.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:55200/callback',
      resource: `${second.baseUrl}/api/v1`,
      as: { persona: /Olivia Owner/ },
    });
    expect((await second.get('/api/v1/workspaces', again.tokens!.access_token)).status).toBe(200);
  });

  it('keeps access tokens, refresh tokens and codes only as hashes: a copied database yields none of them', async () => {
    const s = await start({ oauth: { enabled: true, personas: ['u_owner'] } });
    const config = await register(`${s.baseUrl}/oauth`, ['http://127.0.0.1:55150/callback'], 'Hash App');
    const { tokens, callback } = await signIn(new Browser(s.baseUrl), {
      config,
      redirectUri: 'http://127.0.0.1:55150/callback',
      resource: `${s.baseUrl}/api/v1`,
      as: { persona: /Olivia Owner/ },
    });
    const refreshed = await client.refreshTokenGrant(config, tokens!.refresh_token!);
    const dump = JSON.stringify([
      await s.db.selectFrom('oauth_records').selectAll().execute(),
      await s.db.selectFrom('tokens').selectAll().execute(),
    ]);
    for (const secret of [
      tokens!.access_token,
      tokens!.refresh_token!,
      callback.searchParams.get('code')!,
      refreshed.access_token,
      refreshed.refresh_token!,
    ]) {
      expect(dump).not.toContain(secret);
    }
    expect((await s.get('/api/v1/workspaces', refreshed.access_token)).status).toBe(200);
  });

  it('prunes expired records lazily and keeps live ones', async () => {
    const s = await start({ oauth: { enabled: true } });
    const store = new OAuthStore(s.db, s.clock, null);
    const now = Date.now();
    await upsertRecord(
      s.db,
      {
        model: 'Interaction',
        id: 'old',
        payload: { kind: 'Interaction' },
        grantId: null,
        uid: null,
        accountId: null,
        expiresAt: now - 1,
      },
      now - 3_600_000,
    );
    await upsertRecord(
      s.db,
      {
        model: 'Interaction',
        id: 'live',
        payload: { kind: 'Interaction' },
        grantId: null,
        uid: null,
        accountId: null,
        expiresAt: now + 60_000,
      },
      now,
    );
    // Expired records are never served, pruned or not.
    expect(await findRecord(s.db, 'Interaction', 'old', now)).toBeUndefined();
    await store.pruneNow();
    const rows = await s.db.selectFrom('oauth_records').select('id').where('model', '=', 'Interaction').execute();
    expect(rows.map((r) => r.id)).toEqual(['live']);
  });
});

describe('install-config and an app registered in advance', () => {
  it('names the registered app and its port, and its redirect works on 127.0.0.1 and localhost', async () => {
    const s = await start({
      oauth: {
        enabled: true,
        personas: ['u_owner'],
        preRegisteredClient: { clientId: 'triage-desk', callbackPort: 54545 },
      },
    });
    const config = await s.get('/mcp/install-config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ url: `${s.baseUrl}/api/v1`, clientId: 'triage-desk', callbackPort: 54545 });
    const app = await client.discovery(
      new URL(`${s.baseUrl}/oauth`),
      'triage-desk',
      undefined,
      client.None(),
      insecure,
    );
    for (const redirectUri of ['http://127.0.0.1:54545/callback', 'http://localhost:54545/callback']) {
      const { tokens, consent } = await signIn(new Browser(s.baseUrl), {
        config: app,
        redirectUri,
        resource: `${s.baseUrl}/api/v1`,
        as: { persona: /Olivia Owner/ },
      });
      expect(consent.html).toContain('Allow Triage Desk to use your account?');
      expect((await s.get('/api/v1/workspaces', tokens!.access_token)).status).toBe(200);
    }
    const label = await s.db.selectFrom('tokens').select('label').where('kind', '=', 'oauth').executeTakeFirst();
    expect(label?.label).toBe('Triage Desk');
  });

  it('answers 404 with a sentence when OAuth is off, and the 401 then names no metadata', async () => {
    const s = await start({});
    const config = await s.get('/mcp/install-config');
    expect(config.status).toBe(404);
    expect(config.body.error).toBe('This service does not offer browser sign-in (OAuth is off); use a personal token.');
    for (const p of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/v1',
      '/.well-known/oauth-authorization-server/oauth',
      '/oauth/.well-known/openid-configuration',
      '/oauth/account',
    ]) {
      const res = await s.get(p);
      expect(res.status, p).toBe(404);
      expect(res.body.error, p).toMatch(/There is no endpoint GET/);
    }
    expect((await s.get('/api/v1/workspaces')).headers.get('www-authenticate')).toBe('Bearer realm="feedback"');
  });
});

describe('behind a public URL', () => {
  it('builds every address from --public-url (path prefix kept), never from the Host header, and marks cookies Secure for https', async () => {
    const s = await start({
      publicUrl: 'https://feedback.example.com/fb',
      oauth: { enabled: true, personas: ['u_owner'] },
    });
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const prm = await s.get('/.well-known/oauth-protected-resource/api/v1', null, evil);
    expect(prm.body).toMatchObject({
      resource: 'https://feedback.example.com/fb/api/v1',
      authorization_servers: ['https://feedback.example.com/fb/oauth'],
    });
    const meta = await s.get('/.well-known/oauth-authorization-server/oauth', null, evil);
    expect(meta.body).toMatchObject({
      issuer: 'https://feedback.example.com/fb/oauth',
      authorization_endpoint: 'https://feedback.example.com/fb/oauth/auth',
      token_endpoint: 'https://feedback.example.com/fb/oauth/token',
      registration_endpoint: 'https://feedback.example.com/fb/oauth/reg',
    });
    expect((await s.get('/api/v1/workspaces', null, evil)).headers.get('www-authenticate')).toContain(
      'resource_metadata="https://feedback.example.com/fb/.well-known/oauth-protected-resource/api/v1"',
    );
    expect((await s.get('/mcp/install-config', null, evil)).body).toEqual({
      url: 'https://feedback.example.com/fb/api/v1',
    });

    // Registered through the service's own address, as the proxy in front would pass it on.
    const reg = await s.post('/oauth/reg', {
      redirect_uris: ['http://127.0.0.1:55300/callback'],
      client_name: 'Proxied App',
    });
    expect(reg.status).toBe(201);
    const auth = new URL(`${s.baseUrl}/oauth/auth`);
    auth.search = new URLSearchParams({
      client_id: reg.body.client_id,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:55300/callback',
      scope: 'profile',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      resource: 'https://feedback.example.com/fb/api/v1',
    }).toString();
    const res = await fetch(auth, { redirect: 'manual', headers: evil });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/fb\/oauth\/interaction\/[\w-]+$/);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^oauth_interaction=.*path=\/fb\/oauth\/interaction\/[\w-]+;.*secure/i.test(c))).toBe(
      true,
    );
  });
});
