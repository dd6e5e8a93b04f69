import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../src/main/services/api-client.js';
import {
  createOAuthTokenSource,
  type StoredOAuthSession,
} from '../../../src/main/services/sign-in/oauth-token-source.js';

/**
 * A stand-in sign-in server's token endpoint and a protected API on one origin: refresh
 * tokens rotate (a spent one is refused with invalid_grant), access tokens are accepted
 * until the test expires or revokes them.
 */
interface World {
  origin: string;
  refreshCalls: number;
  valid: Set<string>;
  liveRefresh: string | null;
  /** Holds each refresh answer until the test lets it go. */
  gate: Promise<void> | null;
  down: boolean;
  /** The API refuses every token, even freshly refreshed ones. */
  refuseAll: boolean;
  apiCalls: string[];
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function world(): Promise<World> {
  const w: World = {
    origin: '',
    refreshCalls: 0,
    valid: new Set(['at-0']),
    liveRefresh: 'rt-0',
    gate: null,
    down: false,
    refuseAll: false,
    apiCalls: [],
  };
  const server = createServer(async (req, res) => {
    if (req.url === '/oauth/token') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      const params = new URLSearchParams(body);
      w.refreshCalls += 1;
      if (w.gate) await w.gate;
      if (w.down) return res.destroy();
      if (params.get('grant_type') !== 'refresh_token' || params.get('refresh_token') !== w.liveRefresh) {
        return res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }));
      }
      const n = w.refreshCalls;
      w.liveRefresh = `rt-${n}`;
      w.valid.add(`at-${n}`);
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          access_token: `at-${n}`,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: `rt-${n}`,
          scope: 'profile offline_access',
        }),
      );
    }
    if (req.url?.startsWith('/api/v1/')) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      w.apiCalls.push(token);
      if (w.refuseAll || !w.valid.has(token))
        return res
          .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' })
          .end('{"error":"The token expired."}');
      const answer =
        req.url === '/api/v1/items/status' ? { status: 'resolved', changed: true } : { projects: [], total: 0 };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
    res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  w.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return w;
}

const session = (w: World, o: Partial<StoredOAuthSession> = {}): StoredOAuthSession => ({
  accessToken: 'at-0',
  refreshToken: 'rt-0',
  expiresAt: Date.now() + 3_600_000,
  scope: 'profile offline_access',
  issuer: `${w.origin}/oauth`,
  clientId: 'desk',
  resource: `${w.origin}/api/v1`,
  tokenEndpoint: `${w.origin}/oauth/token`,
  revocationEndpoint: null,
  ...o,
});

describe('a browser sign-in as a connection’s token', () => {
  it('refreshes ahead of expiry, saving the rotated refresh token before the new access token is used', async () => {
    const w = await world();
    const saved: StoredOAuthSession[] = [];
    const source = createOAuthTokenSource({
      session: session(w, { expiresAt: Date.now() + 10_000 }),
      save: async (s) => void saved.push(s),
      onSignedOut: () => {},
    });
    expect(await source.current()).toBe('at-1');
    expect(saved).toEqual([expect.objectContaining({ accessToken: 'at-1', refreshToken: 'rt-1' })]);
    expect(await source.current()).toBe('at-1');
    expect(w.refreshCalls).toBe(1);
  });

  it('refreshes once for many requests refused at once (one refresh at a time)', async () => {
    const w = await world();
    w.valid.clear();
    let open!: () => void;
    w.gate = new Promise((r) => (open = r));
    const source = createOAuthTokenSource({ session: session(w), save: async () => {}, onSignedOut: () => {} });
    const renewals = Promise.all([source.renew('at-0'), source.renew('at-0'), source.renew('at-0')]);
    await new Promise((r) => setTimeout(r, 50));
    open();
    expect(await renewals).toEqual(['at-1', 'at-1', 'at-1']);
    expect(w.refreshCalls).toBe(1);
    // A request that was refused with the old token after the refresh gets the new one without another refresh.
    expect(await source.renew('at-0')).toBe('at-1');
    expect(w.refreshCalls).toBe(1);
  });

  it('an API client renews once after a 401 and carries on, also for a write', async () => {
    const w = await world();
    w.valid.clear();
    const source = createOAuthTokenSource({ session: session(w), save: async () => {}, onSignedOut: () => {} });
    const api = new ApiClient({ baseUrl: w.origin, token: source });
    expect(await api.call('listProjects', {})).toMatchObject({ ok: true });
    expect(w.apiCalls).toEqual(['at-0', 'at-1']);
  });

  it('keeps the sign-in when the sign-in server cannot be reached', async () => {
    const w = await world();
    w.down = true;
    const ended: string[] = [];
    const source = createOAuthTokenSource({
      session: session(w),
      save: async () => {},
      onSignedOut: (m) => ended.push(m),
    });
    expect(await source.renew('at-0')).toBeNull();
    expect(source.signedOut()).toBe(false);
    expect(ended).toEqual([]);
  });

  it('when the refresh is refused, says "signed out" once, and waiting requests carry on after the new sign-in', async () => {
    const w = await world();
    w.valid.clear();
    w.liveRefresh = 'rt-revoked-elsewhere';
    const ended: string[] = [];
    const source = createOAuthTokenSource({
      session: session(w),
      save: async () => {},
      onSignedOut: (m) => ended.push(m),
    });
    const api = new ApiClient({ baseUrl: w.origin, token: source });
    const write = api.call('setStatus', { itemId: 'it_1', status: 'resolved' });
    await new Promise((r) => setTimeout(r, 100));
    expect(source.signedOut()).toBe(true);
    expect(ended).toEqual([
      `Signed out of ${new URL(w.origin).host} — sign in again. Your drafts, the open thread and anything waiting to be sent are kept.`,
    ]);
    const second = api.call('listProjects', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(ended).toHaveLength(1);
    // The person signs in again in the browser: a new session for the same connection.
    w.valid.add('at-new');
    await source.replace(session(w, { accessToken: 'at-new', refreshToken: 'rt-new' }));
    expect(await second).toMatchObject({ ok: true });
    // The status change that was waiting goes out with the new sign-in.
    expect(await write).toEqual({ ok: true, data: expect.objectContaining({ status: 'resolved', changed: true }) });
    expect(w.apiCalls.filter((t) => t === 'at-new')).toHaveLength(2);
  });

  it('requests queued while signed out wait with no time limit, and fail with a sentence when the connection is removed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      const w = await world();
      w.valid.clear();
      w.liveRefresh = 'gone';
      const source = createOAuthTokenSource({ session: session(w), save: async () => {}, onSignedOut: () => {} });
      const api = new ApiClient({ baseUrl: w.origin, token: source });
      let settled = false;
      const waiting = api.call('listProjects', {}).finally(() => (settled = true));
      await vi.waitFor(() => expect(source.signedOut()).toBe(true));
      // An hour on, still waiting for the person to sign in again.
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(settled).toBe(false);
      source.close('The connection to feedback.example.com was removed, so this was not sent.');
      expect(await waiting).toEqual({
        ok: false,
        error: {
          kind: 'auth',
          status: 401,
          message: 'The connection to feedback.example.com was removed, so this was not sent.',
        },
      });
      // Later requests fail the same way instead of waiting.
      expect(await api.call('listProjects', {})).toMatchObject({
        ok: false,
        error: { message: 'The connection to feedback.example.com was removed, so this was not sent.' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes a short-lived token a third of its life ahead, not on every request', async () => {
    const w = await world();
    let clock = 1_000_000;
    // A 30 s token: refreshed once less than 10 s are left, not the 60 s a longer one gets.
    const source = createOAuthTokenSource({
      session: session(w, { expiresAt: clock + 30_000, lifetimeMs: 30_000 }),
      now: () => clock,
      save: async () => {},
      onSignedOut: () => {},
    });
    expect(await source.current()).toBe('at-0');
    clock += 19_000;
    expect(await source.current()).toBe('at-0');
    expect(w.refreshCalls).toBe(0);
    clock += 2_000;
    expect(await source.current()).toBe('at-1');
    expect(w.refreshCalls).toBe(1);
    // The refreshed token lives an hour: the full minute ahead applies, and it is not refreshed again before then.
    clock += 3_600_000 - 61_000;
    expect(await source.current()).toBe('at-1');
    clock += 2_000;
    expect(await source.current()).toBe('at-2');
  });

  it('saves the rotated refresh token before the new access token is used or the new refresh token is spent', async () => {
    const w = await world();
    w.valid.clear();
    const events: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/oauth/token'))
        events.push(`refresh with ${new URLSearchParams(String(init?.body)).get('refresh_token')}`);
      else events.push(`api with ${new Headers(init?.headers).get('authorization')?.replace('Bearer ', '')}`);
      return fetch(input, init);
    };
    const source = createOAuthTokenSource({
      session: session(w),
      fetch: recording,
      save: async (s) => void events.push(`saved ${s.accessToken} ${s.refreshToken}`),
      onSignedOut: () => {},
    });
    const api = new ApiClient({ baseUrl: w.origin, token: source, fetch: recording });
    expect(await api.call('listProjects', {})).toMatchObject({ ok: true });
    w.valid.clear();
    expect(await api.call('listProjects', {})).toMatchObject({ ok: true });
    expect(events).toEqual([
      'api with at-0',
      'refresh with rt-0',
      'saved at-1 rt-1',
      'api with at-1',
      'api with at-1',
      'refresh with rt-1',
      'saved at-2 rt-2',
      'api with at-2',
    ]);
  });

  it('a second 401 after a refresh fails the request without refreshing again', async () => {
    const w = await world();
    w.valid.clear();
    // The service refuses even the fresh token (say, a clock skew on its side): one refresh, then the 401 stands.
    w.refuseAll = true;
    const source = createOAuthTokenSource({ session: session(w), save: async () => {}, onSignedOut: () => {} });
    const api = new ApiClient({ baseUrl: w.origin, token: source });
    expect(await api.call('listProjects', {})).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });
    expect(w.refreshCalls).toBe(1);
    expect(w.apiCalls).toEqual(['at-0', 'at-1']);
    expect(source.signedOut()).toBe(false);
  });

  it('a sign-in without a refresh token ends with its access token', async () => {
    const w = await world();
    w.valid.clear();
    const ended: string[] = [];
    const source = createOAuthTokenSource({
      session: session(w, { refreshToken: null }),
      save: async () => {},
      onSignedOut: (m) => ended.push(m),
    });
    const renewal = source.renew('at-0');
    await vi.waitFor(() => expect(ended).toHaveLength(1));
    expect(w.refreshCalls).toBe(0);
    // It waits for a new sign-in; the connection removed instead, it gets none.
    source.close('removed');
    expect(await renewal).toBeNull();
  });
});
