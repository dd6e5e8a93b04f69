import { describe, expect, it } from 'vitest';
import { json } from './support/scripted-server.js';
import { phases, TOKEN, useClientHarness } from './support/client-harness.js';
import { WORKSPACES, STATUS_OK } from './support/fixtures.js';
import { until } from './support/wait.js';

const ITEMS = {
  project: { id: 'p1', name: 'Site', slug: 'site' },
  summary: { total: 1, open: 1, deferred: 0, resolved: 0, unassigned: 1, byType: { bug: 1 }, byPage: { '/': 1 } },
  matched: 1,
  returned: 1,
  truncated: false,
  capped: false,
  scanLimit: 2000,
  items: [],
};

describe('ApiClient requests', () => {
  const h = useClientHarness();

  it('builds GET query strings from the input, skipping undefined, with the bearer token', async () => {
    h.server.handle((_req, res) => json(res, 200, ITEMS));
    const r = await h.client().call('listItems', { projectId: 'p 1', status: 'open', q: undefined, limit: 20 });
    expect(r.ok).toBe(true);
    const [req] = h.server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/api/v1/items?projectId=p+1&status=open&limit=20');
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.accept).toBe('application/json');
  });

  it('URL-encodes the item id into the path of getItem', async () => {
    h.server.handle((_req, res) => json(res, 404, { error: 'Item not found.' }));
    await h.client().call('getItem', { itemId: 'a/b c?' });
    expect(h.server.requests[0]?.url).toBe('/api/v1/items/a%2Fb%20c%3F');
  });

  it('keeps a path prefix of the base URL', async () => {
    h.server.handle((_req, res) => json(res, 200, WORKSPACES));
    const r = await h.client({ baseUrl: `${h.server.baseUrl}/feedback/` }).call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(h.server.requests[0]?.url).toBe('/feedback/api/v1/workspaces');
  });

  it('sends POST input as a JSON body', async () => {
    h.server.handle((_req, res) => json(res, 200, STATUS_OK));
    const r = await h.client().call('setStatus', { itemId: 'i1', status: 'resolved' });
    expect(r).toEqual({ ok: true, data: { ...STATUS_OK, unreadable: [] } });
    const [req] = h.server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/v1/items/status');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ itemId: 'i1', status: 'resolved' });
  });

  it('ignores unknown response fields: a newer service never breaks the reader', async () => {
    const newer = { ...WORKSPACES, region: 'eu', workspaces: [{ ...WORKSPACES.workspaces[0], color: 'teal' }] };
    h.server.handle((_req, res) => json(res, 200, newer));
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok && r.data).toMatchObject({ workspaces: [WORKSPACES.workspaces[0]], unreadable: [] });
    expect(r.ok && r.data).not.toHaveProperty('region');
  });

  it('paces requests: a burst of 120 goes out at once, then one every 200 ms', async () => {
    h.server.handle((_req, res) => json(res, 200, WORKSPACES));
    // The bucket itself; pacer.test.ts covers the safety margin.
    const client = h.client({ pacing: { marginMs: 0 } });
    const t0 = h.clock.now();
    const calls = Array.from({ length: 125 }, () => client.call('listWorkspaces', {}));
    await until(() => h.server.requests.length === 120 && client.state().phase === 'paced', 'the burst to be sent');
    expect(client.state()).toMatchObject({ phase: 'paced', queued: 5, until: null });
    expect(client.state().message).toMatch(/300 a minute; 5 requests waiting/);

    await h.clock.advance(200);
    await until(() => h.server.requests.length === 121, 'the first refill');
    await h.clock.advance(800);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(h.server.requests.map((r) => (r.at ?? 0) - t0).slice(118)).toEqual([0, 0, 200, 400, 600, 800, 1000]);
    expect(client.state().phase).toBe('idle');
    // Each refill lets one request out, after which the queue waits for the bucket again.
    expect(phases(h.states)).toEqual(['busy', 'paced', ...Array(4).fill(['busy', 'paced']).flat(), 'busy', 'idle']);
  });

  it('on 429 pauses the whole queue until Retry-After, then retries that request first', async () => {
    h.server.handle((req, res, n) => {
      if (n === 1) return json(res, 429, { error: 'Too many requests.' }, { 'Retry-After': '2' });
      json(res, 200, req.url.startsWith('/api/v1/workspaces') ? WORKSPACES : { projects: [], total: 0 });
    });
    const client = h.client();
    const t0 = h.clock.now();
    const first = client.call('listWorkspaces', {});
    await until(() => client.state().phase === 'limited', 'the 429 pause');
    expect(client.state()).toMatchObject({ phase: 'limited', until: t0 + 2000, queued: 1 });
    expect(client.state().message).toMatch(/slow down\. Resuming in about 2 s; 1 request waiting/);

    const later = client.call('listProjects', { workspaceId: 'ws1' });
    await until(() => client.state().queued === 2, 'the second call to queue');
    expect(h.server.requests).toHaveLength(1);

    await h.clock.advance(1999);
    expect(h.server.requests).toHaveLength(1);
    await h.clock.advance(1);
    const [a, b] = await Promise.all([first, later]);
    expect(a.ok && b.ok).toBe(true);
    expect(h.server.requests.map((r) => [r.url, (r.at ?? 0) - t0])).toEqual([
      ['/api/v1/workspaces', 0],
      ['/api/v1/workspaces', 2000],
      ['/api/v1/projects?workspaceId=ws1', 2000],
    ]);
    expect(phases(h.states)).toEqual(['busy', 'limited', 'busy', 'idle']);
  });

  it('retries a write after a 429: the service refused it, so nothing was posted', async () => {
    h.server.handle((_req, res, n) =>
      n === 1 ? json(res, 429, { error: 'Slow down.' }, { 'Retry-After': '1' }) : json(res, 200, STATUS_OK),
    );
    const client = h.client();
    const pending = client.call('setStatus', { itemId: 'i1', status: 'resolved' });
    await until(() => client.state().phase === 'limited', 'the 429 pause');
    await h.clock.advance(1000);
    expect(await pending).toEqual({ ok: true, data: { ...STATUS_OK, unreadable: [] } });
    expect(h.server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('falls back to a 5 s pause when Retry-After is missing or garbage', async () => {
    for (const header of [undefined, 'soon-ish']) {
      const client = h.client();
      const before = h.server.requests.length;
      h.server.handle((_req, res, n) =>
        n === before + 1
          ? json(res, 429, { error: 'Slow down.' }, header ? { 'Retry-After': header } : {})
          : json(res, 200, WORKSPACES),
      );
      const t = h.clock.now();
      const pending = client.call('listWorkspaces', {});
      await until(() => client.state().phase === 'limited', 'the 429 pause');
      expect(client.state().until).toBe(t + 5000);
      await h.clock.advance(5000);
      expect((await pending).ok).toBe(true);
    }
  });

  it('after a final 429 stays limited until the pause ends, then reports idle', async () => {
    h.server.handle((_req, res) => json(res, 429, { error: 'Slow down.' }, { 'Retry-After': '3' }));
    const client = h.client({ retry: { rateLimitRetries: 0 } });
    const t0 = h.clock.now();
    const r = await client.call('listWorkspaces', {});
    expect(r.ok === false && r.error).toMatchObject({ kind: 'rate_limited', retryAt: t0 + 3000 });
    expect(client.state()).toMatchObject({ phase: 'limited', until: t0 + 3000, queued: 0 });
    await h.clock.advance(3000);
    expect(h.states.at(-1)).toMatchObject({ phase: 'idle', until: null });
  });
});
