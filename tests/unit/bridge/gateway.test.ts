import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkState } from '#shared/bridge/channels.js';
import { createBridgeHandlers, type ConnectionsPort } from '../../../src/main/bridge/handlers.js';
import { MAX_EVENT_STREAMS, startGateway, type Gateway } from '../../../src/main/gateway/gateway.js';
import { isInsecureRemoteHttp } from '#shared/bridge/transport.js';

/** A connection service that records calls: this suite tests the transport and its guards only. */
function recordingConnections(): ConnectionsPort & {
  calls: string[];
  emit(s: NetworkState): void;
  listeners: Set<(s: NetworkState) => void>;
} {
  const calls: string[] = [];
  const listeners = new Set<(s: NetworkState) => void>();
  const state: NetworkState = { phase: 'idle', queued: 0, until: null, message: 'Idle' };
  return {
    calls,
    listeners,
    emit: (s) => listeners.forEach((l) => l(s)),
    list: async () => (calls.push('list'), { ok: true, data: [] }),
    add: async () => (calls.push('add'), { ok: false, error: { kind: 'auth', message: 'no' } }),
    remove: async () => (calls.push('remove'), { ok: true, data: null }),
    activate: async () => (calls.push('activate'), { ok: false, error: { kind: 'not_found', message: 'no' } }),
    active: async () => (calls.push('active'), { ok: true, data: null }),
    signInOptions: async () => (
      calls.push('signInOptions'),
      { ok: true, data: { available: false, reason: 'none here' } }
    ),
    signIn: async () => (calls.push('signIn'), { ok: false, error: { kind: 'sign_in', message: 'no' } }),
    cancelSignIn: () => void calls.push('cancelSignIn'),
    found: async () => (calls.push('found'), { ok: true, data: [] }),
    useFound: async () => (calls.push('useFound'), { ok: false, error: { kind: 'not_found', message: 'no' } }),
    // A reply comes back as it was sent, so a test can see text in any script make the round trip.
    call: async (name, input) => (
      calls.push(`call:${name}:${JSON.stringify(input)}`),
      { ok: true, data: (name === 'postUpdate' ? { echo: input } : { status: 'resolved', changed: true }) as never }
    ),
    networkState: () => state,
  };
}

let dir: string;
let gw: Gateway;
let conns: ReturnType<typeof recordingConnections>;
const opened: string[] = [];
const exported: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gw-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
  conns = recordingConnections();
  const handlers = createBridgeHandlers({
    connections: conns,
    openExternal: async (u) => void opened.push(u),
    exporter: {
      markdown: async (a) => (exported.push(a.suggestedName), { saved: true, path: `/tmp/${a.suggestedName}` }),
      pdf: async (a) => (exported.push(a.suggestedName), { saved: true, path: `/tmp/${a.suggestedName}` }),
      csv: async (a) => (exported.push(a.suggestedName), { saved: true, path: `/tmp/${a.suggestedName}` }),
    },
  });
  gw = await startGateway({
    handlers,
    rendererDir: join(dir, 'renderer'),
    secret: 's3cret',
    onNetworkState: (l) => (conns.listeners.add(l), () => conns.listeners.delete(l)),
  });
});

afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gw.port,
        path,
        method: opts.method ?? 'GET',
        headers: { host: `127.0.0.1:${gw.port}`, ...opts.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

/** The tab session the launch secret was exchanged for (once, in beforeAll). */
let session = '';
beforeAll(async () => {
  const r = await raw('/session', { method: 'POST', headers: { 'x-triage-launch': 's3cret' } });
  session = JSON.parse(r.body).data.session;
});

const call = (channel: string, args: unknown, headers: Record<string, string> = {}) =>
  raw(`/bridge/${channel}`, {
    method: 'POST',
    body: JSON.stringify(args),
    headers: { 'x-triage-session': session, 'content-type': 'application/json', ...headers },
  });

function openStream(path: string): Promise<{ status: number; close(): void }> {
  return new Promise((ok, fail) => {
    const req = request(
      { host: '127.0.0.1', port: gw.port, path, headers: { host: `127.0.0.1:${gw.port}` } },
      (res) => {
        res.resume();
        ok({ status: res.statusCode ?? 0, close: () => req.destroy() });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('browser-mode gateway', () => {
  it('answers a valid bridge call with the handler result', async () => {
    const r = await call('api:setStatus', [{ itemId: 'itm_1', status: 'resolved' }]);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true, data: { status: 'resolved', changed: true } });
    expect(conns.calls).toContain('call:setStatus:{"itemId":"itm_1","status":"resolved"}');
  });

  it('answers in ASCII only (the tab decodes that almost for free), with every character intact', async () => {
    const body = 'The “Ship” tab… naïve 😀 日本語 — done';
    const r = await call('api:postUpdate', [{ itemId: 'itm_1', body }]);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.body).toMatch(/^[\x20-\x7e]*$/);
    expect(r.body).toContain('\\u201cShip\\u201d');
    expect(JSON.parse(r.body)).toEqual({ ok: true, data: { echo: { itemId: 'itm_1', body } } });
  });

  it('refuses a missing or wrong session without calling anything', async () => {
    const before = conns.calls.length;
    expect((await call('connections:list', [], { 'x-triage-session': 'nope' })).status).toBe(403);
    // The launch secret itself is not a session.
    expect((await call('connections:list', [], { 'x-triage-session': 's3cret' })).status).toBe(403);
    expect(
      (await raw('/bridge/connections:list', { method: 'POST', body: '[]', headers: { 'x-triage-secret': 's3cret' } }))
        .status,
    ).toBe(403);
    expect(conns.calls.length).toBe(before);
  });

  it('exchanges a launch secret once; then refuses it with a sentence saying what it is', async () => {
    const again = await raw('/session', { method: 'POST', headers: { 'x-triage-launch': 's3cret' } });
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body).error.message).toMatch(
      /already used: each link works once, for the one browser tab that opened it first/,
    );
    const wrong = await raw('/session', { method: 'POST', headers: { 'x-triage-launch': 'guess' } });
    expect(wrong.status).toBe(403);
    // A new link opens a second, separate session; both work.
    const fresh = new URL(gw.newLaunchUrl()).hash.slice('#secret='.length);
    const second = JSON.parse((await raw('/session', { method: 'POST', headers: { 'x-triage-launch': fresh } })).body);
    expect(second.ok).toBe(true);
    expect(second.data.session).not.toBe(session);
    expect((await call('connections:list', [], { 'x-triage-session': second.data.session })).status).toBe(200);
    expect((await call('connections:list', [])).status).toBe(200);
  });

  it('answers a malformed path with 400, not 500', async () => {
    const r = await raw('/bridge/%E0%A4%A', { method: 'POST', body: '[]', headers: { 'x-triage-session': session } });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.message).toMatch(/not a valid path/);
  });

  it('validates item IDs before any request is built', async () => {
    const before = conns.calls.length;
    for (const itemId of ['..', '.', '%2e%2e']) {
      const r = JSON.parse((await call('api:getItem', [{ itemId }])).body);
      expect(r).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
      expect(r.error.message).toMatch(/not an item ID/);
    }
    expect(conns.calls.length).toBe(before);
  });

  it('caps open event streams', async () => {
    const open = await Promise.all(
      Array.from({ length: MAX_EVENT_STREAMS }, () => openStream(`/bridge-events?session=${session}`)),
    );
    expect(open.every((o) => o.status === 200)).toBe(true);
    const over = await openStream(`/bridge-events?session=${session}`);
    expect(over.status).toBe(429);
    over.close();
    for (const o of open) o.close();
    await new Promise((ok) => setTimeout(ok, 100));
    const again = await openStream(`/bridge-events?session=${session}`);
    expect(again.status).toBe(200);
    again.close();
    await new Promise((ok) => setTimeout(ok, 100));
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (cross-site)', async () => {
    expect((await call('connections:list', [], { host: 'evil.example:80' })).status).toBe(421);
    expect((await call('connections:list', [], { origin: 'http://evil.example' })).status).toBe(403);
    expect((await call('connections:list', [], { origin: `http://localhost:${gw.port}` })).status).toBe(200);
  });

  it('validates arguments before any handler runs and names what is wrong', async () => {
    const before = conns.calls.length;
    const bad = JSON.parse((await call('api:setStatus', [{ itemId: 'itm_1', status: 'closed' }])).body);
    expect(bad).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(bad.error.message).toMatch(/status must be open, deferred or resolved/);
    const unknown = JSON.parse((await call('fs:readFile', ['/etc/passwd'])).body);
    expect(unknown.error.message).toMatch(/Unknown bridge call/);
    const tooLong = JSON.parse((await call('api:postUpdate', [{ itemId: 'x', body: 'a'.repeat(4001) }])).body);
    expect(tooLong.error.message).toMatch(/4,000/);
    expect(conns.calls.length).toBe(before);
  });

  it('answers invalid JSON and oversized bodies with errors, not crashes', async () => {
    expect(
      (
        await raw('/bridge/connections:list', {
          method: 'POST',
          body: '{nope',
          headers: { 'x-triage-session': session },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await raw('/bridge/connections:list', {
          method: 'POST',
          body: 'x'.repeat(1_100_000),
          headers: { 'x-triage-session': session },
        })
      ).status,
    ).toBe(413);
  });

  it('opens only http(s) links externally', async () => {
    const js = JSON.parse((await call('shell:openExternal', ['javascript:alert(1)'])).body);
    expect(js.ok).toBe(false);
    const file = JSON.parse((await call('shell:openExternal', ['file:///etc/passwd'])).body);
    expect(file.ok).toBe(false);
    const web = JSON.parse(
      (await call('shell:openExternal', ['https://github.com/acme/site/blob/abc/src/a.tsx#L3'])).body,
    );
    expect(web.ok).toBe(true);
    expect(opened).toEqual(['https://github.com/acme/site/blob/abc/src/a.tsx#L3']);
  });

  it('passes exports through and refuses unsafe file names', async () => {
    const ok = JSON.parse((await call('export:markdown', [{ suggestedName: 'review.md', content: '# Review' }])).body);
    expect(ok).toEqual({ ok: true, data: { saved: true, path: '/tmp/review.md' } });
    const sneaky = JSON.parse(
      (await call('export:markdown', [{ suggestedName: '../../.bashrc.md', content: 'x' }])).body,
    );
    expect(sneaky).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    const wrongType = JSON.parse((await call('export:pdf', [{ suggestedName: 'review.exe' }])).body);
    expect(wrongType.error.message).toMatch(/\.pdf/);
    expect(exported).toEqual(['review.md']);
  });

  it('serves the built renderer with the CSP and never a file outside it', async () => {
    const index = await raw('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await raw('/assets/app.js')).headers['content-type']).toMatch(/javascript/);
    const traversal = await raw('/../secret.txt');
    expect(traversal.body).not.toContain('outside the renderer');
    const encoded = await raw('/%2e%2e/secret.txt');
    expect(encoded.body).not.toContain('outside the renderer');
    // The same refusals as the desktop app's app:// scheme: an encoded slash or backslash, a NUL.
    for (const path of [
      '/..%2fsecret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/index.html%00.js',
    ]) {
      const refused = await raw(path);
      expect(refused.status, path).toBe(404);
      expect(refused.body).not.toContain('outside the renderer');
    }
    expect((await raw('/threads/itm_1')).body).toContain('<title>app</title>');
  });

  it('streams network state to a subscriber holding a session', async () => {
    expect((await raw('/bridge-events?session=wrong')).status).toBe(403);
    expect((await raw('/bridge-events?secret=s3cret')).status).toBe(403);
    const got = await new Promise<string>((ok, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: gw.port,
          path: `/bridge-events?session=${session}`,
          headers: { host: `127.0.0.1:${gw.port}` },
        },
        (res) => {
          let buf = '';
          res.on('data', (c: Buffer) => {
            buf += c.toString();
            if (buf.includes('connected')) conns.emit({ phase: 'limited', queued: 3, until: 123, message: 'Paused' });
            if (buf.includes('event: network-state')) {
              req.destroy();
              ok(buf);
            }
          });
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(got).toContain('"phase":"limited"');
  });
});

describe('which addresses need the unencrypted-token confirmation', () => {
  it.each([
    ['http://feedback.example.com', true],
    ['http://10.0.0.5:4010', true],
    ['http://0.0.0.0:4010', true],
    ['https://feedback.example.com', false],
    ['http://127.0.0.1:4010', false],
    ['http://127.4.5.6', false],
    ['http://localhost:4010', false],
    ['http://app.localhost', false],
    ['http://[::1]:4010', false],
    ['not a url', false],
  ])('%s → %s', (url, insecure) => {
    expect(isInsecureRemoteHttp(url)).toBe(insecure);
  });
});
