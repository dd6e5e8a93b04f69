import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoFixture } from '../../src/server/demo/index.js';
import { startServer, type Running } from './support/harness.js';
import { NOW, type Loose } from './support/world.js';

let s: Running;
const demo = buildDemoFixture({ now: NOW });
beforeAll(async () => {
  s = await startServer(demo);
}, 60_000);

/** The demo's live projects of a workspace, read from the dataset itself. */
const demoProjects = (workspaceName: string) => {
  const ws = demo.workspaces.find((w) => w.name === workspaceName);
  return demo.projects.filter((p) => p.workspaceId === ws?.id && !p.archived);
};
afterAll(async () => {
  await s.close();
});

const workspacesOf = async (token: string) => {
  const res = await s.get('/api/v1/workspaces', token);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.workspaces.map((w: Loose) => [w.name, w]));
};

const projectsOf = async (token: string) => {
  const res = await s.get('/api/v1/projects', token);
  expect(res.status).toBe(200);
  return res.body.projects as Loose[];
};

describe('demo personas', () => {
  it('demo-owner owns Acme Web, whose org has agent tools', async () => {
    const ws = await workspacesOf('demo-owner');
    expect(ws['Acme Web']).toMatchObject({ role: 'owner', available: true });
    const projects = await projectsOf('demo-owner');
    const web = projects.find((p) => p.workspace.name === 'Acme Web');
    const items = await s.get(`/api/v1/items?projectId=${web.id}`, 'demo-owner');
    expect(items.status).toBe(200);
    expect(items.body.returned).toBeGreaterThan(0);
  });

  it('demo-admin and demo-collab use Acme Web', async () => {
    expect((await workspacesOf('demo-admin'))['Acme Web']).toMatchObject({ role: 'admin', available: true });
    expect((await workspacesOf('demo-collab'))['Acme Web']).toMatchObject({ role: 'collaborator', available: true });
  });

  it('demo-reviewer (reviewer of Acme Web only) gets 403 no_seat', async () => {
    for (const path of ['/api/v1/workspaces', '/api/v1/projects', '/api/v1/items']) {
      const res = await s.get(path, 'demo-reviewer');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        kind: 'billing_limit',
        feature: 'agent_tools',
        reason: 'no_seat',
        limit: null,
        used: null,
      });
    }
  });

  it('demo-free (owner of Tiny Studio, free plan) gets 403 no_plan', async () => {
    const res = await s.get('/api/v1/projects', 'demo-free');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ kind: 'billing_limit', reason: 'no_plan' });
  });

  it('demo-multi reaches four workspaces with mixed access', async () => {
    const ws = await workspacesOf('demo-multi');
    expect(ws['Acme Web']).toMatchObject({ role: 'collaborator', available: true });
    expect(ws['Acme Labs']).toMatchObject({ role: 'reviewer', available: false, unavailableKind: 'no_seat' });
    expect(ws['Tiny Studio']).toMatchObject({ role: 'owner', available: false, unavailableKind: 'no_plan' });
    expect(ws['Side Project']).toMatchObject({ role: 'owner', available: true, projectCount: 1 });

    const side = (await s.get(`/api/v1/projects?workspaceId=${ws['Side Project'].id}`, 'demo-multi')).body.projects;
    expect(side).toHaveLength(1);
    expect((await s.get(`/api/v1/items?projectId=${side[0].id}`, 'demo-multi')).status).toBe(200);

    const labsProjects = demoProjects('Acme Labs');
    expect(labsProjects.length).toBeGreaterThan(0);
    const labs = await s.get(`/api/v1/items?projectId=${labsProjects[0]!.id}`, 'demo-multi');
    expect(labs.status).toBe(403);
    expect(labs.body.reason).toBe('no_seat');
    const noProject = await s.get('/api/v1/items', 'demo-multi');
    expect(noProject.status).toBe(400);
    expect(noProject.body.reason).toBe('project_required');
    const tiny = await s.get(`/api/v1/items?projectId=${demoProjects('Tiny Studio')[0]!.id}`, 'demo-multi');
    expect(tiny.status).toBe(403);
    expect(tiny.body.reason).toBe('no_plan');
  });

  it('demo-solo lists items without a projectId', async () => {
    const res = await s.get('/api/v1/items', 'demo-solo');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    const detail = await s.get(`/api/v1/items/${res.body.items[0].id}`, 'demo-solo');
    expect(detail.status).toBe(200);
  });

  it('demo-expired and demo-revoked get 401', async () => {
    for (const token of ['demo-expired', 'demo-revoked']) {
      const res = await s.get('/api/v1/workspaces', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="feedback", error="invalid_token"/);
    }
  });

  it('caps the large demo project at the scan limit and serves every detail', async () => {
    const projects = await projectsOf('demo-owner');
    let sawCapped = false;
    for (const p of projects) {
      const list = await s.get(`/api/v1/items?projectId=${p.id}&limit=200`, 'demo-owner');
      expect(list.status).toBe(200);
      if (list.body.capped) sawCapped = true;
      for (const row of list.body.items.slice(0, 40)) {
        // Stay under the per-token rate limit (5 requests per second sustained).
        s.clock.advance(200);
        const detail = await s.get(`/api/v1/items/${row.id}`, 'demo-owner');
        expect(detail.status).toBe(200);
        expect(detail.body.id).toBe(row.id);
      }
    }
    expect(sawCapped).toBe(true);
  });

  it('serves demo screenshots without a token, rendered by the mock-up renderer', async () => {
    const list = await s.get('/api/v1/items', 'demo-solo');
    let url: string | null = null;
    let spec: { width: number; height: number } | undefined;
    for (const row of list.body.items) {
      const detail = await s.get(`/api/v1/items/${row.id}`, 'demo-solo');
      if (detail.body.evidence.screenshotUrl) {
        url = detail.body.evidence.screenshotUrl;
        spec = demo.items?.find((i) => i.id === row.id)?.evidence.screenshot ?? undefined;
        break;
      }
    }
    expect(url).not.toBeNull();
    const first = await fetch(url!);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, max-age=86400');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    // IHDR: width and height of the spec.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([spec!.width, spec!.height]);
    const second = Buffer.from(await (await fetch(url!)).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
  });
});
