import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, TOKENS, type Loose } from './support/world.js';

let s: Running;
beforeAll(async () => {
  s = await startServer(baseWorld());
});
afterAll(async () => {
  await s.close();
});

function expect401(res: { status: number; headers: Headers; body: Loose }, pattern: RegExp) {
  expect(res.status).toBe(401);
  expect(res.body.error).toMatch(pattern);
  const header = res.headers.get('www-authenticate') ?? '';
  expect(header).toMatch(/^Bearer realm="feedback", error="invalid_token", error_description="[^"]+"$/);
  expect(header).toContain(res.body.error.replace(/"/g, "'"));
}

/** RFC 6750 §3.1: a request with no credentials gets a challenge without an error code. */
function expectSignInChallenge(res: { status: number; headers: Headers; body: Loose }) {
  expect(res.status).toBe(401);
  expect(res.body.error).toMatch(/No token was sent/);
  expect(res.headers.get('www-authenticate')).toBe('Bearer realm="feedback"');
}

describe('authentication', () => {
  it('refuses a request without a token with a bare challenge (no error code)', async () => {
    expectSignInChallenge(await s.get('/api/v1/workspaces'));
  });

  it('refuses a malformed Authorization header', async () => {
    for (const value of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two words', 'tok-owner']) {
      expect401(await s.get('/api/v1/workspaces', null, { authorization: value }), /malformed/);
    }
  });

  it('refuses an unknown token', async () => {
    expect401(await s.get('/api/v1/workspaces', 'tok-nobody'), /not recognised/);
  });

  it('refuses an expired token, naming when it expired', async () => {
    expect401(await s.get('/api/v1/workspaces', TOKENS.expired), /expired on 2026-01-14T12:00:00\.000Z/);
  });

  it('refuses a revoked token', async () => {
    expect401(await s.get('/api/v1/projects', TOKENS.revoked), /revoked/);
  });

  it('checks the token before validating input', async () => {
    expectSignInChallenge(await s.get('/api/v1/items?limit=9999'));
  });

  it('accepts the scheme case-insensitively', async () => {
    const res = await s.get('/api/v1/workspaces', null, { authorization: `bearer ${TOKENS.owner}` });
    expect(res.status).toBe(200);
  });
  it("reads each request's own token on one kept-alive connection (tokens switched, then bad, then good again)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = (authorization: string) =>
      new Promise<{ status: number; body: Loose }>((resolve, reject) => {
        const url = new URL('/api/v1/workspaces', s.baseUrl);
        const req = http.get(url, { agent, headers: { authorization } }, (res) => {
          sockets.add(req.socket);
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', reject);
      });
    try {
      for (const [token, you] of [
        [TOKENS.owner, 'u_owner'],
        [TOKENS.owner, 'u_owner'],
        [TOKENS.multi, 'u_multi'],
        [TOKENS.revoked, null],
        [TOKENS.owner, 'u_owner'],
        ['tok-nobody', null],
        [TOKENS.multi, 'u_multi'],
      ] as const) {
        const res = await get(`Bearer ${token}`);
        if (you === null) expect(res.status).toBe(401);
        else expect(res.body.you.id).toBe(you);
      }
      // Every request went over the same connection.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('roles, plans and several workspaces', () => {
  it('refuses a reviewer with 403 no_seat', async () => {
    const res = await s.get('/api/v1/projects', TOKENS.reviewer);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      kind: 'billing_limit',
      feature: 'agent_tools',
      reason: 'no_seat',
      limit: null,
      used: null,
    });
    expect(res.body.message).toBe(res.body.error);
    expect(res.body.error).toMatch(/Main Web.*reviewer/);
  });

  it('refuses a free-plan owner with 403 no_plan', async () => {
    const res = await s.get('/api/v1/items', TOKENS.free);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      kind: 'billing_limit',
      feature: 'agent_tools',
      reason: 'no_plan',
      limit: null,
      used: null,
    });
    expect(res.body.error).toMatch(/free plan/);
  });

  it('refuses GET /workspaces too when no workspace allows agent tools', async () => {
    const res = await s.get('/api/v1/workspaces', TOKENS.reviewer);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('no_seat');
  });

  it('refuses an account in no workspace with 403 {error}', async () => {
    const res = await s.get('/api/v1/workspaces', TOKENS.lonely);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/not a member of any workspace/);
    expect(res.body.kind).toBeUndefined();
  });

  it('lets a multi-workspace caller use the allowed workspaces', async () => {
    const res = await s.get('/api/v1/items?projectId=p_side', TOKENS.multi);
    expect(res.status).toBe(200);
    expect(res.body.project.id).toBe('p_side');
    const web = await s.get('/api/v1/items?projectId=p_web', TOKENS.multi);
    expect(web.status).toBe(200);
  });

  it('gives the multi caller 403 for a project in a blocked workspace, with that workspace reason', async () => {
    const labs = await s.get('/api/v1/items?projectId=p_labs', TOKENS.multi);
    expect(labs.status).toBe(403);
    expect(labs.body.reason).toBe('no_seat');
    const free = await s.get('/api/v1/items?projectId=p_free', TOKENS.multi);
    expect(free.status).toBe(403);
    expect(free.body.reason).toBe('no_plan');
    const item = await s.get('/api/v1/items/it_free', TOKENS.multi);
    expect(item.status).toBe(403);
    expect(item.body.reason).toBe('no_plan');
    const ws = await s.get('/api/v1/projects?workspaceId=ws_labs', TOKENS.multi);
    expect(ws.status).toBe(403);
    expect(ws.body.reason).toBe('no_seat');
  });

  it('lists every reachable workspace for the multi caller, blocked ones flagged', async () => {
    const res = await s.get('/api/v1/workspaces', TOKENS.multi);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.you).toEqual({ id: 'u_multi', name: 'Mia Multi' });
    const byId = Object.fromEntries(res.body.workspaces.map((w: Loose) => [w.id, w]));
    expect(byId.ws_main).toMatchObject({
      role: 'collaborator',
      available: true,
      unavailableReason: null,
      unavailableKind: null,
      projectCount: 2,
    });
    expect(byId.ws_labs).toMatchObject({ role: 'reviewer', available: false, unavailableKind: 'no_seat' });
    expect(byId.ws_labs.unavailableReason).toMatch(/reviewer/);
    expect(byId.ws_free).toMatchObject({ role: 'owner', available: false, unavailableKind: 'no_plan' });
    expect(byId.ws_side).toMatchObject({ role: 'owner', available: true, projectCount: 1, slug: 'side', name: 'Side' });
  });
});
