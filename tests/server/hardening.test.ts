import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/api/index.js';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, TOKENS } from './support/world.js';

/**
 * The attack passes, one test per finding against the running service. Each of
 * these was reproduced on the service before the hardening (and fails there).
 */
let s: Running;
beforeAll(async () => {
  s = await startServer(baseWorld(), { rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
});
afterAll(async () => {
  await s.close();
});

const long = (n: number) => `https://web.example/${'a'.repeat(n - 'https://web.example/'.length)}`;

describe('stored text is capped in the contract', () => {
  it('refuses link URLs over 2,048 characters, naming the field', async () => {
    const links = Array.from({ length: 5 }, () => ({ url: long(200_000) }));
    const res = await s.post('/api/v1/items/update', { itemId: 'it_1', body: 'x', links }, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('links.0.url');
    expect(res.body.error).toMatch(/2,048 characters/);
    // At the cap it is accepted.
    const ok = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'x', links: [{ url: long(LIMITS.urlMaxChars), label: 'l' }] },
      TOKENS.owner,
    );
    expect(ok.status).toBe(200);
  });

  it('refuses a link label over its cap', async () => {
    const res = await s.post(
      '/api/v1/items/update',
      {
        itemId: 'it_1',
        body: 'x',
        links: [{ url: 'https://a.example/', label: 'l'.repeat(LIMITS.linkLabelMaxChars + 1) }],
      },
      TOKENS.owner,
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('links.0.label');
  });

  it('refuses a 900,000-character page URL on create', async () => {
    const res = await s.post(
      '/api/v1/items/create',
      { projectId: 'p_web', url: long(900_000), body: 'hello' },
      TOKENS.owner,
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('url');
  });

  it('an accepted long URL cannot bloat the board: the page path in summaries is bounded', async () => {
    const url = long(LIMITS.urlMaxChars);
    const created = await s.post('/api/v1/items/create', { projectId: 'p_web', url, body: 'long page' }, TOKENS.admin);
    expect(created.status).toBe(200);
    expect(created.body.page.length).toBeLessThanOrEqual(LIMITS.pagePathMaxChars);
    const list = await s.get('/api/v1/items?projectId=p_web&limit=1', TOKENS.collab);
    for (const page of Object.keys(list.body.summary.byPage))
      expect(page.length).toBeLessThanOrEqual(LIMITS.pagePathMaxChars);
    // The detail still carries the full URL the person gave.
    const detail = await s.get(`/api/v1/items/${created.body.pinId}`, TOKENS.admin);
    expect(detail.body.url).toBe(url);
  });

  it('refuses selectors and page titles over their caps', async () => {
    const sel = await s.post(
      '/api/v1/items/create',
      {
        projectId: 'p_web',
        url: 'https://web.example/x',
        body: 'b',
        selector: 'a'.repeat(LIMITS.selectorMaxChars + 1),
      },
      TOKENS.owner,
    );
    expect(sel.status).toBe(400);
    expect(sel.body.field).toBe('selector');
    const title = await s.post(
      '/api/v1/items/create',
      {
        projectId: 'p_web',
        url: 'https://web.example/x',
        body: 'b',
        pageTitle: 't'.repeat(LIMITS.pageTitleMaxChars + 1),
      },
      TOKENS.owner,
    );
    expect(title.status).toBe(400);
    expect(title.body.field).toBe('pageTitle');
  });
});

describe('control characters are refused with a 400 naming the field', () => {
  it.each([
    ['a\u0000b', 'body'],
    ['\u0000', 'body'],
    ['bell\u0007', 'body'],
    ['del\u007f', 'body'],
    ['c1\u0085', 'body'],
  ])('reply body %j', async (body, field) => {
    const res = await s.post('/api/v1/items/update', { itemId: 'it_1', body }, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(/^body must not contain control characters/);
  });

  it('tab, newline and carriage return are kept', async () => {
    const body = 'line one\r\n\tline two\nend';
    const res = await s.post('/api/v1/items/update', { itemId: 'it_1', body }, TOKENS.owner);
    expect(res.status).toBe(200);
    const detail = await s.get('/api/v1/items/it_1', TOKENS.owner);
    expect(detail.body.thread.replies.some((r: { content: string }) => r.content.startsWith(body))).toBe(true);
  });

  it('in other stored fields too', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        '/api/v1/items/create',
        { projectId: 'p_web', url: 'https://web.example/x', body: 'b', pageTitle: 'T\u0000' },
        'pageTitle',
      ],
      [
        '/api/v1/items/create',
        { projectId: 'p_web', url: 'https://web.example/x', body: 'b', selector: '#a\u001b' },
        'selector',
      ],
      [
        '/api/v1/items/update',
        { itemId: 'it_1', body: 'b', links: [{ url: 'https://a.example/', label: 'x\u0000' }] },
        'links.0.label',
      ],
      ['/api/v1/items/update', { itemId: 'it_1', body: 'b', mentions: ['me\u0000'] }, 'mentions.0'],
      ['/api/v1/rules', { projectId: 'p_web', rule: 'Always\u0000 check.' }, 'rule'],
      ['/api/v1/similar', { projectId: 'p_web', text: 'pay\u0000 button' }, 'text'],
    ];
    for (const [path, body, field] of cases) {
      const res = await s.post(path, body, TOKENS.owner);
      expect({ path, status: res.status, field: res.body.field }).toEqual({ path, status: 400, field });
    }
  });
});

describe('numbers from the query are safe integers in range, else a 400 naming the parameter', () => {
  it.each([
    ['/api/v1/whats-new?projectId=p_web&since=9007199254740993', 'since'],
    ['/api/v1/whats-new?projectId=p_web&since=99999999999999999999', 'since'],
    ['/api/v1/decisions?projectId=p_web&since=99999999999999999999', 'since'],
    ['/api/v1/whats-new?projectId=p_web&since=275760-09-14', 'since'],
    ['/api/v1/review?projectId=p_web&section=open&offset=9007199254740993', 'offset'],
    ['/api/v1/review?projectId=p_web&section=open&offset=1e400', 'offset'],
    ['/api/v1/decisions?projectId=p_web&offset=99999999999999999999', 'offset'],
    ['/api/v1/decisions?projectId=p_web&limit=9007199254740993', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=-0.5', 'limit'],
    ['/api/v1/source?projectId=p_web&file=a.ts&line=9007199254740993', 'line'],
    ['/api/v1/source?projectId=p_web&file=a.ts&line=99999999', 'line'],
  ])('%s', async (path, field) => {
    const res = await s.get(path, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(field);
  });

  it('the largest accepted values still answer 200', async () => {
    expect((await s.get(`/api/v1/whats-new?projectId=p_web&since=${LIMITS.maxMillis}`, TOKENS.owner)).status).toBe(200);
    expect(
      (await s.get(`/api/v1/review?projectId=p_web&section=open&offset=${LIMITS.offsetMax}`, TOKENS.owner)).status,
    ).toBe(200);
    expect((await s.get(`/api/v1/source?projectId=p_web&file=a.ts&line=${LIMITS.lineMax}`, TOKENS.owner)).status).toBe(
      200,
    );
  });
});

describe('query numbers are read as strictly as body numbers', () => {
  it.each([
    ['/api/v1/items?projectId=p_web&limit=0x10', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=%205', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=%2B5', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=1e2', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=0b101', 'limit'],
    ['/api/v1/items?projectId=p_web&limit=05', 'limit'],
    ['/api/v1/review?projectId=p_web&section=open&offset=-0', 'offset'],
    ['/api/v1/review?projectId=p_web&section=open&offset=', 'offset'],
  ])('%s is a 400 naming the parameter', async (path, field) => {
    const res = await s.get(path, TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toBe(`${field} must be a whole number written in digits, like 50.`);
  });

  it('plain digits still answer 200, and a negative number says what is allowed', async () => {
    expect((await s.get('/api/v1/items?projectId=p_web&limit=5', TOKENS.owner)).status).toBe(200);
    expect((await s.get('/api/v1/review?projectId=p_web&section=open&offset=0', TOKENS.owner)).status).toBe(200);
    const negative = await s.get('/api/v1/review?projectId=p_web&section=open&offset=-3', TOKENS.owner);
    expect(negative.body.error).toBe('offset must be 0 or more.');
  });
});

describe('URLs and IDs take no control characters, credentials or walls of text', () => {
  it.each([
    ['NUL', 'https://a.example/\u0000x'],
    ['DEL', 'https://a.example/\u007fx'],
    ['NEL (U+0085)', 'https://a.example/\u0085x'],
    ['a bell', 'https://a.example/\u0007'],
    ['a line break', 'https://a.example/\nx'],
    ['a tab', 'https://a.example/\tx'],
  ])('a page URL or link URL with %s is a 400 naming the field', async (_what, url) => {
    const created = await s.post('/api/v1/items/create', { projectId: 'p_web', url, body: 'b' }, TOKENS.owner);
    expect([created.status, created.body.field]).toEqual([400, 'url']);
    expect(created.body.error).toBe('url must not contain control characters or line breaks.');
    const reply = await s.post('/api/v1/items/update', { itemId: 'it_1', body: 'b', links: [{ url }] }, TOKENS.owner);
    expect([reply.status, reply.body.field]).toEqual([400, 'links.0.url']);
  });

  it('a user name or password in a URL is refused: every reader would see it', async () => {
    const created = await s.post(
      '/api/v1/items/create',
      { projectId: 'p_web', url: 'https://ann:hunter2@web.example/x', body: 'b' },
      TOKENS.owner,
    );
    expect([created.status, created.body.field]).toEqual([400, 'url']);
    expect(created.body.error).toMatch(/must not contain a user name or password/);
    const reply = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'b', links: [{ url: 'https://token@ci.example/build/1' }] },
      TOKENS.owner,
    );
    expect([reply.status, reply.body.field]).toEqual([400, 'links.0.url']);
  });

  it('a link that is not http(s) says "an http(s) URL", not "the URL of the page"', async () => {
    const reply = await s.post(
      '/api/v1/items/update',
      { itemId: 'it_1', body: 'b', links: [{ url: 'ftp://files.example/a' }] },
      TOKENS.owner,
    );
    expect(reply.body.error).toBe('each link url must be an http(s) URL.');
  });

  it('IDs are capped and one word; a 404 repeats no more than the start of one', async () => {
    const huge = await s.get(`/api/v1/items?projectId=${'p'.repeat(5_000)}`, TOKENS.owner);
    expect([huge.status, huge.body.field]).toEqual([400, 'projectId']);
    expect(JSON.stringify(huge.body).length).toBeLessThan(300);
    const control = await s.get(`/api/v1/items/${encodeURIComponent('it_1\u0000')}`, TOKENS.owner);
    expect([control.status, control.body.field]).toEqual([400, 'itemId']);
    const atCap = 'x'.repeat(LIMITS.idMaxChars);
    const missing = await s.get(`/api/v1/items/${atCap}`, TOKENS.owner);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(`Item ${'x'.repeat(40)}… does not exist or is not reachable with this token.`);
  });
});

/** fetch() may not send its own Host header, so this goes through node:http. */
function getWithHost(
  path: string,
  host: string,
  token: string | null,
  base = s.baseUrl,
): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request(
      `${base}${path}`,
      { headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('the Host header never reaches a response', () => {
  it('screenshot and attachment URLs and the OpenAPI server use the listening address by default', async () => {
    const detail = await getWithHost('/api/v1/items/it_1', 'evil.example', TOKENS.owner);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toContain('evil.example');
    expect(JSON.parse(detail.body).evidence.screenshotUrl).toMatch(new RegExp(`^${s.baseUrl}/files/`));
    const doc = await getWithHost('/api/v1/openapi.json', 'evil.example', null);
    expect(JSON.parse(doc.body).servers[0].url).toBe(`${s.baseUrl}/api/v1`);
  });

  it('a configured public URL is used instead', async () => {
    const other = await startServer(baseWorld(), { publicUrl: 'https://feedback.example.com/' });
    try {
      const detail = await getWithHost('/api/v1/items/it_1', 'evil.example', TOKENS.owner, other.baseUrl);
      expect(JSON.parse(detail.body).evidence.screenshotUrl).toMatch(/^https:\/\/feedback\.example\.com\/files\//);
      const doc = await getWithHost('/api/v1/openapi.json', 'evil.example', null, other.baseUrl);
      expect(JSON.parse(doc.body).servers[0].url).toBe('https://feedback.example.com/api/v1');
    } finally {
      await other.close();
    }
  });
});

describe('failed authentication is limited per client address', () => {
  it('answers 429 with Retry-After once a burst of bad tokens is exceeded; a valid token is never refused for it', async () => {
    const other = await startServer(baseWorld());
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++)
        statuses.push((await other.get('/api/v1/workspaces', `guess-${i}-${Math.random()}`)).status);
      expect(statuses.slice(0, 30).every((st) => st === 401)).toBe(true);
      expect(statuses.slice(30).every((st) => st === 429)).toBe(true);
      const refused = await other.get('/api/v1/workspaces', 'another-guess');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.error).toMatch(/invalid token from this address; wait \d+ seconds?/);
      // A valid token from the same address still works, and its requests do not refill the guesser.
      for (let i = 0; i < 5; i++) expect((await other.get('/api/v1/workspaces', TOKENS.owner)).status).toBe(200);
      expect((await other.get('/api/v1/workspaces', 'yet-another')).status).toBe(429);
      // Refilled with time: one more guess is answered 401 again after 2 seconds.
      other.clock.advance(2_000);
      expect((await other.get('/api/v1/workspaces', 'after-a-while')).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('behind a reverse proxy', () => {
  const badTokens = async (server: Running, forwardedFor: string, n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++)
      statuses.push((await server.get('/api/v1/workspaces', 'sky_wrong', { 'x-forwarded-for': forwardedFor })).status);
    return statuses;
  };
  const limits = { authFailureLimit: { perMinute: 1, burst: 3 } };

  it('with the proxy trusted, bad tokens from one client do not lock out another client behind the same proxy', async () => {
    const proxied = await startServer(baseWorld(), {
      ...limits,
      trustProxy: ['127.0.0.1'],
      publicUrl: 'https://feedback.example',
    });
    try {
      expect(await badTokens(proxied, '203.0.113.7', 4)).toEqual([401, 401, 401, 429]);
      expect(await badTokens(proxied, '198.51.100.20', 1)).toEqual([401]);
    } finally {
      await proxied.close();
    }
  });

  it('without it, the header is ignored: anyone could write it to dodge the limit', async () => {
    const direct = await startServer(baseWorld(), limits);
    try {
      expect(await badTokens(direct, '203.0.113.7', 3)).toEqual([401, 401, 401]);
      expect(await badTokens(direct, '198.51.100.20', 1)).toEqual([429]);
    } finally {
      await direct.close();
    }
  });
});

describe('slow clients', () => {
  function rawExchange(
    base: string,
    chunks: Array<{ text: string; afterMs: number }>,
    waitMs: number,
  ): Promise<{ closedAfterMs: number | null; response: string }> {
    const { hostname, port } = new URL(base);
    return new Promise((ok) => {
      const started = Date.now();
      let response = '';
      let closedAfterMs: number | null = null;
      const socket = connect(Number(port), hostname);
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (response += d));
      socket.on('close', () => (closedAfterMs = Date.now() - started));
      socket.on('error', () => undefined);
      for (const c of chunks) setTimeout(() => socket.writable && socket.write(c.text), c.afterMs);
      setTimeout(() => {
        socket.destroy();
        ok({ closedAfterMs, response });
      }, waitMs);
    });
  }

  it('drops a connection whose headers, body or idle keep-alive take too long', async () => {
    const other = await startServer(baseWorld(), {
      timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 300, idleSocketMs: 5_000, checkEveryMs: 100 },
    });
    try {
      // Headers trickling in, never finished.
      const headers = await rawExchange(
        other.baseUrl,
        [
          { text: 'GET /api/v1/workspaces HTTP/1.1\r\nHost: x\r\n', afterMs: 0 },
          { text: 'X-A: 1\r\n', afterMs: 150 },
        ],
        1_500,
      );
      expect(headers.closedAfterMs).not.toBeNull();
      expect(headers.response).toMatch(/^HTTP\/1\.1 408/);
      // A body announced but never sent.
      const body = await rawExchange(
        other.baseUrl,
        [
          {
            text: `POST /api/v1/items/status HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKENS.owner}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"it`,
            afterMs: 0,
          },
        ],
        2_000,
      );
      expect(body.closedAfterMs).not.toBeNull();
      expect(body.closedAfterMs!).toBeLessThan(2_000);
      // An idle kept-alive connection after one answer.
      const idle = await rawExchange(
        other.baseUrl,
        [
          {
            text: `GET /api/v1/workspaces HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKENS.owner}\r\n\r\n`,
            afterMs: 0,
          },
        ],
        1_500,
      );
      expect(idle.response).toMatch(/^HTTP\/1\.1 200/);
      expect(idle.closedAfterMs).not.toBeNull();
    } finally {
      await other.close();
    }
  });
});
