import { describe, expect, it } from 'vitest';
import type { EndpointInput, EndpointName } from '#shared/api/index.js';
import { drop, json, raw, ScriptedServer } from './support/scripted-server.js';
import { phases, useClientHarness } from './support/client-harness.js';
import { WORKSPACES } from './support/fixtures.js';

/** Every endpoint that changes something, with a valid input. */
const WRITES: { [N in EndpointName]?: EndpointInput<N> } = {
  postUpdate: { itemId: 'i1', body: 'Fixed in the latest build.' },
  createItem: { url: 'https://site.example/checkout', body: 'The pay button overlaps the footer.' },
  setStatus: { itemId: 'i1', status: 'resolved' },
  assign: { itemId: 'i1', assignee: 'me' },
  mergeItems: { itemId: 'i1', duplicateIds: ['i2'] },
  saveRule: { rule: 'Layout glitches on checkout are bugs.' },
};
const writeCalls = Object.entries(WRITES) as [EndpointName, never][];

describe('ApiClient retries', () => {
  const h = useClientHarness({ autoAdvance: true });

  it('retries a GET on 5xx with capped exponential backoff and full jitter', async () => {
    h.server.handle((_req, res, n) =>
      n < 4 ? json(res, 500 + n, { error: 'Upstream trouble.' }) : json(res, 200, WORKSPACES),
    );
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(h.server.requests).toHaveLength(4);
    // random() = 0.5 of min(8000, 250 * 2^(n-1)).
    expect(h.clock.sleeps).toEqual([125, 250, 500]);
  });

  it('caps the backoff', async () => {
    h.server.handle((_req, res) => json(res, 503, { error: 'Down for maintenance.' }));
    const r = await h.client({ retry: { attempts: 8, random: () => 0.999 } }).call('listWorkspaces', {});
    expect(r.ok).toBe(false);
    expect(h.server.requests).toHaveLength(8);
    expect(h.clock.sleeps).toEqual([249, 499, 999, 1998, 3996, 7992, 7992]);
  });

  it('gives up on a GET after 4 attempts with a server error that says what to do', async () => {
    h.server.handle((_req, res) => raw(res, 502, '<html>Bad gateway</html>', { 'Content-Type': 'text/html' }));
    const r = await h.client().call('listWorkspaces', {});
    expect(h.server.requests).toHaveLength(4);
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'server',
        status: 502,
        message: expect.stringMatching(/had a problem \(HTTP 502\)\. Try again in a moment\./),
      },
    });
  });

  it('retries a GET whose connection was dropped, and reports offline until it succeeds', async () => {
    h.server.handle((_req, res, n) => (n <= 2 ? drop(res) : json(res, 200, WORKSPACES)));
    const client = h.client();
    const r = await client.call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(h.server.requests).toHaveLength(3);
    expect(phases(h.states)).toEqual(['busy', 'offline', 'busy', 'idle']);
    expect(h.states.find((s) => s.phase === 'offline')?.message).toMatch(
      /Can't reach 127\.0\.0\.1:\d+: the connection dropped/,
    );
  });

  it('stays offline after a GET gives up on the network, until a request gets through', async () => {
    let reachable = false;
    h.server.handle((_req, res) => (reachable ? json(res, 200, WORKSPACES) : drop(res)));
    const client = h.client();
    const failed = await client.call('listWorkspaces', {});
    expect(failed.ok === false && failed.error).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/Check your connection/),
    });
    expect(failed.ok === false && failed.error.uncertain).toBeUndefined();
    expect(h.server.requests).toHaveLength(4);
    expect(client.state().phase).toBe('offline');
    reachable = true;
    expect((await client.call('listWorkspaces', {})).ok).toBe(true);
    expect(client.state().phase).toBe('idle');
  });

  it.each(writeCalls)(
    'never replays %s after a dropped connection; the result says it may have happened',
    async (name, input) => {
      h.server.handle((_req, res) => drop(res));
      const r = await h.client().call(name, input);
      expect(h.server.requests.map((q) => q.method)).toEqual(['POST']);
      expect(r.ok === false && r.error).toMatchObject({
        kind: 'network',
        uncertain: true,
        message: expect.stringMatching(/may or may not have been made\. Refresh to check before trying again\./),
      });
    },
  );

  it.each(writeCalls)('never replays %s after a 5xx', async (name, input) => {
    h.server.handle((_req, res) => json(res, 500, { error: 'Internal error.' }));
    const r = await h.client().call(name, input);
    expect(h.server.requests).toHaveLength(1);
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'server',
      status: 500,
      uncertain: true,
      serverMessage: 'Internal error.',
    });
  });

  it('retries findSimilar like a read: it is a POST only to carry its text', async () => {
    const similar = { project: { id: 'p1', name: 'Site' }, subject: null, compared: 3, candidates: [] };
    h.server.handle((_req, res, n) => (n === 1 ? drop(res) : json(res, 200, similar)));
    const r = await h.client().call('findSimilar', { text: 'pay button overlaps' });
    expect(r).toEqual({ ok: true, data: { ...similar, unreadable: [] } });
    expect(h.server.requests).toHaveLength(2);
  });

  it('says nothing was saved when a write could not even connect', async () => {
    const closed = await new ScriptedServer().start();
    const url = closed.baseUrl;
    await closed.stop();
    const r = await h.client({ baseUrl: url }).call('setStatus', { itemId: 'i1', status: 'open' });
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/connection was refused\. Nothing was saved\./),
    });
    expect(r.ok === false && r.error.uncertain).toBeUndefined();
  });

  it('gives up after the 429 retries with rate_limited and when to try again', async () => {
    h.server.handle((_req, res) => json(res, 429, { error: 'Rate limit exceeded.' }, { 'Retry-After': '7' }));
    const client = h.client({ retry: { rateLimitRetries: 2 } });
    const t0 = h.clock.now();
    const r = await client.call('listWorkspaces', {});
    expect(h.server.requests).toHaveLength(3);
    expect(h.server.requests.map((q) => (q.at ?? 0) - t0)).toEqual([0, 7000, 14000]);
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'rate_limited',
        status: 429,
        retryAt: t0 + 21_000,
        serverMessage: 'Rate limit exceeded.',
        message: 'The service is still asking Triage Desk to slow down. Try again in about 7 s.',
      },
    });
  });

  it('caps a huge Retry-After at two minutes', async () => {
    h.server.handle((_req, res, n) =>
      n === 1 ? json(res, 429, { error: 'Later.' }, { 'Retry-After': '86400' }) : json(res, 200, WORKSPACES),
    );
    const t0 = h.clock.now();
    expect((await h.client().call('listWorkspaces', {})).ok).toBe(true);
    expect(h.server.requests.map((q) => (q.at ?? 0) - t0)).toEqual([0, 120_000]);
  });

  it('turns a request that outlives timeoutMs into a network error', async () => {
    h.server.handle(() => undefined);
    const r = await h.client({ timeoutMs: 150, retry: { attempts: 1 } }).call('listWorkspaces', {});
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/no answer within 150 ms/),
    });
  });
});
