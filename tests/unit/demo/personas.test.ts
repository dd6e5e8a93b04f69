import { describe, expect, it } from 'vitest';
import { buildDemoFixture } from '../../../src/server/demo/index.js';
import { Fixture } from '../../../src/server/fixture/schema.js';

const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);
const f = Fixture.parse(buildDemoFixture({ now: NOW }));

interface Reach {
  workspace: string;
  role: string;
  plan: string;
  agentTools: boolean;
  projects: number;
}

function reachOf(token: string): {
  person: string;
  reaches: Reach[];
  expiresAt: number | null;
  revokedAt: number | null;
} {
  const t = f.tokens.find((x) => x.token === token);
  if (!t) throw new Error(`missing token ${token}`);
  const person = f.users.find((u) => u.id === t.userId)!.name;
  const reaches = f.memberships
    .filter((m) => m.userId === t.userId)
    .map((m) => {
      const ws = f.workspaces.find((w) => w.id === m.workspaceId)!;
      const org = f.organizations.find((o) => o.id === ws.organizationId)!;
      const projects = f.projects.filter((p) => p.workspaceId === ws.id && !p.archived).length;
      return { workspace: ws.name, role: m.role, plan: org.plan, agentTools: org.agentTools, projects };
    })
    .sort((a, b) => a.workspace.localeCompare(b.workspace));
  return { person, reaches, expiresAt: t.expiresAt, revokedAt: t.revokedAt };
}

describe('demo personas', () => {
  it('has exactly the nine persona tokens', () => {
    expect(f.tokens.map((t) => t.token).sort()).toEqual([
      'demo-admin',
      'demo-collab',
      'demo-expired',
      'demo-free',
      'demo-multi',
      'demo-owner',
      'demo-reviewer',
      'demo-revoked',
      'demo-solo',
    ]);
  });

  it('demo-owner: Olivia Owner, owner of Acme Web (paid, agent tools)', () => {
    const r = reachOf('demo-owner');
    expect(r.person).toBe('Olivia Owner');
    expect(r.reaches).toEqual([
      { workspace: 'Acme Web', role: 'owner', plan: 'business', agentTools: true, projects: 3 },
    ]);
    expect(r.expiresAt).toBeNull();
    expect(r.revokedAt).toBeNull();
  });

  it('demo-admin and demo-collab', () => {
    expect(reachOf('demo-admin')).toMatchObject({
      person: 'Adam Admin',
      reaches: [{ workspace: 'Acme Web', role: 'admin' }],
    });
    expect(reachOf('demo-collab')).toMatchObject({
      person: 'Cora Collaborator',
      reaches: [{ workspace: 'Acme Web', role: 'collaborator' }],
    });
  });

  it('demo-reviewer reaches Acme Web as reviewer and nothing else', () => {
    const r = reachOf('demo-reviewer');
    expect(r.person).toBe('Remy Reviewer');
    expect(r.reaches).toEqual([
      { workspace: 'Acme Web', role: 'reviewer', plan: 'business', agentTools: true, projects: 3 },
    ]);
  });

  it('demo-free owns Tiny Studio on the free plan without agent tools', () => {
    const r = reachOf('demo-free');
    expect(r.person).toBe('Finn Free');
    expect(r.reaches).toEqual([
      { workspace: 'Tiny Studio', role: 'owner', plan: 'free', agentTools: false, projects: 1 },
    ]);
  });

  it('demo-multi: four workspaces with mixed roles and plans', () => {
    const r = reachOf('demo-multi');
    expect(r.person).toBe('Mia Multi');
    expect(r.reaches.map((x) => [x.workspace, x.role])).toEqual([
      ['Acme Labs', 'reviewer'],
      ['Acme Web', 'collaborator'],
      ['Side Project', 'owner'],
      ['Tiny Studio', 'owner'],
    ]);
    const side = r.reaches.find((x) => x.workspace === 'Side Project')!;
    expect(side).toMatchObject({ agentTools: true, projects: 1 });
    expect(r.reaches.find((x) => x.workspace === 'Tiny Studio')!.agentTools).toBe(false);
    expect(r.reaches.find((x) => x.workspace === 'Acme Labs')!.projects).toBeGreaterThanOrEqual(1);
  });

  it('demo-solo owns Solo Shop with agent tools and exactly one project', () => {
    const r = reachOf('demo-solo');
    expect(r.person).toBe('Sam Solo');
    expect(r.reaches).toEqual([{ workspace: 'Solo Shop', role: 'owner', plan: 'team', agentTools: true, projects: 1 }]);
  });

  it('demo-expired is Olivia’s token, expired; demo-revoked is Adam’s, revoked', () => {
    const e = reachOf('demo-expired');
    expect(e.person).toBe('Olivia Owner');
    expect(e.expiresAt).not.toBeNull();
    expect(e.expiresAt!).toBeLessThan(NOW);
    expect(e.revokedAt).toBeNull();
    const r = reachOf('demo-revoked');
    expect(r.person).toBe('Adam Admin');
    expect(r.revokedAt).not.toBeNull();
    expect(r.revokedAt!).toBeLessThan(NOW);
  });

  it('Acme Web is slug acme-web with 90 days retention', () => {
    const ws = f.workspaces.find((w) => w.name === 'Acme Web')!;
    expect(ws.slug).toBe('acme-web');
    expect(ws.retentionDays).toBe(90);
  });
});
