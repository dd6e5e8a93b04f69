/**
 * Lean mode (`shapes: 'minimal'`, docs/api-decisions.md "Lean mode"): the real service over
 * the demo dataset, asked over HTTP in both modes on one database. Minimal answers carry
 * only what the live service's own client needs; full answers keep the strict contract.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '#shared/api/index.js';
import { createServer } from '../../src/server/app.js';
import { buildDemoFixture } from '../../src/server/demo/index.js';
import { loadFixture } from '../../src/server/fixture/load.js';
import type { Shapes } from '../../src/server/http/lean-shapes.js';
import { type Db } from '../../src/server/storage/open.js';
import { writeTransaction } from '../../src/server/storage/write-transaction.js';
import { openTestDatabase } from './support/test-database.js';
import { TestClock } from './support/harness.js';
import { baseWorld, NOW, TOKENS, type Loose } from './support/world.js';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Loose;
}
interface Http {
  get(path: string, token?: string): Promise<Answer>;
  post(path: string, body: unknown, token?: string): Promise<Answer>;
}

const OWNER = 'demo-owner';
const HOUR = 3_600_000;
const apps: FastifyInstance[] = [];
let db: Db;
let lean: Http;
let full: Http;
/** A server built without the option: full mode must answer byte for byte like it. */
let plain: Http;
let projectId: string;

/** Generous rate limits: this file sends a few hundred requests with one token at a fixed time. */
async function serve(shapes: Shapes | undefined, clock: TestClock): Promise<Http> {
  const app = createServer({
    db,
    clock,
    rateLimit: { perMinute: 100_000, burst: 100_000 },
    ...(shapes ? { shapes } : {}),
  });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const answer = async (r: Response): Promise<Answer> => {
    const text = await r.text();
    return { status: r.status, headers: r.headers, text, body: JSON.parse(text) };
  };
  const auth = (token: string | undefined): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    get: async (path, token = OWNER) => answer(await fetch(base + path, { headers: auth(token) })),
    post: async (path, body, token = OWNER) =>
      answer(
        await fetch(base + path, {
          method: 'POST',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
  };
}

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  await loadFixture(db, buildDemoFixture({ now: NOW }));
  const clock = new TestClock(NOW);
  [lean, full, plain] = await Promise.all([serve('minimal', clock), serve('full', clock), serve(undefined, clock)]);
  const projects = (await full.get('/projects')).body.projects as Loose[];
  // The busiest project of the owner's own workspace whose threads all fit the scan window
  // (so a new thread adds to its counts).
  let most = -1;
  for (const p of projects.filter((x) => x.workspace.name === 'Acme Web')) {
    const list = (await full.get(`/items?projectId=${p.id}&limit=1`)).body;
    if (!list.capped && list.summary.total > most) [most, projectId] = [list.summary.total, p.id];
  }
  expect(most).toBeGreaterThan(50);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await db.destroy();
});

const keys = (o: Loose) => Object.keys(o).sort();
/** Every message or row of a list, and a message's key set, for report assertions. */
const noKey = (list: Loose[], ...names: string[]) => {
  for (const x of list)
    for (const n of names) expect(x, `${n} in ${JSON.stringify(x).slice(0, 120)}`).not.toHaveProperty(n);
};

/** The body of a 200 answer. */
function ok(a: Answer): Loose {
  expect(a.status).toBe(200);
  return a.body;
}

/** A full answer's body holds the strict contract shape of its endpoint. */
function strict(name: EndpointName, body: Loose): void {
  const parsed = ENDPOINTS[name].response.safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
}

async function both(path: string): Promise<{ min: Loose; max: Loose; fullText: string }> {
  const [m, f] = await Promise.all([lean.get(path), full.get(path)]);
  expect(m.status).toBe(200);
  expect(f.status).toBe(200);
  return { min: m.body, max: f.body, fullText: f.text };
}

describe('full mode is the default and changes nothing', () => {
  it('answers byte for byte like a server built without the option', async () => {
    const paths = [
      '/workspaces',
      '/projects',
      `/items?projectId=${projectId}`,
      `/items?projectId=${projectId}&status=open`,
      `/review?projectId=${projectId}`,
      `/decisions?projectId=${projectId}`,
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([full.get(path), plain.get(path)]);
      expect(a.status).toBe(200);
      expect(a.text).toBe(b.text);
    }
  });
});

describe('directory', () => {
  it('GET /workspaces: {id, name, role, projectCount} per workspace and you null', async () => {
    const { min, max } = await both('/workspaces');
    strict('listWorkspaces', max);
    expect(max.you).not.toBeNull();
    expect(min.you).toBeNull();
    expect(min.total).toBe(max.total);
    expect(min.workspaces.length).toBe(max.workspaces.length);
    for (const w of min.workspaces) expect(keys(w)).toEqual(['id', 'name', 'projectCount', 'role']);
  });

  it('GET /projects: no lastActivityAt', async () => {
    const { min, max } = await both('/projects');
    strict('listProjects', max);
    expect(min.projects.length).toBe(max.projects.length);
    noKey(min.projects, 'lastActivityAt');
    expect(min.projects[0]).toMatchObject({ id: max.projects[0].id, name: max.projects[0].name });
  });

  it('GET /members: every email empty', async () => {
    const { min, max } = await both(`/members?projectId=${projectId}`);
    strict('listMembers', max);
    expect(max.members.some((m: Loose) => m.email !== '')).toBe(true);
    expect(min.members.length).toBe(max.members.length);
    for (const m of min.members) expect(m.email).toBe('');
  });
});

describe('items', () => {
  it('GET /items: lean rows and envelope, null assignee when unassigned', async () => {
    const { min, max } = await both(`/items?projectId=${projectId}&limit=200`);
    strict('listItems', max);
    expect(max).toHaveProperty('capped');
    for (const k of ['capped', 'scanLimit']) expect(min).not.toHaveProperty(k);
    expect(min.summary).not.toHaveProperty('deferred');
    expect(min.summary).toMatchObject({
      total: max.summary.total,
      open: max.summary.open,
      resolved: max.summary.resolved,
    });
    expect(min.items.map((r: Loose) => r.id)).toEqual(max.items.map((r: Loose) => r.id));
    noKey(min.items, 'excerptSource', 'reportCount', 'agentTask');
    const unassigned = min.items.filter((r: Loose) => r.assigneeId === null);
    expect(unassigned.length).toBeGreaterThan(0);
    for (const r of unassigned) expect(r.assignee).toBeNull();
    for (const r of max.items.filter((x: Loose) => x.assigneeId === '')) expect(r.assignee).toBe('');
    const assigned = min.items.find((r: Loose) => r.assigneeId !== null);
    expect(typeof assigned.assignee).toBe('string');
  });

  it('the 200 list cached as bytes is rewritten too (second identical request)', async () => {
    const path = `/items?projectId=${projectId}&status=open`;
    const first = await lean.get(path);
    const second = await lean.get(path);
    expect(second.text).toBe(first.text);
    expect(second.body).not.toHaveProperty('scanLimit');
  });

  it('GET /items/{id}: lean detail, sky keys, {file, line} source, partial evidence', async () => {
    const rows = (await full.get(`/items?projectId=${projectId}&limit=60`)).body.items as Loose[];
    let checked = 0;
    let stamped = 0;
    for (const r of rows) {
      const [m, f] = await Promise.all([lean.get(`/items/${r.id}`), full.get(`/items/${r.id}`)]);
      strict('getItem', ok(f));
      const min = m.body;
      const max = f.body;
      for (const k of [
        'linear',
        'reactions',
        'attachments',
        'project',
        'sourcePath',
        'movedAt',
        'sourceUrl',
        'pageTitle',
        'reportCount',
        'duplicateOf',
        'typeSource',
        'createdAt',
        'resolvedAt',
      ]) {
        expect(min).not.toHaveProperty(k);
      }
      expect(min).toMatchObject({ id: max.id, page: max.page, url: max.url, status: max.status, type: max.type });
      for (const msg of [min.thread.root, ...min.thread.replies])
        expect(keys(msg)).toEqual(['author', 'content', 'createdAt']);
      expect(min.thread.replies.length).toBe(max.thread.replies.length);
      expect(min.anchor).not.toHaveProperty('stampId');
      expect(min.anchor).not.toHaveProperty('stampKey');
      if (max.anchor.stampId !== undefined) {
        stamped++;
        expect(min.anchor.skyId).toBe(max.anchor.stampId);
        expect(min.anchor.skyKey).toBe(max.anchor.stampKey);
      }
      if (max.source === null) expect(min.source).toBeNull();
      else expect(min.source).toEqual({ file: max.source.file, line: max.source.line });
      // Screenshot URLs point back at the host asked, and the two servers differ in port.
      const path = (url: string | null) => (url === null ? null : new URL(url).pathname);
      expect(keys(min.evidence)).toEqual(['expired', 'screenshotUrl']);
      expect({ ...min.evidence, screenshotUrl: path(min.evidence.screenshotUrl) }).toEqual({
        screenshotUrl: path(max.evidence.screenshotUrl),
        expired: max.evidence.expired,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    expect(stamped).toBeGreaterThan(0);
  });
});

describe('a thread created through POST /items/create is untyped in lean mode', () => {
  let pinId: string;
  let before: { min: Loose; max: Loose };

  beforeAll(async () => {
    before = await both(`/items?projectId=${projectId}`);
    const project = (await full.get('/projects')).body.projects.find((p: Loose) => p.id === projectId);
    const site = (await full.get(`/items/${before.max.items[0].id}`)).body.url as string;
    const created = await lean.post('/items/create', {
      projectId: project.id,
      url: new URL('/lean-mode-check', site).href,
      body: 'The lean mode check button does nothing.',
    });
    expect(created.status).toBe(200);
    expect(keys(created.body)).toEqual(['pinId', 'postedAs']);
    pinId = created.body.pinId;
  });

  it('reads back with type null in GET /items and GET /items/{id}, and full mode still has its stored type', async () => {
    const { min, max } = await both(`/items?projectId=${projectId}`);
    strict('listItems', max);
    const row = min.items.find((r: Loose) => r.id === pinId);
    expect(row).toBeDefined();
    expect(row.type).toBeNull();
    expect(max.items.find((r: Loose) => r.id === pinId).type).toBe('feedback');

    const detail = await lean.get(`/items/${pinId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.type).toBeNull();
    expect(detail.body.evidence).toEqual({ screenshotUrl: null, expired: false });
    const fullDetail = await full.get(`/items/${pinId}`);
    strict('getItem', ok(fullDetail));
    expect(fullDetail.body).toMatchObject({ type: 'feedback', typeSource: 'default' });
  });

  it('is not counted in summary.byType (full mode counts it)', async () => {
    const { min, max } = await both(`/items?projectId=${projectId}`);
    expect(max.summary.total).toBe(before.max.summary.total + 1);
    expect(min.summary.total).toBe(max.summary.total);
    expect(max.summary.byType.feedback).toBe((before.max.summary.byType.feedback ?? 0) + 1);
    expect(min.summary.byType).toEqual(before.min.summary.byType);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(min.summary.byType)).toBe(min.summary.total - 1);
  });

  it('is a null-typed Row in reports, and not counted in the review by type', async () => {
    const news = await both(`/whats-new?projectId=${projectId}&since=${NOW - HOUR}`);
    strict('whatsNew', news.max);
    expect(news.min.newThreads.find((r: Loose) => r.id === pinId).type).toBeNull();
    expect(news.max.newThreads.find((r: Loose) => r.id === pinId).type).toBe('feedback');

    const review = await both(`/review?projectId=${projectId}`);
    const total = (list: Loose[], key: string) => list.find((t) => t.key === key)?.total ?? 0;
    expect(total(review.min.byType, 'feedback')).toBe(total(review.max.byType, 'feedback') - 1);
    const open = await both(`/review?projectId=${projectId}&section=open&offset=0`);
    const all: Loose[] = [...open.min.open];
    for (let next = open.min.pages.open.nextOffset; next !== null;) {
      const page = (await lean.get(`/review?projectId=${projectId}&section=open&offset=${next}`)).body;
      all.push(...page.open);
      next = page.pages.open.nextOffset;
    }
    expect(all.find((r) => r.id === pinId).type).toBeNull();

    const similar = await lean.post('/similar', {
      projectId,
      text: 'The lean mode check button does nothing.',
      limit: 20,
    });
    expect(similar.status).toBe(200);
    expect(similar.body.candidates.find((c: Loose) => c.id === pinId).type).toBeNull();
  });
});

describe('writes', () => {
  let threadId: string;
  let otherId: string;
  beforeAll(async () => {
    const rows = (await full.get(`/items?projectId=${projectId}&status=open&limit=5`)).body.items as Loose[];
    threadId = rows[0].id;
    otherId = rows[1].id;
  });

  it('POST /items/update answers only {pinId, postedAs}', async () => {
    const m = await lean.post('/items/update', { itemId: threadId, body: 'Looking at it, @me.', mentions: ['me'] });
    expect(m.status).toBe(200);
    expect(keys(m.body)).toEqual(['pinId', 'postedAs']);
    const f = await full.post('/items/update', { itemId: threadId, body: 'Still looking.', mentions: ['me'] });
    strict('postUpdate', ok(f));
    expect(f.body.mentioned.length).toBe(1);
  });

  it('status, assign and merge keep their essential fields', async () => {
    const s = await lean.post('/items/status', { itemId: threadId, status: 'deferred' });
    expect(s.body).toEqual({ status: 'deferred', changed: true });
    strict('setStatus', ok(await full.post('/items/status', { itemId: threadId, status: 'open' })));
    const a = await lean.post('/items/assign', { itemId: threadId, assignee: 'me' });
    expect(keys(a.body)).toEqual(['assignedTo', 'changed']);
    strict('assign', ok(await full.post('/items/assign', { itemId: threadId, assignee: null })));
    const g = await lean.post('/items/merge', { itemId: threadId, duplicateIds: [otherId] });
    expect(g.body).toEqual({ merged: 1, canonicalId: threadId });
  });

  it('POST /rules answers without cited; a duplicate stays {saved: false, duplicate: true}', async () => {
    const rule = 'Checkout copy issues are always typed as content.';
    const m = await lean.post('/rules', { projectId, rule, sourceItemIds: [threadId] });
    expect(m.status).toBe(200);
    expect(m.body).toEqual({ saved: true, rule });
    const again = await full.post('/rules', { projectId, rule });
    strict('saveRule', ok(again));
    expect(again.body).toEqual({ saved: false, duplicate: true });
    expect((await lean.post('/rules', { projectId, rule })).body).toEqual({ saved: false, duplicate: true });
    const fresh = await full.post('/rules', {
      projectId,
      rule: 'Footer issues go to the web team.',
      sourceItemIds: [threadId],
    });
    strict('saveRule', ok(fresh));
    expect(fresh.body.cited).toEqual([threadId]);
  });
});

describe('reports', () => {
  const rowKeys = ['lineSource', 'typeLabel'];

  it('GET /whats-new: Rows without lineSource, Messages without via', async () => {
    const { min, max } = await both(`/whats-new?projectId=${projectId}&since=${NOW - 30 * 24 * HOUR}`);
    strict('whatsNew', max);
    expect(min.counts).toEqual(max.counts);
    for (const list of ['newThreads', 'newReplies', 'resolved', 'deferred', 'assignedToYou']) {
      expect(min[list].length).toBe(max[list].length);
      noKey(min[list], ...rowKeys);
    }
    expect(max.newReplies.length).toBeGreaterThan(0);
    noKey(
      min.newReplies.flatMap((r: Loose) => r.replies),
      'via',
    );
    noKey(
      min.mentionsYou.map((m: Loose) => m.mention),
      'via',
    );
    noKey(
      min.mentionsYou.flatMap((m: Loose) => (m.thread ? [m.thread] : [])),
      ...rowKeys,
    );
  });

  it('GET /review: overview and every section lean', async () => {
    const { min, max } = await both(`/review?projectId=${projectId}`);
    strict('review', max);
    expect(min.counts).toEqual(max.counts);
    for (const section of ['resolved', 'deferred', 'open', 'discussions']) {
      expect(min[section].length).toBe(max[section].length);
      noKey(min[section], ...rowKeys);
    }
    const messages = [
      ...min.resolved.flatMap((r: Loose) => (r.lastWord ? [r.lastWord] : [])),
      ...min.deferred.flatMap((r: Loose) => (r.reason ? [r.reason] : [])),
      ...min.discussions.flatMap((d: Loose) => [d.opening, ...d.replies]),
    ];
    expect(messages.length).toBeGreaterThan(0);
    noKey(messages, 'via');
    const page = await both(`/review?projectId=${projectId}&section=discussions&offset=0`);
    strict('review', page.max);
    noKey(page.min.discussions, ...rowKeys);
  });

  it('GET /decisions: no workspaceInstructions, replies older than since answered at 0', async () => {
    const { min, max } = await both(`/decisions?projectId=${projectId}`);
    strict('decisions', max);
    expect(keys(min.rules)).toEqual(['projectContext']);
    expect(typeof min.rules.projectContext).toBe('string');
    expect(min.decisions.length).toBe(max.decisions.length);
    noKey(min.decisions, ...rowKeys);
    noKey(
      min.decisions.flatMap((d: Loose) => [d.question, ...d.conversation]),
      'via',
    );
    // Without since no time is touched.
    expect(min.decisions.map((d: Loose) => d.conversation.map((m: Loose) => m.at))).toEqual(
      max.decisions.map((d: Loose) => d.conversation.map((m: Loose) => m.at)),
    );

    const d = max.decisions.find((x: Loose) => x.conversation.some((m: Loose) => m.at < x.decidedAt - 1));
    expect(d).toBeDefined();
    const since = d.decidedAt - 1;
    const windowed = await both(`/decisions?projectId=${projectId}&since=${since}`);
    strict('decisions', windowed.max);
    const leanD = windowed.min.decisions.find((x: Loose) => x.id === d.id);
    const fullD = windowed.max.decisions.find((x: Loose) => x.id === d.id);
    fullD.conversation.forEach((m: Loose, i: number) => expect(leanD.conversation[i].at).toBe(m.at < since ? 0 : m.at));
    expect(leanD.conversation.some((m: Loose) => m.at === 0)).toBe(true);
  });

  it('GET /decisions: an empty project context is null', async () => {
    // Every demo project has a context: one of them loses it (and its rules) here.
    const other = ((await full.get('/projects')).body.projects as Loose[]).find((p) => p.id !== projectId);
    const before = await both(`/decisions?projectId=${other.id}`);
    expect(before.min.rules.projectContext).toBe(before.max.rules.projectContext);
    // Through writeTransaction, as any write: the project's version moves, so its cached record goes.
    await writeTransaction(db, { projectId: other.id }, async (t) => {
      await t.updateTable('projects').set({ context: '' }).where('id', '=', other.id).execute();
      await t.deleteFrom('rules').where('project_id', '=', other.id).execute();
    });
    const { min, max } = await both(`/decisions?projectId=${other.id}`);
    strict('decisions', max);
    expect(max.rules.projectContext).toBe('');
    expect(min.rules).toEqual({ projectContext: null });
  });

  it('GET /source and POST /similar: lean Rows', async () => {
    const hot = await both(`/source?projectId=${projectId}`);
    strict('findBySource', hot.max);
    expect(hot.min).toEqual(hot.max);
    const file = hot.max.files[0].file;
    const matches = await both(`/source?projectId=${projectId}&file=${encodeURIComponent(file)}`);
    strict('findBySource', matches.max);
    expect(matches.min.items.length).toBeGreaterThan(0);
    noKey(matches.min.items, ...rowKeys);
    const text = { projectId, text: 'checkout button broken' };
    const [m, f] = await Promise.all([lean.post('/similar', text), full.post('/similar', text)]);
    strict('findSimilar', ok(f));
    expect(m.body.candidates.map((c: Loose) => c.id)).toEqual(f.body.candidates.map((c: Loose) => c.id));
    noKey(m.body.candidates, ...rowKeys);
  });
});

describe('refusals keep only the fields the seed names', () => {
  it('400 invalid input and 404: {error} only', async () => {
    const bad = await Promise.all([
      lean.get(`/items?projectId=${projectId}&limit=9999`),
      full.get(`/items?projectId=${projectId}&limit=9999`),
    ]);
    expect(bad.map((a) => a.status)).toEqual([400, 400]);
    expect(bad[1].body).toHaveProperty('reason', 'invalid_request');
    expect(bad[0].body).toEqual({ error: bad[1].body.error });
    const missing = await lean.get('/items/itm_nope');
    expect(missing.status).toBe(404);
    expect(keys(missing.body)).toEqual(['error']);
  });

  it('400 for a reply ID keeps parentId; ambiguous and merge refusals lose their codes', async () => {
    const rows = (await full.get(`/items?projectId=${projectId}&limit=50`)).body.items as Loose[];
    const withReplies = rows.find((r) => r.replyCount > 0);
    const detail = (await full.get(`/items/${withReplies.id}`)).body;
    const replyId = detail.thread.replies[0].id as string;
    const [m, f] = await Promise.all([lean.get(`/items/${replyId}`), full.get(`/items/${replyId}`)]);
    expect(m.status).toBe(400);
    expect(f.body).toHaveProperty('reason');
    expect(m.body).toEqual({ error: f.body.error, parentId: withReplies.id });

    const merge = { itemId: withReplies.id, duplicateIds: [withReplies.id] };
    const [mm, fm] = await Promise.all([lean.post('/items/merge', merge), full.post('/items/merge', merge)]);
    expect(mm.status).toBe(fm.status);
    expect(fm.body).toHaveProperty('reason');
    expect(mm.body).toEqual({ error: fm.body.error });
  });

  it('403 billing body keeps kind, feature, reason and message, with numeric limit and used', async () => {
    const [m, f] = await Promise.all([lean.get('/projects', 'demo-reviewer'), full.get('/projects', 'demo-reviewer')]);
    expect([m.status, f.status]).toEqual([403, 403]);
    expect(f.body).toMatchObject({ limit: null, used: null });
    expect(m.body).toEqual({
      error: f.body.error,
      kind: 'billing_limit',
      feature: 'agent_tools',
      reason: 'no_seat',
      message: f.body.message,
      limit: 0,
      used: 0,
    });
  });

  it('401 keeps its sentence and the WWW-Authenticate header', async () => {
    const m = await lean.get('/workspaces', 'not-a-token');
    expect(m.status).toBe(401);
    expect(keys(m.body)).toEqual(['error']);
    expect(m.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});

describe('npm run server -- --shapes', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const cli = (args: string[]) => ['--import', 'tsx', path.join(root, 'src/server/cli.ts'), ...args];

  it('a bad value is a usage error (exit 2) naming the accepted ones; --help lists the flag', () => {
    const bad = spawnSync(process.execPath, cli(['--shapes', 'sideways']), { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--shapes must be full or minimal, not "sideways".');
    const help = spawnSync(process.execPath, cli(['--help']), { cwd: root, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--shapes MODE +Answer shapes: full \(default/);
  });

  it('--shapes minimal serves lean answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-lean-'));
    const file = path.join(dir, 'world.json');
    fs.writeFileSync(file, JSON.stringify(baseWorld()));
    const child = spawn(
      process.execPath,
      cli(['--port', '0', '--data', path.join(dir, 'data'), '--fixture', file, '--shapes', 'minimal']),
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const url = await new Promise<string>((ok, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) ok(m[1]!);
        });
        child.once('exit', (code) => fail(new Error(`exited ${code} before listening: ${out}`)));
      });
      expect(out).toContain('minimal answer shapes');
      const res = await fetch(`${url}/api/v1/workspaces`, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Loose;
      expect(body.you).toBeNull();
      for (const w of body.workspaces) expect(keys(w)).toEqual(['id', 'name', 'projectCount', 'role']);
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
