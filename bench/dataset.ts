import { buildPeople, membersOf, workspaceId } from '../src/server/demo/personas.js';
import { PROJECT_PLANS, type ProjectPlan } from '../src/server/demo/projects.js';
import { IdFactory, Rng } from '../src/server/demo/random.js';
import { BuildHistory } from '../src/server/demo/source-stamps.js';
import { normalThread, repeatOf, type GeneratedThread, type ProjectContext } from '../src/server/demo/threads.js';
import type { Fixture } from '../src/server/fixture/schema.js';
import { LIMITS } from '#shared/api/index.js';

/**
 * Benchmark worlds: the demo's people and tokens, and one project of `threads` live threads
 * written by the demo's thread generator (real sentences, replies, events, stamps), so the
 * service reads data shaped like production rather than uniform filler.
 *
 * Every world starts with the same 2,000 most recent threads (same seed, same draws); a
 * larger world only adds older threads behind them. The scan window of the 2,000-thread and
 * the 100,000-thread project is therefore the same data, and any difference between their
 * figures is the cost of project size alone.
 */

/** Bump when the generated data changes: cached databases are keyed by it. */
export const DATASET_VERSION = 3;
export const BENCH_SEED = 3_000_001;
export const BENCH_TOKEN = 'demo-owner';

/** The Checkout app plan: every thread stamped, so source hotspots have files to rank. */
const BASE_PLAN: ProjectPlan = PROJECT_PLANS.find((p) => p.key === 'checkout-app') ?? PROJECT_PLANS[0]!;
const DAY_MS = 86_400_000;
/** The recent threads: as many as one scan window holds. */
const RECENT = LIMITS.scanLimit;
/** Older threads are spread at this many a day before the oldest recent one. */
const OLD_PER_DAY = 250;
/** Share of extra reports merged into kept threads (hidden from lists, counted in reportCount). */
const MERGED_SHARE = 0.02;

/** The site the bench project's threads are pinned to (a create must name one of its pages). */
export const BENCH_SITE_URL = BASE_PLAN.siteUrl;

/**
 * People of the bench project's workspace who wrote none of its threads, each with a token:
 * the bench's creates go through them in turn. Creates are limited per person (20 per 10
 * minutes, domain/item-create.ts), so their number bounds the creates of one world.
 */
export const BENCH_WRITERS = Array.from({ length: 12 }, (_, i) => `bench-writer-${i}`);
export const CREATES_PER_WRITER = 20;

export function benchProjectId(threads: number): string {
  return `prj_bench_${threads}`;
}

/** `count` fresh threads, then merged duplicates of some of them (extra rows: live stays `count`). */
function generate(ctx: ProjectContext, count: number): GeneratedThread[] {
  const base: GeneratedThread[] = [];
  for (let i = 0; i < count; i++) base.push(normalThread(ctx));
  const older = base.filter((t) => ctx.now - t.item.root.createdAt > 2 * DAY_MS);
  const merged: GeneratedThread[] = [];
  for (let i = 0; i < Math.round(count * MERGED_SHARE) && older.length > 0; i++)
    merged.push(repeatOf(ctx, ctx.rng.pick(older), 'duplicate'));
  return [...base, ...merged];
}

/** The generator's context for a bench project, every stream seeded from `seed` (`BENCH_SEED` unless a bench asks for another draw). */
export function benchContext(plan: ProjectPlan, now: number, seed: number = BENCH_SEED): ProjectContext {
  const rng = new Rng(seed);
  const members = membersOf(plan.workspace);
  return {
    plan,
    now,
    rng,
    ids: new IdFactory(rng.fork('ids')),
    members,
    paid: members.filter((m) => m.role !== 'reviewer'),
    builds: new BuildHistory(rng.fork('builds'), plan.createdDaysAgo),
    linear: { next: 101 },
    templateCache: new Map(),
  };
}

export function buildBenchFixture(threads: number, now: number): Fixture {
  const plan: ProjectPlan = {
    ...BASE_PLAN,
    id: benchProjectId(threads),
    name: `Bench ${threads}`,
    slug: `bench-${threads}`,
    live: threads,
    rules: [],
  };
  const ctx = benchContext(plan, now);
  const recent = generate(ctx, Math.min(threads, RECENT));
  const oldCount = threads - Math.min(threads, RECENT);
  const oldFrom = plan.ageDays[1] + 1;
  const oldTo = oldFrom + Math.ceil(oldCount / OLD_PER_DAY);
  // Same streams, continued: the recent part above is identical whatever the world's size.
  const old = oldCount > 0 ? generate({ ...ctx, plan: { ...plan, ageDays: [oldFrom, oldTo] } }, oldCount) : [];
  const items = [...recent, ...old]
    .map((t) => t.item)
    .sort((a, b) => a.root.createdAt - b.root.createdAt || (a.id < b.id ? -1 : 1));

  const people = buildPeople(now);
  const writers = BENCH_WRITERS.map((token) => ({ token, userId: `usr_${token.replaceAll('-', '_')}` }));
  return {
    version: 1,
    ...people,
    users: [
      ...people.users,
      ...writers.map((w, i) => ({ id: w.userId, name: `Bench Writer ${i}`, email: `${w.token}@bench.example` })),
    ],
    tokens: [
      ...people.tokens,
      ...writers.map((w) => ({
        token: w.token,
        userId: w.userId,
        kind: 'personal' as const,
        label: 'Bench writer',
        expiresAt: null,
        revokedAt: null,
      })),
    ],
    memberships: [
      ...people.memberships,
      ...writers.map((w) => ({
        workspaceId: workspaceId(plan.workspace),
        userId: w.userId,
        role: 'collaborator' as const,
      })),
    ],
    projects: [
      {
        id: plan.id,
        workspaceId: workspaceId(plan.workspace),
        name: plan.name,
        slug: plan.slug,
        repo: plan.repo,
        archived: false,
        siteUrl: plan.siteUrl,
        context: plan.context,
        createdAt: now - Math.max(plan.createdDaysAgo, oldTo + 1) * DAY_MS,
      },
    ],
    items,
    rules: [],
  };
}
