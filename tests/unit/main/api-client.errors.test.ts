import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE, BILLING_MESSAGES, parseRetryAfter } from '../../../src/main/services/http-errors.js';
import { json, raw, ScriptedServer } from './support/scripted-server.js';
import { TOKEN, useClientHarness } from './support/client-harness.js';
import { BILLING_NO_PLAN, BILLING_NO_SEAT, WORKSPACES } from './support/fixtures.js';

describe('ApiClient error mapping', () => {
  const h = useClientHarness({ autoAdvance: true });

  it('401 with WWW-Authenticate: auth, with the way out and the service sentence', async () => {
    h.server.handle((_req, res) =>
      json(res, 401, { error: 'Token revoked.' }, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
    );
    const r = await h.client().call('listWorkspaces', {});
    expect(r).toEqual({
      ok: false,
      error: { kind: 'auth', status: 401, message: AUTH_MESSAGE, serverMessage: 'Token revoked.' },
    });
    expect(AUTH_MESSAGE).toBe(
      'The service refused the token: it is missing, expired or revoked. Create a new token and reconnect.',
    );
    expect(h.server.requests).toHaveLength(1);
  });

  it.each([
    [
      'no_seat',
      BILLING_NO_SEAT,
      "You are a reviewer in this workspace; reviewers can't use the API. Ask an owner or admin to make you a collaborator.",
    ],
    [
      'no_plan',
      BILLING_NO_PLAN,
      "This workspace's plan doesn't include agent tools. The organization owner can upgrade the plan.",
    ],
  ] as const)('403 billing %s: billing with the reason and who can fix it', async (reason, body, message) => {
    h.server.handle((_req, res) => json(res, 403, body));
    const r = await h.client().call('listProjects', {});
    expect(r).toEqual({
      ok: false,
      error: { kind: 'billing', status: 403, reason, message, serverMessage: body.error },
    });
    expect(BILLING_MESSAGES[reason]).toBe(message);
  });

  it('other 403: forbidden', async () => {
    h.server.handle((_req, res) => json(res, 403, { error: 'Only owners and admins can save rules.' }));
    const r = await h.client().call('saveRule', { rule: 'Typos are bugs.' });
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'forbidden',
      status: 403,
      serverMessage: 'Only owners and admins can save rules.',
      message: expect.stringMatching(/Ask a workspace owner or admin/),
    });
  });

  it('404: not_found', async () => {
    h.server.handle((_req, res) => json(res, 404, { error: 'Item not found.' }));
    const r = await h.client().call('getItem', { itemId: 'gone' });
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'not_found',
      status: 404,
      serverMessage: 'Item not found.',
    });
    expect(h.server.requests).toHaveLength(1);
  });

  it('400 for a reply id: validation with the thread to open instead', async () => {
    h.server.handle((_req, res) =>
      json(res, 400, { error: 'That is a reply; use the thread.', reason: 'reply_id', parentId: 'thread-9' }),
    );
    const r = await h.client().call('getItem', { itemId: 'reply-3' });
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        status: 400,
        reason: 'reply_id',
        parentId: 'thread-9',
        serverMessage: 'That is a reply; use the thread.',
        message: 'That ID is a reply, not a thread. Open thread thread-9 instead.',
      },
    });
  });

  it('400 for an ambiguous name: validation with the candidates to pick from', async () => {
    const candidates = [
      { id: 'u2', name: 'Sam Lee', email: 'sam.lee@example.com' },
      { id: 'u3', name: 'Sam Li', email: 'sam.li@example.com' },
    ];
    h.server.handle((_req, res) =>
      json(res, 400, { error: '"Sam" matches several people.', reason: 'ambiguous_name', name: 'Sam', candidates }),
    );
    const r = await h.client().call('postUpdate', { itemId: 'i1', body: 'Over to you @Sam', mentions: ['Sam'] });
    expect(r.ok === false && r.error).toEqual({
      kind: 'validation',
      status: 400,
      reason: 'ambiguous_name',
      name: 'Sam',
      candidates,
      serverMessage: '"Sam" matches several people.',
      message:
        '"Sam" matches several people (Sam Lee <sam.lee@example.com>, Sam Li <sam.li@example.com>). Pick one and try again; nothing was posted.',
    });
  });

  it('400 with reason and field: validation that keeps both', async () => {
    h.server.handle((_req, res) =>
      json(res, 400, { error: 'body must be at most 4,000 characters', reason: 'invalid_request', field: 'body' }),
    );
    const r = await h.client().call('postUpdate', { itemId: 'i1', body: 'x' });
    expect(r.ok === false && r.error).toEqual({
      kind: 'validation',
      status: 400,
      reason: 'invalid_request',
      field: 'body',
      serverMessage: 'body must be at most 4,000 characters',
      message: 'The service refused the request: body must be at most 4,000 characters',
    });
  });

  it('400 without a JSON body still explains itself', async () => {
    h.server.handle((_req, res) => raw(res, 400, 'nope', { 'Content-Type': 'text/plain' }));
    const r = await h.client().call('listItems', {});
    expect(r.ok === false && r.error).toEqual({
      kind: 'validation',
      status: 400,
      message: 'The service refused the request (HTTP 400).',
    });
  });

  it('malformed JSON on 200: bad_response', async () => {
    h.server.handle((_req, res) => raw(res, 200, '{"workspaces": [', {}));
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'bad_response',
      status: 200,
      message: expect.stringMatching(/not JSON/),
    });
  });

  it('JSON that is not this API on 200: bad_response naming what is missing and the address that answered', async () => {
    h.server.handle((_req, res) => json(res, 200, { hello: 'world' }));
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok === false && r.error).toMatchObject({
      kind: 'bad_response',
      address: `${h.server.baseUrl}/api/v1/workspaces`,
      message: expect.stringMatching(/workspaces is missing/),
    });
    expect(r.ok === false && r.error.message).toContain(`${h.server.baseUrl}/api/v1/workspaces`);
  });

  it('a part it can do without that is unreadable degrades alone: you of the wrong shape reads as null', async () => {
    h.server.handle((_req, res) => json(res, 200, { ...WORKSPACES, you: { id: {} } }));
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok && r.data.you).toBeNull();
    expect(r.ok && r.data.unreadable).toEqual([{ part: 'you', reason: expect.stringMatching(/id/) }]);
  });

  it('an unreadable answer to a write is flagged uncertain', async () => {
    h.server.handle((_req, res) => raw(res, 200, 'OK'));
    const r = await h.client().call('setStatus', { itemId: 'i1', status: 'open' });
    expect(r.ok === false && r.error).toMatchObject({ kind: 'bad_response', uncertain: true });
  });
});

describe('ApiClient redirects', () => {
  const h = useClientHarness({ autoAdvance: true });

  it('never sends the token to a redirect target on another origin', async () => {
    const elsewhere = await new ScriptedServer().start();
    try {
      elsewhere.handle((_req, res) => json(res, 200, WORKSPACES));
      h.server.handle((_req, res) => {
        res.writeHead(302, { Location: `${elsewhere.baseUrl}/api/v1/workspaces` });
        res.end();
      });
      const r = await h.client().call('listWorkspaces', {});
      expect(elsewhere.requests).toHaveLength(0);
      expect(r.ok === false && r.error).toMatchObject({
        kind: 'bad_response',
        status: 302,
        message: expect.stringMatching(/did not send your token there/),
      });
    } finally {
      await elsewhere.stop();
    }
  });

  for (const status of [301, 308]) {
    it(`refuses a permanent move (${status}) to another origin: the token never leaves its origin`, async () => {
      const elsewhere = await new ScriptedServer().start();
      try {
        elsewhere.handle((_req, res) => json(res, 200, WORKSPACES));
        h.server.handle((req, res) => {
          res.writeHead(status, { Location: `${elsewhere.baseUrl}${req.url}` });
          res.end();
        });
        const client = h.client();
        const r = await client.call('listWorkspaces', {});
        expect(elsewhere.requests).toHaveLength(0);
        expect(client.movedTo).toBeNull();
        expect(r.ok === false && r.error).toMatchObject({
          kind: 'bad_response',
          status,
          message: expect.stringMatching(/did not send your token there/),
        });
      } finally {
        await elsewhere.stop();
      }
    });
  }

  it('treats another host name for the same port as another origin', async () => {
    h.server.handle((_req, res) => {
      res.writeHead(307, { Location: h.server.baseUrl.replace('127.0.0.1', 'localhost') + '/api/v1/workspaces' });
      res.end();
    });
    const r = await h.client().call('listWorkspaces', {});
    expect(h.server.requests).toHaveLength(1);
    expect(r.ok === false && r.error.kind).toBe('bad_response');
  });

  it('refuses a redirect on the same origin but outside the base path', async () => {
    h.server.handle((req, res) => {
      if (req.url.startsWith('/feedback/')) {
        res.writeHead(302, { Location: '/admin/api/v1/workspaces' });
        return res.end();
      }
      json(res, 200, WORKSPACES);
    });
    const r = await h.client({ baseUrl: `${h.server.baseUrl}/feedback` }).call('listWorkspaces', {});
    expect(h.server.requests.map((q) => q.url)).toEqual(['/feedback/api/v1/workspaces']);
    expect(r.ok === false && r.error.kind).toBe('bad_response');
  });

  it('follows a permanent move on the same origin to the same endpoint at the service’s canonical address, and says where', async () => {
    h.server.handle((req, res) => {
      if (req.url.startsWith('/feedback/')) {
        res.writeHead(308, { Location: req.url.replace('/feedback/', '/app/') });
        return res.end();
      }
      json(res, 200, WORKSPACES);
    });
    const client = h.client({ baseUrl: `${h.server.baseUrl}/feedback` });
    const r = await client.call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(client.movedTo).toBe(`${h.server.baseUrl}/app`);
    expect(h.server.requests.map((q) => [q.url, q.headers.authorization])).toEqual([
      ['/feedback/api/v1/workspaces', `Bearer ${TOKEN}`],
      ['/app/api/v1/workspaces', `Bearer ${TOKEN}`],
    ]);
  });

  it('treats a temporary redirect, or a move to another endpoint, as no move', async () => {
    h.server.handle((req, res) => {
      if (req.url.startsWith('/feedback/')) {
        res.writeHead(req.url.includes('workspaces') ? 302 : 301, { Location: '/app/api/v1/workspaces' });
        return res.end();
      }
      json(res, 200, WORKSPACES);
    });
    const client = h.client({ baseUrl: `${h.server.baseUrl}/feedback` });
    expect((await client.call('listWorkspaces', {})).ok).toBe(false);
    expect((await client.call('listProjects', {})).ok).toBe(false);
    expect(client.movedTo).toBeNull();
  });

  it('follows a redirect that stays under the base URL, with the token', async () => {
    h.server.handle((req, res) => {
      if (req.url === '/api/v1/workspaces') {
        res.writeHead(301, { Location: '/api/v1/workspaces/' });
        return res.end();
      }
      json(res, 200, WORKSPACES);
    });
    const r = await h.client().call('listWorkspaces', {});
    expect(r.ok).toBe(true);
    expect(h.server.requests.map((q) => [q.url, q.headers.authorization])).toEqual([
      ['/api/v1/workspaces', `Bearer ${TOKEN}`],
      ['/api/v1/workspaces/', `Bearer ${TOKEN}`],
    ]);
  });

  it('does not turn a redirected write into a GET; the write may have happened', async () => {
    h.server.handle((_req, res) => {
      res.writeHead(303, { Location: '/api/v1/items/i1' });
      res.end();
    });
    const r = await h.client().call('setStatus', { itemId: 'i1', status: 'open' });
    expect(h.server.requests).toHaveLength(1);
    expect(r.ok === false && r.error).toMatchObject({ kind: 'bad_response', status: 303, uncertain: true });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['2', 2_000],
    ['1.5', 1_500],
    ['0', 1_000],
    ['86400', 120_000],
    ['-3', 5_000],
    ['soon', 5_000],
    ['', 5_000],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
  ])('%j -> %i ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });
  it('missing -> the 5 s default', () => {
    expect(parseRetryAfter(null, now)).toBe(5_000);
  });
});
