import type { Fixture, FixtureInput } from '../fixture/schema.js';
import { DAY_MS } from './history.js';
import { buildPeople, membersOf, userId, workspaceId } from './personas.js';
import { PROJECT_PLANS, type ProjectPlan } from './projects.js';
import { IdFactory, Rng } from './random.js';
import { BuildHistory } from './source-stamps.js';
import { normalThread, repeatOf, type GeneratedThread, type ProjectContext } from './threads.js';

/** The seed used when none is given; the demo script and tests share it. */
export const DEFAULT_DEMO_SEED = 20_260_101;

type Item = Fixture['items'][number];
type Rule = Fixture['rules'][number];

/**
 * The whole demo scenario: personas and tokens, five workspaces, eight projects and about
 * three thousand threads with a year of history. Pure function of (now, seed): all times
 * are offsets back from `now`, all randomness comes from the seeded stream.
 */
export function buildDemoFixture(opts: { now: number; seed?: number }): FixtureInput {
  const now = Math.floor(opts.now);
  const root = new Rng(opts.seed ?? DEFAULT_DEMO_SEED);
  const ids = new IdFactory(root.fork('ids'));
  const people = buildPeople(now);
  const projects: Fixture['projects'] = [];
  const items: Item[] = [];
  const rules: Rule[] = [];
  // Linear numbers are shared per workspace team prefix, as in one Linear workspace.
  const linearCounters = new Map<string, { next: number }>();

  for (const plan of PROJECT_PLANS) {
    const rng = root.fork(`project:${plan.key}`);
    const members = membersOf(plan.workspace);
    const ctx: ProjectContext = {
      plan,
      now,
      rng,
      ids,
      members,
      paid: members.filter((m) => m.role !== 'reviewer'),
      builds: new BuildHistory(rng.fork('builds'), plan.createdDaysAgo),
      linear: linearCounter(linearCounters, plan.linearPrefix),
      templateCache: new Map(),
    };
    projects.push({
      id: plan.id,
      workspaceId: workspaceId(plan.workspace),
      name: plan.name,
      slug: plan.slug,
      repo: plan.repo,
      archived: plan.archived,
      siteUrl: plan.siteUrl,
      context: plan.context,
      createdAt: now - plan.createdDaysAgo * DAY_MS,
    });
    const threads = projectThreads(ctx);
    threads.sort((a, b) => a.item.root.createdAt - b.item.root.createdAt || (a.item.id < b.item.id ? -1 : 1));
    for (const t of threads) items.push(t.item);
    rules.push(...projectRules(plan, threads, now));
  }

  const fixture: Fixture = { version: 1, ...people, projects, items, rules };
  return fixture;
}

function linearCounter(counters: Map<string, { next: number }>, prefix: string | null): { next: number } {
  if (!prefix) return { next: 1 };
  let c = counters.get(prefix);
  if (!c) {
    c = { next: 101 };
    counters.set(prefix, c);
  }
  return c;
}

/**
 * Base threads first, then the duplicate clusters built on them: merged ones (extra reports
 * hidden behind a kept thread) and unmerged ones (near-identical open threads left for the
 * dedupe queue). Unmerged extras count as live, so the base is shrunk to keep `live` exact.
 */
function projectThreads(ctx: ProjectContext): GeneratedThread[] {
  const { plan, rng, now } = ctx;
  const unmergedSizes = Array.from({ length: plan.unmergedClusters }, () =>
    rng.weighted([
      [1, 5],
      [2, 3],
      [3, 1],
    ] as const),
  );
  const baseCount = plan.live - unmergedSizes.reduce((a, b) => a + b, 0);
  const base: GeneratedThread[] = [];
  for (let i = 0; i < baseCount; i++) base.push(normalThread(ctx));

  const out = base.slice();
  const used = new Set<string>();
  const canonicalPool = base.filter((t) => now - t.item.root.createdAt > 2 * DAY_MS);
  for (let c = 0; c < plan.mergedClusters && canonicalPool.length > 0; c++) {
    const kept = pickUnused(rng, canonicalPool, used);
    if (!kept) break;
    const n = rng.weighted([
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
      [6, 1],
    ] as const);
    for (let k = 0; k < n; k++) out.push(repeatOf(ctx, kept, 'duplicate'));
  }

  const recentOpen = base.filter((t) => t.item.status === 'open' && now - t.item.root.createdAt < 60 * DAY_MS);
  const fallback = base.filter((t) => now - t.item.root.createdAt > DAY_MS);
  for (const size of unmergedSizes) {
    const original = pickUnused(rng, recentOpen, used) ?? pickUnused(rng, fallback, used) ?? rng.pick(base);
    for (let k = 0; k < size; k++) out.push(repeatOf(ctx, original, 'near-duplicate'));
  }
  return out;
}

function pickUnused(rng: Rng, pool: GeneratedThread[], used: Set<string>): GeneratedThread | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const t = rng.pick(pool);
    if (!used.has(t.item.id)) {
      used.add(t.item.id);
      return t;
    }
  }
  return null;
}

function projectRules(plan: ProjectPlan, threads: GeneratedThread[], now: number): Rule[] {
  return plan.rules.map((r) => {
    const addedAt = now - r.daysAgo * DAY_MS;
    const cited = threads
      .filter((t) => t.item.type === r.type && t.item.duplicateOf === null && t.item.root.createdAt < addedAt)
      .slice(-3)
      .map((t) => t.item.id);
    return { projectId: plan.id, text: r.text, addedBy: userId(r.by), addedAt, sourceItemIds: cited };
  });
}
