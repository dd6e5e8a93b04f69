import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoFixture, DEFAULT_DEMO_SEED } from '../../../src/server/demo/index.js';
import { Fixture } from '../../../src/server/fixture/schema.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);

type F = Fixture;
type Item = F['items'][number];

let fixture: F;
let buildMs: number;

beforeAll(() => {
  const t0 = performance.now();
  const raw = buildDemoFixture({ now: NOW });
  buildMs = performance.now() - t0;
  fixture = Fixture.parse(raw);
});

const projectNamed = (name: string) => {
  const p = fixture.projects.find((x) => x.name === name);
  if (!p) throw new Error(`no project ${name}`);
  return p;
};
const itemsOf = (name: string) => fixture.items.filter((i) => i.projectId === projectNamed(name).id);
const live = (items: Item[]) => items.filter((i) => i.duplicateOf === null);

describe('demo fixture: determinism', () => {
  it('is identical for the same now and seed', () => {
    const a = buildDemoFixture({ now: NOW, seed: 7 });
    const b = buildDemoFixture({ now: NOW, seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('defaults to a fixed seed', () => {
    expect(JSON.stringify(buildDemoFixture({ now: NOW }))).toBe(
      JSON.stringify(buildDemoFixture({ now: NOW, seed: DEFAULT_DEMO_SEED })),
    );
  });

  it('differs for another seed but keeps people and project IDs', () => {
    const a = Fixture.parse(buildDemoFixture({ now: NOW, seed: 1 }));
    const b = Fixture.parse(buildDemoFixture({ now: NOW, seed: 2 }));
    expect(a.items.map((i) => i.id)).not.toEqual(b.items.map((i) => i.id));
    expect(a.items.map((i) => i.root.body)).not.toEqual(b.items.map((i) => i.root.body));
    expect(a.users).toEqual(b.users);
    expect(a.projects).toEqual(b.projects);
  });

  it('only shifts times when now moves', () => {
    const shift = 5 * DAY + 1234;
    const later = Fixture.parse(buildDemoFixture({ now: NOW + shift }));
    expect(later.items.map((i) => i.id)).toEqual(fixture.items.map((i) => i.id));
    const a = fixture.items[100]!;
    const b = later.items[100]!;
    expect(b.root.createdAt - a.root.createdAt).toBe(shift);
    expect(b.replies.map((r) => r.createdAt - shift)).toEqual(a.replies.map((r) => r.createdAt));
    expect(b.root.body).toBe(a.root.body);
  });

  it('builds in well under two seconds', () => {
    expect(buildMs).toBeLessThan(2000);
  });
});

describe('demo fixture: shape and sizes', () => {
  it('parses against the Fixture schema', () => {
    expect(() => Fixture.parse(buildDemoFixture({ now: NOW, seed: 99 }))).not.toThrow();
  });

  it('has unique item IDs and message IDs distinct from item IDs', () => {
    const itemIds = new Set(fixture.items.map((i) => i.id));
    expect(itemIds.size).toBe(fixture.items.length);
    const replyIds = fixture.items.flatMap((i) => i.replies.map((r) => r.id));
    expect(new Set(replyIds).size).toBe(replyIds.length);
    for (const id of replyIds) {
      expect(itemIds.has(id)).toBe(false);
      expect(id).toMatch(/^msg_[0-9a-z]{10}$/);
    }
    for (const it of fixture.items) {
      expect(it.id).toMatch(/^itm_[0-9a-z]{10}$/);
      expect(it.root.id).toBe(it.id);
    }
  });

  it('Marketing site has more than 2,000 live threads plus merged duplicates', () => {
    const items = itemsOf('Marketing site');
    expect(live(items).length).toBe(2300);
    expect(items.length - live(items).length).toBeGreaterThan(50);
    expect(projectNamed('Marketing site').repo).toMatch(/^https:\/\/github\.com\//);
  });

  it('sizes the other projects as planned', () => {
    expect(live(itemsOf('Checkout app')).length).toBe(300);
    expect(live(itemsOf('Brand refresh')).length).toBe(120);
    const archived = fixture.projects.filter((p) => p.archived);
    expect(archived).toHaveLength(1);
    expect(fixture.items.filter((i) => i.projectId === archived[0]!.id).length).toBe(20);
    expect(live(itemsOf('Labs playground')).length).toBeGreaterThan(5);
    expect(live(itemsOf('Studio site')).length).toBeGreaterThan(5);
    expect(live(itemsOf('Recipe Box')).length).toBeGreaterThanOrEqual(30);
    expect(live(itemsOf('Storefront')).length).toBeGreaterThanOrEqual(30);
  });

  it('stamps every Checkout thread with source, stamp and sourcePath', () => {
    const items = itemsOf('Checkout app');
    for (const it of items) {
      expect(it.source).not.toBeNull();
      expect(it.source!.file).toMatch(/^src\/.+\.tsx$/);
      expect(it.source!.build).toMatch(/^[0-9a-f]{40}$/);
      expect(it.source!.branch).toBeTruthy();
      expect(it.source!.component).toBeTruthy();
      expect(it.anchor.stampId).toBeTruthy();
      expect(it.anchor.stampKey).toBeTruthy();
      expect(it.sourcePath).not.toBeNull();
      expect(it.sourcePath!.target.file).toBe(it.source!.file);
      expect(it.sourcePath!.above.length).toBeGreaterThan(0);
    }
    const files = new Map<string, number>();
    for (const it of items) files.set(it.source!.file, (files.get(it.source!.file) ?? 0) + 1);
    expect(files.size).toBeGreaterThanOrEqual(20);
    expect(files.has('src/ui/Card.tsx') && files.has('src/checkout/Card.tsx')).toBe(true);
    const counts = [...files.values()].sort((a, b) => b - a);
    // Hotspots: the busiest file has several times the threads of a typical one.
    expect(counts[0]!).toBeGreaterThan(3 * counts[Math.floor(counts.length / 2)]!);
  });

  it('leaves Brand refresh without repo or stamps', () => {
    expect(projectNamed('Brand refresh').repo).toBeNull();
    for (const it of itemsOf('Brand refresh')) {
      expect(it.source).toBeNull();
      expect(it.sourcePath).toBeNull();
      expect(it.anchor.stampId).toBeNull();
      expect(it.anchor.stampKey).toBeNull();
    }
  });

  it('stamps only recent Marketing threads (tool adopted later)', () => {
    const items = itemsOf('Marketing site');
    const stamped = items.filter((i) => i.source !== null);
    expect(stamped.length).toBeGreaterThan(500);
    expect(stamped.length).toBeLessThan(items.length);
    for (const i of stamped) expect(NOW - i.root.createdAt).toBeLessThanOrEqual(140 * DAY);
  });
});

describe('demo fixture: people', () => {
  it('makes "Alex" ambiguous in Acme Web', () => {
    const ws = fixture.workspaces.find((w) => w.name === 'Acme Web')!;
    const names = fixture.memberships
      .filter((m) => m.workspaceId === ws.id)
      .map((m) => fixture.users.find((u) => u.id === m.userId)!.name);
    expect(names.filter((n) => /\balex\b/i.test(n)).sort()).toEqual(['Alex Kim', 'Alex Park']);
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it('only references people who exist, and assignees hold paid seats', () => {
    const users = new Set(fixture.users.map((u) => u.id));
    const wsOf = new Map(fixture.projects.map((p) => [p.id, p.workspaceId]));
    const roleIn = new Map(fixture.memberships.map((m) => [`${m.workspaceId}|${m.userId}`, m.role]));
    for (const it of fixture.items) {
      const ws = wsOf.get(it.projectId)!;
      for (const m of [it.root, ...it.replies]) {
        expect(roleIn.has(`${ws}|${m.authorId}`)).toBe(true);
        for (const u of m.mentions) expect(users.has(u)).toBe(true);
      }
      if (it.assigneeId) expect(['owner', 'admin', 'collaborator']).toContain(roleIn.get(`${ws}|${it.assigneeId}`));
      for (const e of it.events) if (e.by) expect(roleIn.has(`${ws}|${e.by}`)).toBe(true);
    }
  });

  it("never gives an agent two instructions: an assignee's mode is the thread's task when it has one", () => {
    const both = fixture.items.filter((i) => i.agentTask !== null && i.assigneeMode !== null);
    expect(both.length).toBeGreaterThan(0);
    for (const it of both) expect({ id: it.id, mode: it.assigneeMode }).toEqual({ id: it.id, mode: it.agentTask });
  });

  it('writes @Name into the body for every mention', () => {
    const names = new Map(fixture.users.map((u) => [u.id, u.name]));
    let mentions = 0;
    for (const it of fixture.items) {
      for (const m of [it.root, ...it.replies]) {
        for (const u of m.mentions) {
          expect(m.body).toContain(`@${names.get(u)}`);
          mentions++;
        }
      }
    }
    expect(mentions).toBeGreaterThan(100);
  });
});

describe('demo fixture: history', () => {
  it('merged duplicates point at live threads of the same project, with a merge event', () => {
    const byId = new Map(fixture.items.map((i) => [i.id, i]));
    const dups = fixture.items.filter((i) => i.duplicateOf !== null);
    expect(dups.length).toBeGreaterThan(100);
    for (const d of dups) {
      const kept = byId.get(d.duplicateOf!)!;
      expect(kept).toBeDefined();
      expect(kept.duplicateOf).toBeNull();
      expect(kept.projectId).toBe(d.projectId);
      expect(new URL(kept.url).pathname).toBe(new URL(d.url).pathname);
      expect(d.anchor.selector).toBe(kept.anchor.selector);
      const merge = d.events.find((e) => e.kind === 'merge');
      expect(merge?.to).toBe(kept.id);
      expect(merge!.at).toBeGreaterThanOrEqual(d.root.createdAt);
    }
  });

  it('leaves unmerged near-duplicate clusters for a dedupe queue', () => {
    const open = live(itemsOf('Marketing site')).filter((i) => i.status === 'open');
    const groups = new Map<string, Item[]>();
    for (const i of open) {
      const key = `${new URL(i.url).pathname}|${i.anchor.selector}|${i.type}`;
      groups.set(key, [...(groups.get(key) ?? []), i]);
    }
    const prefixed = open.filter((i) => /^(Same here|Also seeing this|Again): /.test(i.root.body));
    expect(prefixed.length).toBeGreaterThan(10);
    const clustered = [...groups.values()].filter((g) => g.length >= 2);
    expect(clustered.length).toBeGreaterThan(10);
  });

  it('spreads threads over about a year, denser recently, with some past the 90-day retention', () => {
    const ages = fixture.items.map((i) => (NOW - i.root.createdAt) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThanOrEqual(366);
    const old = ages.filter((a) => a > 90).length;
    expect(old).toBeGreaterThan(200);
    const lastMonth = ages.filter((a) => a <= 30).length;
    const monthAYearAgo = ages.filter((a) => a > 300 && a <= 330).length;
    expect(lastMonth).toBeGreaterThan(2 * monthAYearAgo);
    expect(ages.filter((a) => a <= 7).length).toBeGreaterThan(50);
  });

  it('keeps every time in the past and in order', () => {
    for (const it of fixture.items) {
      expect(it.root.createdAt).toBeLessThan(NOW);
      expect(it.evidence.capturedAt).toBe(it.root.createdAt);
      let prev = it.root.createdAt;
      for (const r of it.replies) {
        expect(r.createdAt).toBeGreaterThanOrEqual(prev);
        expect(r.createdAt).toBeLessThanOrEqual(NOW);
        if (r.editedAt !== null) expect(r.editedAt).toBeGreaterThan(r.createdAt);
        prev = r.createdAt;
      }
      for (const e of it.events) {
        expect(e.at).toBeGreaterThanOrEqual(it.root.createdAt);
        expect(e.at).toBeLessThanOrEqual(NOW);
      }
      const project = fixture.projects.find((p) => p.id === it.projectId)!;
      expect(it.root.createdAt).toBeGreaterThan(project.createdAt);
    }
  });

  it('mixes statuses, closed by people, with resolvedAt on resolved threads', () => {
    const counts = { open: 0, deferred: 0, resolved: 0 };
    for (const it of fixture.items) {
      counts[it.status]++;
      if (it.status === 'open') continue;
      const last = [...it.events].reverse().find((e) => e.kind === 'status');
      expect(last?.to).toBe(it.status);
      expect(last?.by).toBeTruthy();
      if (it.status === 'resolved') expect(it.resolvedAt).toBe(last!.at);
      else expect(it.resolvedAt).toBeNull();
    }
    expect(counts.open).toBeGreaterThan(500);
    expect(counts.resolved).toBeGreaterThan(500);
    expect(counts.deferred).toBeGreaterThan(100);
  });

  it('explains most deferrals in the last reply, and some not at all', () => {
    const deferred = fixture.items.filter((i) => i.status === 'deferred');
    const explained = deferred.filter((i) =>
      /defer|parking|backlog|blocked|waiting|revisit|scope/i.test(i.replies.at(-1)?.body ?? ''),
    );
    expect(explained.length / deferred.length).toBeGreaterThan(0.6);
    expect(explained.length).toBeLessThan(deferred.length);
  });

  it('ends most resolved threads with a last word by the person who resolved it', () => {
    const resolved = fixture.items.filter((i) => i.status === 'resolved');
    const withWord = resolved.filter((i) => {
      const close = [...i.events].reverse().find((e) => e.kind === 'status')!;
      const last = i.replies.at(-1);
      return last !== undefined && last.authorId === close.by && last.createdAt <= i.resolvedAt!;
    });
    expect(withWord.length / resolved.length).toBeGreaterThan(0.7);
  });

  it('gives the personas something new this week: threads, assignments and mentions', () => {
    const weekAgo = NOW - 7 * DAY;
    const acme = new Set(
      fixture.projects.filter((p) => p.name === 'Marketing site' || p.name === 'Checkout app').map((p) => p.id),
    );
    const recent = fixture.items.filter((i) => acme.has(i.projectId));
    const byName = (n: string) => fixture.users.find((u) => u.name === n)!.id;
    expect(recent.filter((i) => i.root.createdAt > weekAgo).length).toBeGreaterThan(30);
    expect(recent.filter((i) => i.replies.some((r) => r.createdAt > weekAgo)).length).toBeGreaterThan(30);
    for (const name of ['Olivia Owner', 'Adam Admin', 'Cora Collaborator', 'Mia Multi']) {
      const id = byName(name);
      const assigned = recent.filter((i) => i.events.some((e) => e.kind === 'assign' && e.to === id && e.at > weekAgo));
      const mentioned = recent.filter((i) =>
        [i.root, ...i.replies].some((m) => m.createdAt > weekAgo && m.mentions.includes(id)),
      );
      expect(assigned.length, `${name} assigned`).toBeGreaterThan(0);
      expect(mentioned.length, `${name} mentioned`).toBeGreaterThan(0);
    }
  });

  it('retypes some threads by hand with a type event from the AI value', () => {
    const manual = fixture.items.filter((i) => i.typeSource === 'manual');
    expect(manual.length).toBeGreaterThan(50);
    for (const it of manual) {
      const e = it.events.find((x) => x.kind === 'type')!;
      expect(e.by).toBeTruthy();
      expect(e.to).toBe(it.type);
      expect(e.from).not.toBe(it.type);
    }
    expect(fixture.items.filter((i) => i.typeSource === 'ai').length / fixture.items.length).toBeGreaterThan(0.8);
  });

  it('has the richer features somewhere: long discussions, agents, summaries, moves, linear, attachments, reactions', () => {
    const items = fixture.items;
    expect(items.filter((i) => i.replies.length >= 10).length).toBeGreaterThan(20);
    expect(Math.max(...items.map((i) => i.replies.length))).toBeGreaterThanOrEqual(25);
    expect(items.filter((i) => i.replies.some((r) => r.via === 'claude')).length).toBeGreaterThan(50);
    expect(items.filter((i) => i.agentTask !== null).length).toBeGreaterThan(100);
    expect(items.filter((i) => i.assigneeMode !== null).length).toBeGreaterThan(100);
    expect(items.filter((i) => i.summary !== null).length).toBeGreaterThan(300);
    const moved = items.filter((i) => i.movedAt !== null);
    expect(moved.length).toBeGreaterThan(5);
    for (const m of moved) expect(m.events.some((e) => e.kind === 'move' && e.at === m.movedAt)).toBe(true);
    const linear = items.flatMap((i) => i.linear);
    expect(linear.length).toBeGreaterThan(30);
    for (const l of linear) expect(l.identifier).toMatch(/^[A-Z]+-\d+$/);
    expect(new Set(linear.map((l) => l.identifier)).size).toBe(linear.length);
    expect(items.filter((i) => i.attachments.length > 0).length).toBeGreaterThan(50);
    expect(items.filter((i) => i.reactions.length > 0).length).toBeGreaterThan(200);
    expect(items.filter((i) => [i.root, ...i.replies].some((m) => m.editedAt !== null)).length).toBeGreaterThan(50);
  });

  it('saves a few rules per active project, citing threads of the project', () => {
    const ids = new Map(fixture.items.map((i) => [i.id, i.projectId]));
    for (const name of ['Marketing site', 'Checkout app', 'Brand refresh']) {
      const p = projectNamed(name);
      const rules = fixture.rules.filter((r) => r.projectId === p.id);
      expect(rules.length).toBeGreaterThan(0);
      for (const r of rules) {
        expect(r.addedAt).toBeLessThan(NOW);
        for (const s of r.sourceItemIds) expect(ids.get(s)).toBe(p.id);
      }
    }
  });
});

describe('demo fixture: evidence', () => {
  it('captures a screenshot whose element box contains the click point', () => {
    for (const it of fixture.items) {
      const shot = it.evidence.screenshot!;
      expect(shot).not.toBeNull();
      expect(shot.title).toBe(it.pageTitle);
      expect(shot.width).toBe(it.anchor.viewport.width);
      expect(shot.height).toBe(it.anchor.viewport.height);
      const e = shot.element!;
      const cx = it.anchor.viewport.x / 100;
      const cy = it.anchor.viewport.y / 100;
      expect(cx).toBeGreaterThanOrEqual(e.x);
      expect(cx).toBeLessThanOrEqual(e.x + e.w);
      expect(cy).toBeGreaterThanOrEqual(e.y);
      expect(cy).toBeLessThanOrEqual(e.y + e.h);
      expect(e.x).toBeGreaterThanOrEqual(0);
      expect(e.x + e.w).toBeLessThanOrEqual(1.0001);
      expect(e.y + e.h).toBeLessThanOrEqual(1.0001);
    }
  });

  it('stores redacted markup: no emails, no multi-digit numbers', () => {
    for (const it of fixture.items) {
      const dom = it.evidence.domContext!;
      expect(dom.startsWith('<')).toBe(true);
      expect(dom).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      // Tag names like h3 may hold digits; text and attribute values may not.
      expect(dom.replace(/<\/?[a-z][a-z0-9]*/gi, '<')).not.toMatch(/\d/);
    }
    expect(fixture.items.some((i) => i.evidence.domContext!.includes('[redacted]'))).toBe(true);
  });

  it('uses realistic page URLs on the project site', () => {
    const sites = new Map(fixture.projects.map((p) => [p.id, p.siteUrl]));
    const pages = new Set<string>();
    for (const it of itemsOf('Marketing site')) {
      expect(it.url.startsWith(sites.get(it.projectId)!)).toBe(true);
      pages.add(new URL(it.url).pathname);
    }
    expect(pages.has('/')).toBe(true);
    expect(pages.has('/pricing')).toBe(true);
    expect([...pages].some((p) => p.startsWith('/blog/'))).toBe(true);
    expect(itemsOf('Checkout app').some((i) => new URL(i.url).pathname === '/checkout/payment')).toBe(true);
  });
});
