import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../src/main/services/api-client.js';
import { json, raw } from './support/scripted-server.js';
import { useClientHarness } from './support/client-harness.js';
import { BILLING_NO_SEAT } from './support/fixtures.js';

/** How the client meets a service that answers like the live one, not like ours. */
describe('ApiClient against a live-like service', () => {
  const h = useClientHarness({ autoAdvance: true });

  it.each([
    'https://feedback.example.com',
    'https://feedback.example.com/',
    'https://feedback.example.com/api/v1',
    'https://feedback.example.com/api/v1/',
    'https://feedback.example.com/API/V1//',
  ])('reads %s as the service root', (address) => {
    expect(normalizeBaseUrl(address).href).toBe('https://feedback.example.com/');
  });

  it('keeps a path prefix the service lives under, dropping only /api/v1', () => {
    expect(normalizeBaseUrl('https://tools.example.com/feedback/api/v1?x=1#y').href).toBe(
      'https://tools.example.com/feedback',
    );
  });

  it('reads an endpoint’s whole address (as a redirect names it) as its service, never doubling /api/v1', () => {
    expect(normalizeBaseUrl('https://app.example.com/api/v1/workspaces').href).toBe('https://app.example.com/');
    expect(normalizeBaseUrl('https://tools.example.com/feedback/api/v1/items/it_1?x=1').href).toBe(
      'https://tools.example.com/feedback',
    );
  });

  it('an address pasted with /api/v1 calls /api/v1/workspaces once, not /api/v1/api/v1', async () => {
    h.server.handle((_req, res) =>
      json(res, 200, { workspaces: [{ id: 'w1', name: 'Acme', role: 'owner', projectCount: 1 }], total: 1, you: null }),
    );
    const r = await h.client({ baseUrl: `${h.server.baseUrl}/api/v1/` }).call('listWorkspaces', {});
    expect(r.ok && r.data.workspaces[0]).toMatchObject({ id: 'w1', available: true });
    expect(h.server.requests.map((q) => q.url)).toEqual(['/api/v1/workspaces']);
  });

  it('a 200 whose body is {error} is a refusal in the service words, not a success and not "uncertain"', async () => {
    h.server.handle((_req, res) => json(res, 200, { error: 'Replies are closed on this thread.' }));
    const r = await h.client().call('postUpdate', { itemId: 'i1', body: 'hi' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({
      kind: 'validation',
      status: 200,
      serverMessage: 'Replies are closed on this thread.',
    });
    expect(!r.ok && r.error.uncertain).toBeUndefined();
  });

  it('a reply answered {pinId, postedAs} is a success', async () => {
    h.server.handle((_req, res) => json(res, 200, { pinId: 'm9', postedAs: 'Ada' }));
    const r = await h.client().call('postUpdate', { itemId: 'i1', body: 'hi' });
    expect(r).toEqual({ ok: true, data: { pinId: 'm9', postedAs: 'Ada', mentioned: [], unreadable: [] } });
  });

  it('a write answered with JSON that carries neither its essential field nor an error is uncertain', async () => {
    h.server.handle((_req, res) => json(res, 200, { ok: 1 }));
    const r = await h.client().call('setStatus', { itemId: 'i1', status: 'resolved' });
    expect(!r.ok && r.error).toMatchObject({ kind: 'bad_response', uncertain: true });
  });

  it('an HTML page is named as such, with the address that answered', async () => {
    h.server.handle((_req, res) =>
      raw(res, 200, '<!doctype html><title>Login</title>', { 'content-type': 'text/html' }),
    );
    const r = await h.client().call('listProjects', {});
    expect(!r.ok && r.error.message).toContain('an HTML page');
    expect(!r.ok && r.error.address).toBe(`${h.server.baseUrl}/api/v1/projects`);
  });

  it('a 403 billing refusal whose limit and used carry numbers, or whose reason is new, is still a plan refusal', async () => {
    h.server.handle((_req, res, n) =>
      json(
        res,
        403,
        n === 1
          ? { ...BILLING_NO_SEAT, limit: 3, used: 3 }
          : { ...BILLING_NO_SEAT, reason: 'seat_expired', limit: 1, used: 2 },
      ),
    );
    const seat = await h.client().call('listProjects', {});
    expect(!seat.ok && seat.error).toMatchObject({ kind: 'billing', reason: 'no_seat' });
    const other = await h.client().call('listProjects', {});
    expect(!other.ok && other.error).toMatchObject({ kind: 'billing', reason: 'seat_expired' });
    expect(!other.ok && other.error.message).toContain(BILLING_NO_SEAT.error);
  });
});
