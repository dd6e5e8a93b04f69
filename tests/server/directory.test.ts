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

describe('GET /api/v1/projects', () => {
  it('lists live projects of available workspaces, most recent activity first, archived omitted', async () => {
    const res = await s.get('/api/v1/projects', TOKENS.owner);
    expect(res.status).toBe(200);
    // Owner reaches Main Web and Labs (both on the paid plan).
    expect(res.body.projects.map((p: Loose) => p.id)).toEqual(['p_docs', 'p_web', 'p_labs']);
    expect(res.body.total).toBe(3);
    const web = res.body.projects.find((p: Loose) => p.id === 'p_web');
    expect(web).toMatchObject({
      name: 'Web',
      slug: 'web',
      workspace: { id: 'ws_main', name: 'Main Web' },
      repo: 'https://github.com/paid/web',
    });
    expect(typeof web.updatedAt).toBe('number');
    const docs = res.body.projects.find((p: Loose) => p.id === 'p_docs');
    expect(docs.repo).toBeNull();
    expect(docs.lastActivityAt).toBeGreaterThan(web.lastActivityAt);
  });

  it('filters by workspaceId', async () => {
    const res = await s.get('/api/v1/projects?workspaceId=ws_labs', TOKENS.owner);
    expect(res.body.projects.map((p: Loose) => p.id)).toEqual(['p_labs']);
  });

  it('answers 404 with the same sentence for an unknown and an unreachable workspace', async () => {
    const unknown = await s.get('/api/v1/projects?workspaceId=ws_nope', TOKENS.collab);
    const other = await s.get('/api/v1/projects?workspaceId=ws_solo', TOKENS.collab);
    expect(unknown.status).toBe(404);
    expect(other.status).toBe(404);
    expect(other.body.error.replace('ws_solo', 'X')).toBe(unknown.body.error.replace('ws_nope', 'X'));
  });

  it('lists only the allowed workspaces for a multi-workspace caller', async () => {
    const res = await s.get('/api/v1/projects', TOKENS.multi);
    expect(res.body.projects.map((p: Loose) => p.id).sort()).toEqual(['p_docs', 'p_side', 'p_web']);
  });
});

describe('GET /api/v1/members', () => {
  it('lists the members of the only workspace without parameters', async () => {
    const res = await s.get('/api/v1/members', TOKENS.collab);
    expect(res.status).toBe(200);
    expect(res.body.workspace).toEqual({ id: 'ws_main', name: 'Main Web' });
    expect(res.body.members).toContainEqual({
      id: 'u_reviewer',
      name: 'Remy Reviewer',
      email: 'remy@paid.example',
      role: 'reviewer',
    });
    expect(res.body.members).toHaveLength(5);
  });

  it('takes the workspace from projectId or workspaceId', async () => {
    const byProject = await s.get('/api/v1/members?projectId=p_side', TOKENS.multi);
    expect(byProject.body.workspace.id).toBe('ws_side');
    const byWorkspace = await s.get('/api/v1/members?workspaceId=ws_main', TOKENS.multi);
    expect(byWorkspace.body.workspace.id).toBe('ws_main');
  });

  it('asks for a projectId when the token reaches several workspaces, listing projects', async () => {
    const res = await s.get('/api/v1/members', TOKENS.multi);
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('project_required');
    expect(res.body.error).toMatch(/GET \/api\/v1\/projects/);
    expect(res.body.error).toContain('"Side App" (p_side)');
    expect(res.body.error).toContain('"Web" (p_web)');
  });

  it('gives 403 for a blocked workspace', async () => {
    const res = await s.get('/api/v1/members?workspaceId=ws_free', TOKENS.multi);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('no_plan');
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 JSON', async () => {
    const res = await s.get('/api/v1/nothing-here', TOKENS.owner);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/no endpoint GET \/api\/v1\/nothing-here/);
    const root = await s.get('/');
    expect(root.status).toBe(404);
    expect(typeof root.body.error).toBe('string');
  });

  it('answers invalid JSON with 400 invalid_json', async () => {
    const res = await s.raw('/api/v1/items/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/json' },
      body: '{"itemId": "it_1", ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.', reason: 'invalid_json' });
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const res = await s.raw('/api/v1/items/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('invalid_json');
  });

  it('names the field and the limit on a validation error', async () => {
    const res = await s.get('/api/v1/items?projectId=p_web&limit=500', TOKENS.owner);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'limit must be at most 200.', field: 'limit' });
    const status = await s.post('/api/v1/items/status', { itemId: 'it_1', status: 'done' }, TOKENS.owner);
    expect(status.status).toBe(400);
    expect(status.body).toMatchObject({ field: 'status' });
    expect(status.body.error).toMatch(/status must be open, deferred or resolved/i);
    const missing = await s.post('/api/v1/items/status', { status: 'open' }, TOKENS.owner);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'itemId' });
    expect(missing.body.error).toBe('itemId is required.');
    const notObject = await s.post('/api/v1/items/status', [1, 2], TOKENS.owner);
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toBe('The request body must be a JSON object.');
  });

  it('refuses a non-JSON body with a JSON error', async () => {
    const text = await s.raw('/api/v1/items/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('The request body must be a JSON object.');
    const xml = await s.raw('/api/v1/items/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.error).toMatch(/application\/json/);
  });
});
