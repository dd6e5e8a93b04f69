import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../../src/main/services/response-limit.js';
import { useClientHarness } from './support/client-harness.js';
import { WORKSPACES } from './support/fixtures.js';
import { json } from './support/scripted-server.js';

/** A hostile service: answers 200 and streams JSON-looking bytes until the client hangs up. */
function streamForever(res: ServerResponse, sent: { bytes: number; closed: boolean }, withLength?: number): void {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    ...(withLength ? { 'Content-Length': String(withLength) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.write('{"workspaces":[');
  res.on('close', () => (sent.closed = true));
  const pump = () => {
    while (!sent.closed && sent.bytes < 700 * 1024 * 1024) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

describe('ApiClient reads every answer with a byte limit', () => {
  const h = useClientHarness({ autoAdvance: true });

  it('stops reading an endless answer as soon as the limit is crossed, says so in words, and never retries', async () => {
    const sent = { bytes: 0, closed: false };
    h.server.handle((_req, res) => streamForever(res, sent));
    const limit = 2 * 1024 * 1024;
    const r = await h.client({ maxResponseBytes: limit }).call('listWorkspaces', {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('bad_response');
    expect(r.error.message).toMatch(
      /sent an answer larger than 2 MB, so Triage Desk stopped reading it and did not try again/,
    );
    expect(h.server.requests).toHaveLength(1);
    await new Promise((ok) => setTimeout(ok, 200));
    // The connection was closed: the service stopped well before the 700 MB it would send.
    expect(sent.closed).toBe(true);
    expect(sent.bytes).toBeLessThan(limit + 16 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const sent = { bytes: 0, closed: false };
    h.server.handle((_req, res) => streamForever(res, sent, 600 * 1024 * 1024));
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/larger than 16 MB/);
    expect(h.server.requests).toHaveLength(1);
  });

  it('a write whose answer is too large is reported as possibly done', async () => {
    const sent = { bytes: 0, closed: false };
    h.server.handle((_req, res) => streamForever(res, sent));
    const r = await h.client({ maxResponseBytes: 1024 * 1024 }).call('setStatus', { itemId: 'i1', status: 'resolved' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.uncertain).toBe(true);
    expect(r.error.message).toMatch(/The change may have been made/);
    expect(h.server.requests).toHaveLength(1);
  });

  it('answers up to the limit are read whole', async () => {
    h.server.handle((_req, res) => json(res, 200, WORKSPACES));
    const size = Buffer.byteLength(JSON.stringify(WORKSPACES));
    expect((await h.client({ maxResponseBytes: size }).call('listWorkspaces', {})).ok).toBe(true);
    const over = await h.client({ maxResponseBytes: size - 1 }).call('listWorkspaces', {});
    expect(over.ok).toBe(false);
  });

  it('the default is well above the largest legitimate answer', () => {
    // 2,000 rows of 200 bytes, a 2,000-page summary at the 300-character path cap, and a thread of 500 replies of 4,000 characters (up to 3 bytes each in UTF-8).
    const largest = 2000 * 200 + 2000 * 310 + 500 * 4000 * 3;
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBeGreaterThan(2 * largest);
  });
});

describe('item IDs are checked before a request is built', () => {
  const h = useClientHarness({ autoAdvance: true });

  it.each(['..', '.', '%2e%2E', 'a\u0000b'])('refuses %j without sending anything', async (itemId) => {
    h.server.handle((_req, res) => json(res, 200, {}));
    const r = await h.client().call('getItem', { itemId });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('bad_request');
    expect(h.server.requests).toHaveLength(0);
  });
});
