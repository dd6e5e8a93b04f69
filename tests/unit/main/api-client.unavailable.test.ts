import { describe, expect, it } from 'vitest';
import { json } from './support/scripted-server.js';
import { useClientHarness } from './support/client-harness.js';
import { WORKSPACES } from './support/fixtures.js';

/** The service answers 503 with Retry-After while its database is lost (docs/api-decisions.md "When the database is lost"). */
const DATABASE_LOST = {
  error: "The service's database is not reachable; try again in 5 seconds.",
  reason: 'database_unavailable',
};

describe('ApiClient on a 503 with Retry-After', () => {
  const h = useClientHarness({ autoAdvance: true });

  it('waits the Retry-After before trying a read again, and reads once the service serves again', async () => {
    h.server.handle((_req, res, n) =>
      n === 1 ? json(res, 503, DATABASE_LOST, { 'Retry-After': '5' }) : json(res, 200, WORKSPACES),
    );
    const t0 = h.clock.now();
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(h.server.requests.map((q) => (q.at ?? 0) - t0)).toEqual([0, 5000]);
  });

  it('gives up on a read after its attempts, saying the service is unavailable and when to try again', async () => {
    h.server.handle((_req, res) => json(res, 503, DATABASE_LOST, { 'Retry-After': '5' }));
    const t0 = h.clock.now();
    const r = await h.client().call('listWorkspaces', {});
    expect(h.server.requests.map((q) => (q.at ?? 0) - t0)).toEqual([0, 5000, 10_000, 15_000]);
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'server',
        status: 503,
        serverMessage: DATABASE_LOST.error,
        message: expect.stringMatching(
          /^The service at 127\.0\.0\.1:\d+ is unavailable for now \(HTTP 503\)\. Try again in about 5 s\.$/,
        ),
      },
    });
  });

  it('never sends a write again on a 503, and says it was most likely not saved', async () => {
    h.server.handle((_req, res) => json(res, 503, DATABASE_LOST, { 'Retry-After': '5' }));
    const r = await h.client().call('setStatus', { itemId: 'i1', status: 'resolved' });
    expect(h.server.requests.map((q) => q.method)).toEqual(['POST']);
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'server',
      status: 503,
      uncertain: true,
      serverMessage: DATABASE_LOST.error,
      message: expect.stringMatching(
        /is unavailable for now \(HTTP 503\), so the change was most likely not saved\. Refresh to check before trying again in about 5 s\.$/,
      ),
    });
  });

  it('does not sit out a maintenance-long Retry-After on a read: it says when at once', async () => {
    h.server.handle((_req, res) => json(res, 503, { error: 'Down for maintenance.' }, { 'Retry-After': '90' }));
    const r = await h.client().call('listWorkspaces', {});
    expect(h.server.requests).toHaveLength(1);
    expect(r.ok === false && r.error.message).toMatch(
      /is unavailable for now \(HTTP 503\)\. Try again in about 90 s\.$/,
    );
  });
});
