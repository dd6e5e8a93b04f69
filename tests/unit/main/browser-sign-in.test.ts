import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/services/api-client.js';
import { discoverSignIn } from '../../../src/main/services/sign-in/discovery.js';
import { createConnectionService, type ConnectionService } from '../../../src/main/services/connections.js';
import { createKeychainStore } from '../../../src/main/services/credential-store.js';
import type { SignedOutEvent } from '#shared/bridge/index.js';
import { startServer, type Running } from '../../server/support/harness.js';
import { answerSignIn, Browser, findForm } from '../../server/support/oauth-browser.js';
import { baseWorld, TOKENS } from '../../server/support/world.js';
import { requireKeyring, uniqueService, wipeService } from './support/keyring.js';

/**
 * "Sign in with your browser" from the main process against the reference service's real
 * authorization server: the connection service discovers it, registers, opens the sign-in
 * page (here a scripted browser picks the persona and allows), takes the loopback callback,
 * keeps the sign-in in the real keychain, refreshes it, and hears when it is revoked.
 */
let s: Running;
const keychain = uniqueService('browser-sign-in');
let svc: ConnectionService;
const pages: string[] = [];
const ended: SignedOutEvent[] = [];
/** What the person does in the browser when a sign-in page opens. */
let person: (url: string) => Promise<void> = async () => {};

beforeAll(async () => {
  await requireKeyring();
  s = await startServer(baseWorld(), {
    oauth: { enabled: true, accessTokenTtlSeconds: 600, personas: ['u_owner', 'u_collab'] },
    authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 },
  });
  svc = createConnectionService({
    store: createKeychainStore({ service: keychain }),
    signIn: { flow: { timeoutMs: 20_000 } },
  });
  svc.onSignInPage((url) => {
    pages.push(url);
    void person(url);
  });
  svc.onSignedOut((e) => ended.push(e));
});
afterAll(async () => {
  await s?.close();
  await wipeService(keychain);
});

/** Picks the persona on the sign-in page, answers the consent page, and lets the browser go back to the app. */
const signsInAs =
  (persona: RegExp, decision: 'Allow' | 'Deny' = 'Allow') =>
  (url: string) =>
    answerSignIn(s.baseUrl, url, persona, decision);

async function revokeOnTheAccountPage(appName: RegExp): Promise<void> {
  const browser = new Browser(s.baseUrl);
  const signInPage = await browser.open('/oauth/account');
  if ('left' in signInPage) throw new Error('left the service');
  const page = await browser.follow(
    await browser.submit(signInPage, /Sign in with a personal token/, { token: TOKENS.owner }),
  );
  if ('left' in page) throw new Error('left the service');
  const at = page.html.search(appName);
  const form = findForm(page.html.slice(at), /^Revoke$/);
  await browser.request(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.hidden).toString(),
  });
}

describe('signing in with the browser', () => {
  it('is offered by the reference service, and not by an address with no sign-in', async () => {
    expect(await svc.signInOptions(s.baseUrl)).toEqual({ ok: true, data: { available: true, reason: null } });
    const tokensOnly = await startServer(baseWorld());
    try {
      expect(await svc.signInOptions(tokensOnly.baseUrl)).toEqual({
        ok: true,
        data: {
          available: false,
          reason: `${new URL(tokensOnly.baseUrl).host} does not offer browser sign-in. Use a personal token instead.`,
        },
      });
      expect(await svc.signIn({ baseUrl: tokensOnly.baseUrl })).toMatchObject({
        ok: false,
        error: { kind: 'sign_in', reason: 'unavailable' },
      });
    } finally {
      await tokensOnly.close();
    }
  });

  it('signs in, keeps the sign-in in the keychain, works the API, and renews after the access token expires', async () => {
    person = signsInAs(/Olivia Owner/);
    const r = await svc.signIn({ baseUrl: s.baseUrl, label: 'Browser sign-in' });
    expect(r).toMatchObject({
      ok: true,
      data: { connection: { label: 'Browser sign-in', auth: 'browser' }, you: { name: 'Olivia Owner' }, notes: [] },
    });
    if (!r.ok) return;
    expect(pages).toHaveLength(1);
    expect(new URL(pages[0]!).searchParams.get('code_challenge_method')).toBe('S256');
    const saved = await createKeychainStore({ service: keychain }).get(r.data.connection.id);
    expect(saved?.signIn).toMatchObject({
      refreshToken: expect.any(String),
      issuer: `${s.baseUrl}/oauth`,
      resource: `${s.baseUrl}/api/v1`,
    });

    expect(await svc.call('getItem', { itemId: 'it_1' })).toMatchObject({ ok: true });
    // Past the access token's life on the service's clock: the next request is refused, renewed, and goes through.
    s.clock.advance(601_000);
    expect(await svc.call('getItem', { itemId: 'it_1' })).toMatchObject({ ok: true });
    const renewed = await createKeychainStore({ service: keychain }).get(r.data.connection.id);
    expect(renewed?.token).not.toBe(saved?.token);
    expect(renewed?.signIn?.refreshToken).not.toBe(saved?.signIn?.refreshToken);
    expect(ended).toEqual([]);
  });

  it('when the sign-in is revoked on the service, says so once; a write waits and goes out after signing in again', async () => {
    const active = await svc.active();
    const connectionId = active.ok ? active.data!.connection.id : '';
    await revokeOnTheAccountPage(/Triage Desk/);
    const write = svc.call('setStatus', { itemId: 'it_1', status: 'deferred' });
    await expect.poll(() => ended.length).toBe(1);
    expect(ended[0]).toEqual({
      connectionId,
      message: expect.stringMatching(/^Signed out of 127\.0\.0\.1:\d+ — sign in again\./),
    });
    person = signsInAs(/Olivia Owner/);
    expect(await svc.signIn({ baseUrl: s.baseUrl, connectionId })).toMatchObject({
      ok: true,
      data: { connection: { id: connectionId, label: 'Browser sign-in' } },
    });
    expect(await write).toMatchObject({ ok: true, data: { status: 'deferred' } });
    expect(ended).toHaveLength(1);
    await svc.call('setStatus', { itemId: 'it_1', status: 'open' });
  });

  it('refuses to sign an ended connection in again as someone else', async () => {
    const active = await svc.active();
    const connectionId = active.ok ? active.data!.connection.id : '';
    person = signsInAs(/Cora Collab/);
    expect(await svc.signIn({ baseUrl: s.baseUrl, connectionId })).toMatchObject({
      ok: false,
      error: {
        kind: 'sign_in',
        reason: 'other_person',
        message: /You signed in as Cora Collab, but this connection is Olivia Owner's/,
      },
    });
  });

  it('says so when the person declines, and when they cancel while the browser is open', async () => {
    person = signsInAs(/Olivia Owner/, 'Deny');
    expect(await svc.signIn({ baseUrl: s.baseUrl })).toMatchObject({
      ok: false,
      error: { kind: 'sign_in', reason: 'denied', message: /You declined the sign-in/ },
    });
    person = async () => void setTimeout(() => svc.cancelSignIn(), 50);
    expect(await svc.signIn({ baseUrl: s.baseUrl })).toMatchObject({
      ok: false,
      error: { kind: 'sign_in', reason: 'cancelled', message: 'Sign-in cancelled. Nothing was changed.' },
    });
  });

  it('signing out revokes the sign-in on the service', async () => {
    person = signsInAs(/Olivia Owner/);
    const r = await svc.signIn({ baseUrl: s.baseUrl, label: 'To remove' });
    if (!r.ok) throw new Error(r.error.message);
    const saved = await createKeychainStore({ service: keychain }).get(r.data.connection.id);
    expect((await s.get('/api/v1/workspaces', saved!.token)).status).toBe(200);
    expect(await svc.remove(r.data.connection.id)).toEqual({ ok: true, data: null });
    expect((await s.get('/api/v1/workspaces', saved!.token)).status).toBe(401);
    expect(await createKeychainStore({ service: keychain }).get(r.data.connection.id)).toBeNull();
  });

  it('a request waiting for a new sign-in fails with a sentence when the connection is removed instead', async () => {
    const listed = await svc.list();
    const connectionId = (listed.ok ? listed.data : []).find((c) => c.label === 'Browser sign-in')!.id;
    expect(await svc.activate(connectionId)).toMatchObject({ ok: true });
    const before = ended.length;
    await revokeOnTheAccountPage(/Triage Desk/);
    const write = svc.call('setStatus', { itemId: 'it_1', status: 'deferred' });
    await expect.poll(() => ended.length).toBe(before + 1);
    expect(await svc.remove(connectionId)).toEqual({ ok: true, data: null });
    expect(await write).toMatchObject({
      ok: false,
      error: {
        kind: 'auth',
        message: expect.stringMatching(/^The connection to 127\.0\.0\.1:\d+ was removed, so this was not sent\./),
      },
    });
  });
});

describe('a sign-in that cannot go as planned', () => {
  const keychain2 = uniqueService('browser-sign-in-faults');
  let server: Running;
  let blocker: NetServer;
  let port = 0;
  beforeAll(async () => {
    // The deployment names its own app and loopback port, as the hosted service does.
    blocker = createNetServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    port = (blocker.address() as { port: number }).port;
    server = await startServer(baseWorld(), {
      oauth: {
        enabled: true,
        personas: ['u_owner'],
        preRegisteredClient: { clientId: 'triage-desk-test', callbackPort: port },
      },
      authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((r) => blocker.close(r));
    await wipeService(keychain2);
  });

  const service = (opts: Parameters<typeof createConnectionService>[0]['signIn'] = {}) => {
    const svc = createConnectionService({
      store: createKeychainStore({ service: keychain2 }),
      signIn: { flow: { timeoutMs: 20_000 }, ...opts },
    });
    return svc;
  };
  // A sign-in that goes wrong on purpose rejects here; the test reads what the service answered.
  const signingInAs = (svc: ConnectionService, persona: RegExp) =>
    svc.onSignInPage((url) => void answerSignIn(server.baseUrl, url, persona).catch(() => undefined));

  it('the deployment’s callback port is taken: registers on another port where the service allows, and says so', async () => {
    const svc = service();
    signingInAs(svc, /Olivia Owner/);
    const r = await svc.signIn({ baseUrl: server.baseUrl });
    expect(r).toMatchObject({
      ok: true,
      data: {
        notes: [
          `Port ${port} was in use by another program, so Triage Desk registered itself with ${new URL(server.baseUrl).host} on another port.`,
        ],
      },
    });
  });

  it('the port is taken and the service registers no apps: says which port and why', async () => {
    const svc = service({
      discover: async (baseUrl) => {
        const found = await discoverSignIn(baseUrl);
        if (!found.available) return found;
        const { registration_endpoint: _dropped, ...server } = found.server;
        return { ...found, server };
      },
    });
    expect(await svc.signIn({ baseUrl: server.baseUrl })).toMatchObject({
      ok: false,
      error: {
        kind: 'sign_in',
        reason: 'port_in_use',
        message: `Port ${port} on this computer is in use by another program, and ${new URL(server.baseUrl).host} accepts sign-ins only on that port. Close the program using it (another app signing in to ${new URL(server.baseUrl).host}?) and try again.`,
      },
    });
  });

  it('uses the deployment’s own app on its port when the port is free', async () => {
    await new Promise((r) => blocker.close(r));
    try {
      const svc = service();
      const pages: string[] = [];
      svc.onSignInPage((url) => pages.push(url));
      signingInAs(svc, /Olivia Owner/);
      const r = await svc.signIn({ baseUrl: server.baseUrl });
      expect(r).toMatchObject({ ok: true, data: { notes: [] } });
      expect(new URL(pages[0]!).searchParams.get('client_id')).toBe('triage-desk-test');
      expect(new URL(pages[0]!).searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/callback`);
    } finally {
      blocker = createNetServer();
      await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    }
  });

  it('the browser never comes back (a closed tab): gives up after its time, with a sentence', async () => {
    const svc = service({ flow: { timeoutMs: 300 } });
    expect(await svc.signIn({ baseUrl: server.baseUrl })).toMatchObject({
      ok: false,
      error: {
        kind: 'sign_in',
        reason: 'timed_out',
        message: /did not come back from .* in time \(was the tab closed\?\)/,
      },
    });
  });

  it('a sign-in the service gives no refresh token says it will end with its access token', async () => {
    const svc = service({
      discover: async (baseUrl) => {
        const found = await discoverSignIn(baseUrl);
        return found.available ? { ...found, scopes: ['profile', 'email'] } : found;
      },
    });
    signingInAs(svc, /Olivia Owner/);
    const r = await svc.signIn({ baseUrl: server.baseUrl });
    expect(r).toMatchObject({
      ok: true,
      data: {
        notes: expect.arrayContaining([
          expect.stringMatching(
            /gave no refresh token, so this sign-in ends when its access token does \(in about 60 minutes\); you will be asked to sign in again then\.$/,
          ),
        ]),
      },
    });
  });

  it('two browser sign-ins of one person to one service share one request budget; a personal token keeps its own', async () => {
    const pacers: unknown[] = [];
    const svc = createConnectionService({
      store: createKeychainStore({ service: keychain2 }),
      signIn: { flow: { timeoutMs: 20_000 } },
      clientFactory: (o) => {
        pacers.push(o.pacer);
        return new ApiClient(o);
      },
    });
    signingInAs(svc, /Olivia Owner/);
    expect((await svc.signIn({ baseUrl: server.baseUrl, label: 'One' })).ok).toBe(true);
    expect((await svc.signIn({ baseUrl: server.baseUrl, label: 'Two' })).ok).toBe(true);
    expect((await svc.add({ baseUrl: server.baseUrl, token: TOKENS.owner })).ok).toBe(true);
    const shared = pacers.filter((p) => p !== undefined);
    expect(shared).toHaveLength(2);
    expect(shared[0]).toBe(shared[1]);
  });
});
