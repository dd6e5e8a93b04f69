import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { workingDatabase } from './fixtures.js';
import type { Budget } from './measure.js';
import { figuresTable, growthOf, growthTable, type Growth, type Row } from './report.js';
import { runPostgresBench } from './postgres.js';
import {
  isBaseline,
  itemsAndFloor,
  readAfterWrite,
  record as recordWith,
  rowsOf,
  timedWrites,
} from './service-figures.js';
import {
  closeWorld,
  CREATES_PER_WORLD,
  ENDPOINTS,
  openWorld,
  PAUSE,
  WRITES,
  type Endpoint,
  type World,
  type Write,
} from './service-world.js';
import { formatPacingLine, runPacingBench } from './pacing.js';
import { formatRendererTable, runRendererBench } from './renderer/index.js';
import { formatGroupsRuns, runDedupeGroupsBenches } from './renderer/dedupe-groups.js';
import { runEvidenceBench } from './renderer/evidence.js';
import { runColdStartBench } from './renderer/cold-start.js';
import { formatBalancedTable, runBalancedBench } from './balanced.js';

/**
 * `npm run bench`: the service's read paths and writes on a 2,000-thread and a 100,000-thread
 * project on SQLite, then on the 2,000-thread one on PostgreSQL, measured over real HTTP (one
 * keep-alive connection per server, sequential requests) against the real server in a child
 * process, next to a plain node:http server sending the same bytes (the floor). Servers of
 * both sizes run side by side and requests take turns between them, so ratios (service /
 * floor, large / small) are measured under one load.
 *
 *   --sizes 2000,100000   project sizes (threads)
 *   --requests 500        timed requests per figure (after warm-up)
 *   --seconds 8           time cap per group of figures (at least 20 requests are timed)
 *   --no-cold             skip the "after a write" figures (reads after a status change, an
 *                         assignment, a reply, a create, a merge; each against the same read
 *                         from memory timed beside it; and, for reference, after a pause)
 *   --only items,review   measure only endpoints whose name contains one of these words
 *   --profile             servers run with --cpu-prof (var/bench/profiles) and print spans
 *                         (lists in memory then go through Fastify, whose hook times them)
 *   --no-server           skip the service figures (both engines)
 *   --no-renderer         skip the renderer figures (bench/renderer: cold start, board/table in Chromium)
 *   --no-pacing           skip the pacing run (bench/pacing.ts: ApiClient against the real limit)
 *   --pacing-requests 360 requests of the pacing run (about 50 s at 300 a minute)
 *   --no-sqlite           skip the SQLite figures (only PostgreSQL's: --no-sqlite --no-pacing --no-balanced --no-renderer)
 *   --no-postgres         skip the PostgreSQL figures (bench/postgres.ts: the 2,000-thread world in
 *                         a fresh database; needs PostgreSQL 15, BENCH_DATABASE_URL to use a running server)
 *   --no-balanced         skip the two-instances-behind-nginx figure (bench/balanced.ts; needs
 *                         PostgreSQL 15 and nginx, BENCH_DATABASE_URL to use a running server)
 *
 * Only the pacing run: --no-server --no-renderer.
 *
 * The renderer benchmark runs after the service's, never beside it: on two cores each would
 * distort the other.
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,100000' },
    requests: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '8' },
    'no-cold': { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'one-pipeline': { type: 'boolean', default: false },
    'no-renderer': { type: 'boolean', default: false },
    'no-server': { type: 'boolean', default: false },
    'no-pacing': { type: 'boolean', default: false },
    'pacing-requests': { type: 'string', default: '360' },
    'no-sqlite': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    'no-balanced': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes whole numbers, e.g. 2000,100000');
const only = values.only?.split(',').map((w) => w.trim().toLowerCase()) ?? null;
const wanted = (name: string) => only === null || only.some((w) => name.toLowerCase().includes(w));
const HOT: Budget = {
  warmup: 30,
  requests: Math.max(1, Number(values.requests)),
  maxMs: Number(values.seconds) * 1000,
  minRequests: 20,
};
// A read after a write follows a status change (not timed, but a durable write each): fewer requests.
const COLD: Budget = { warmup: 3, requests: Math.min(150, HOT.requests), maxMs: HOT.maxMs, minRequests: 10 };

/** Reads after a create and the timed creates share the creates a world can take. */
const CREATES_FOR_READS = 60;
/** Each write is a durable write: fewer requests than the reads. */
const WRITE: Budget = { warmup: 3, requests: Math.min(150, HOT.requests), maxMs: HOT.maxMs, minRequests: 10 };
/** The timed writes' budget when `createsBefore` creates of each world went to reads after a create. */
const writeBudget = (createsBefore: number): Budget => ({
  ...WRITE,
  requests: Math.min(WRITE.requests, CREATES_PER_WORLD - createsBefore - WRITE.warmup),
});

/** Every endpoint is read after a status change; the list and the hotspots after every kind of write. */
const READS_AFTER: Record<Write, readonly Endpoint[]> = {
  'status change': ['GET items', 'POST similar', 'GET review overview', 'GET source hotspots'],
  assignment: ['GET items', 'GET source hotspots'],
  reply: ['GET items', 'GET source hotspots'],
  create: ['GET items', 'GET source hotspots'],
  merge: ['GET items', 'GET source hotspots'],
  [PAUSE]: ['GET items', 'GET source hotspots'],
};
/** Writes one world can take of each kind for the reads after them: merges by the 199 threads read to merge. */
const WRITES_PER_WORLD: Partial<Record<Write, number>> = { create: CREATES_FOR_READS, merge: 199 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const flags = { profile: values.profile, onePipeline: values['one-pipeline'] };
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function openSqliteWorld(threads: number): Promise<World> {
  const dataDir = await workingDatabase(threads, log);
  return openWorld(
    threads,
    { dataDir, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) },
    flags,
  );
}

const record = (entries: Parameters<typeof recordWith>[0], budget: Budget) => recordWith(entries, budget, log);

async function measureAll(worlds: World[]): Promise<void> {
  await record(itemsAndFloor(worlds), HOT);
  for (const name of ENDPOINTS) {
    if (name === 'GET items' || !wanted(name)) continue;
    await record(
      worlds.map((w) => ({ world: w, name, turn: { call: w.calls[name] } })),
      HOT,
    );
  }
  let createsForReads = 0;
  if (!values['no-cold']) {
    // Each timed read follows a write (not timed), which every cache must see; the same read
    // timed right after it, from memory, is its baseline under the same load.
    for (const write of WRITES) {
      const reads = READS_AFTER[write].filter(wanted);
      // Writes a world can take are shared by the reads timed after them.
      const limit = WRITES_PER_WORLD[write];
      const budget =
        limit === undefined
          ? COLD
          : { ...COLD, requests: Math.min(COLD.requests, Math.floor(limit / reads.length) - COLD.warmup) };
      if (write === 'create') createsForReads = reads.length * (budget.requests + budget.warmup);
      for (const name of reads) await record(readAfterWrite(worlds, name, write), budget);
    }
  }
  // Last: the creates add threads every figure above would otherwise read.
  const writes = timedWrites(worlds).filter((e) => wanted(e.name));
  if (writes.length > 0) await record(writes, writeBudget(createsForReads));
}

async function serverBench(): Promise<boolean[]> {
  const started = performance.now();
  log(
    `bench: ${os.cpus().length} cores, load average ${loadAverage()} (other work on the machine makes figures noisy)`,
  );
  log('');
  log('Service on SQLite (answers before routing unless --one-pipeline):');
  const worlds: World[] = [];
  try {
    for (const threads of sizes) worlds.push(await openSqliteWorld(threads));
    await measureAll(worlds);
  } finally {
    for (const w of worlds) await closeWorld(w);
  }

  const rows = worlds.flatMap(rowsOf);
  log('');
  log(figuresTable(rows));
  const small = worlds[0]!;
  const large = worlds.at(-1)!;
  const growth: Growth[] = [];
  if (worlds.length > 1) {
    for (const [name, figure] of large.figures) {
      const base = small.figures.get(name);
      if (base && !isBaseline(name)) growth.push(growthOf(name, base, figure));
    }
    log('');
    log(
      `Cost against project size (no endpoint may grow beyond the ${small.threads.toLocaleString('en-US')}-thread scan window):`,
    );
    log(growthTable(growth, `${small.threads.toLocaleString('en-US')}`, `${large.threads.toLocaleString('en-US')}`));
  }
  const verdicts = [...verdictsOf(rows), ...growth.map((g) => g.met)];
  log('');
  log(
    `Service on SQLite: ${verdicts.filter(Boolean).length} of ${verdicts.length} targets met; ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg()[0]!.toFixed(2)}`,
  );
  return verdicts;
}

const verdictsOf = (rows: Row[]) => rows.filter((r) => r.met !== null).map((r) => r.met === true);

/**
 * The smallest of the SQLite sizes on PostgreSQL, right after the SQLite figures (never beside
 * them: the database server's work would distort those).
 */
async function postgresBench(): Promise<boolean[]> {
  const started = performance.now();
  const threads = Math.min(...sizes);
  log('');
  log(
    `Service on PostgreSQL 15 (${threads.toLocaleString('en-US')} threads, every request through Fastify; load average ${loadAverage()}):`,
  );
  const rows = await runPostgresBench({
    threads,
    hot: HOT,
    cold: values['no-cold'] ? null : COLD,
    writes: writeBudget(0),
    flags,
    wanted,
    log,
  });
  if (rows === null) return [];
  log('');
  log(figuresTable(rows));
  const verdicts = verdictsOf(rows);
  log('');
  log(
    `Service on PostgreSQL: ${verdicts.filter(Boolean).length} of ${verdicts.length} targets met; ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg()[0]!.toFixed(2)}`,
  );
  return verdicts;
}

async function rendererBench(): Promise<boolean[]> {
  log('');
  log('Renderer (Chromium, browser mode, 2,000-thread project):');
  const results = [
    ...(await runColdStartBench({ log })),
    ...(await runRendererBench({ log })),
    ...(await runEvidenceBench({ log })),
  ];
  log(formatRendererTable(results));
  const groups = await runDedupeGroupsBenches({ log });
  log(
    `Duplicate groups (Chromium, 2,000-thread project with the demo's duplicate families, three draws of the generator):\n${formatGroupsRuns(groups)}`,
  );
  return [...results.map((r) => r.met), ...groups.map((g) => g.met)];
}

async function pacingBench(): Promise<boolean[]> {
  const requests = Number(values['pacing-requests']);
  if (!Number.isInteger(requests) || requests < 130)
    throw new Error('--pacing-requests takes a whole number of at least 130 (more than one burst)');
  log('');
  log(`Pacing (${requests} requests, sustained demand, counted at the service):`);
  const result = await runPacingBench({ requests, log });
  log(formatPacingLine(result));
  return [result.met];
}

/** A figure, not a target: no verdict. */
async function balancedBench(): Promise<boolean[]> {
  log('');
  log('Two instances behind nginx vs one (PostgreSQL, docs/self-hosting.md):');
  const results = await runBalancedBench({ log });
  if (results) log(formatBalancedTable(results));
  return [];
}

async function main(): Promise<void> {
  const verdicts = [
    ...(values['no-server'] || values['no-sqlite'] ? [] : await serverBench()),
    ...(values['no-server'] || values['no-postgres'] ? [] : await postgresBench()),
    ...(values['no-pacing'] ? [] : await pacingBench()),
    ...(values['no-balanced'] ? [] : await balancedBench()),
    ...(values['no-renderer'] ? [] : await rendererBench()),
  ];
  log('');
  log(`bench: ${verdicts.filter(Boolean).length} of ${verdicts.length} targets met`);
}

await main();
