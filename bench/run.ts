import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PREFIX } from '#shared/api/index.js';
import { BENCH_SITE_URL, BENCH_TOKEN, benchProjectId } from './dataset.js';
import { workingDatabase } from './fixtures.js';
import { KeepAliveClient, type Reply } from './http-client.js';
import { measureTurns, type Budget, type Figure, type Turn } from './measure.js';
import { ROOT, startChild, type Child } from './processes.js';
import { figuresTable, growthOf, growthTable, type Growth, type Row } from './report.js';
import { formatPacingLine, runPacingBench } from './pacing.js';
import { formatRendererTable, runRendererBench } from './renderer/index.js';
import { formatGroupsRuns, runDedupeGroupsBenches } from './renderer/dedupe-groups.js';
import { runEvidenceBench } from './renderer/evidence.js';
import { runColdStartBench } from './renderer/cold-start.js';
import { formatBalancedTable, runBalancedBench } from './balanced.js';

/**
 * `npm run bench`: the service's read paths on a 2,000-thread and a 100,000-thread project,
 * measured over real HTTP (one keep-alive connection per server, sequential requests)
 * against the real server in a child process, next to a plain node:http server sending the
 * same bytes (the floor). Servers of both sizes run side by side and requests take turns
 * between them, so ratios (service / floor, large / small) are measured under one load.
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
 *   --no-server           skip the service figures
 *   --no-renderer         skip the renderer figures (bench/renderer: cold start, board/table in Chromium)
 *   --no-pacing           skip the pacing run (bench/pacing.ts: ApiClient against the real limit)
 *   --pacing-requests 360 requests of the pacing run (about 50 s at 300 a minute)
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

/** The issues' targets (4 and 10). */
const ITEMS_VS_FLOOR = 1.2;
/** A read after a write, against the same read answered from memory. */
const AFTER_WRITE_VS_CACHED = 2;

/**
 * For reference, no write: the client waits as long as a write takes before the read. A
 * server that sat idle answers its next request slower on a loaded machine, write or not;
 * this figure shows how much of a read-after-write figure is that.
 */
const PAUSE = '8 ms pause, no write';
const PAUSE_MS = 8;
/** The writes a read is timed after (each changes the window differently, domain/snapshot.ts). */
const WRITES = ['status change', 'assignment', 'reply', 'create', 'merge', PAUSE] as const;
type Write = (typeof WRITES)[number];
const afterWrite = (endpoint: string, write: Write) =>
  `${endpoint} (after ${/^[aeiou8]/.test(write) ? 'an' : 'a'} ${write})`;
/** Every endpoint is read after a status change; the list and the hotspots after every kind of write. */
const READS_AFTER: Record<Write, readonly Endpoint[]> = {
  'status change': ['GET items', 'POST similar', 'GET review overview', 'GET source hotspots'],
  assignment: ['GET items', 'GET source hotspots'],
  reply: ['GET items', 'GET source hotspots'],
  create: ['GET items', 'GET source hotspots'],
  merge: ['GET items', 'GET source hotspots'],
  [PAUSE]: ['GET items', 'GET source hotspots'],
};
/**
 * Creates per person are limited (20 per 10 minutes, domain/item-create.ts): the bench
 * creates as each of these demo people in turn, which caps the timed creates per world.
 */
const CREATORS = ['demo-owner', 'demo-admin', 'demo-collab'];
/** Writes one world can take of each kind: creates by the limit above, merges by the 199 threads read to merge. */
const WRITES_PER_WORLD: Partial<Record<Write, number>> = { create: 20 * CREATORS.length, merge: 199 };
const SIMILAR_P50_MS = 25;
const REVIEW_P50_MS = 30;

const FLOOR = 'floor (node:http, same bytes)';
const ENDPOINTS = ['GET items', 'POST similar', 'GET review overview', 'GET source hotspots'] as const;
type Endpoint = (typeof ENDPOINTS)[number];
/** Each after-a-write figure's name: its read, and that read from memory timed beside it (same load). */
const AFTER_WRITE_FIGURES = new Map(
  WRITES.flatMap((w) =>
    ENDPOINTS.map((e) => [afterWrite(e, w), { endpoint: e, cached: `${afterWrite(e, w)}, cached beside it` }] as const),
  ),
);

const log = (line: string) => process.stdout.write(`${line}\n`);

function expectOk(r: Reply, what: string): Reply {
  if (r.status !== 200) throw new Error(`${what} answered ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
  return r;
}

interface ItemsRow {
  id: string;
  page: string;
  status: string;
  excerpt: string;
}

/** One project size: its server, its floor, and the requests made of it. */
interface World {
  threads: number;
  /** The working copy of the database; removed when the world is closed. */
  dataDir: string;
  children: Child[];
  clients: KeepAliveClient[];
  floor: (i: number) => Promise<void>;
  calls: Record<Endpoint, (i: number) => Promise<void>>;
  /** Writes every read must see: a status change and an assignment (alternating on one thread), a reply, a create, a merge. */
  writes: Record<Write, () => Promise<void>>;
  figures: Map<string, Figure>;
}

async function openWorld(threads: number): Promise<World> {
  const dataDir = await workingDatabase(threads, log);
  const profileDir = path.join(ROOT, 'var/bench/profiles');
  const nodeFlags = values.profile ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${profileDir}`] : [];
  const children: Child[] = [];
  const clients: KeepAliveClient[] = [];
  try {
    const server = await startChild(
      'bench/server-process.ts',
      [
        '--data',
        dataDir,
        ...(values.profile ? ['--spans'] : []),
        ...(values['one-pipeline'] ? ['--one-pipeline'] : []),
      ],
      { nodeFlags, echoStderr: true },
    );
    children.push(server);
    const api = new KeepAliveClient(Number(server.hello.port), BENCH_TOKEN);
    clients.push(api);
    const projectId = benchProjectId(threads);
    const itemsPath = `${API_PREFIX}/items?projectId=${projectId}`;

    // The floor answers with the bytes of a real items response.
    const first = expectOk(await api.request('GET', itemsPath), 'GET items');
    const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-')), 'capture.json');
    fs.writeFileSync(
      captureFile,
      JSON.stringify({
        status: first.status,
        contentType: first.headers['content-type'],
        bodyBase64: first.body.toString('base64'),
      }),
    );
    const floor = await startChild('bench/floor-process.ts', [captureFile]);
    children.push(floor);
    fs.rmSync(path.dirname(captureFile), { recursive: true, force: true });
    const floorClient = new KeepAliveClient(Number(floor.hello.port), BENCH_TOKEN);
    clients.push(floorClient);

    // Similar is asked with the texts and pages of real threads, as a reporter would type them.
    const rows = (JSON.parse(first.body.toString('utf8')) as { items: ItemsRow[] }).items;
    const probes = rows.slice(0, 16).map((r) => ({ projectId, text: r.excerpt, page: r.page }));
    const get = (what: string, p: string) => async () => void expectOk(await api.request('GET', p), what);
    const target = rows[0]!;
    let status = target.status;
    let assigned = false;
    let replies = 0;
    let creates = 0;
    // Threads merged into the target, oldest of the 200 newest first: the newest (read above) stay.
    const duplicates = (
      JSON.parse(expectOk(await api.request('GET', `${itemsPath}&limit=200`), 'GET items').body.toString('utf8')) as {
        items: ItemsRow[];
      }
    ).items
      .slice(1)
      .reverse();
    const creators = CREATORS.map((token) => new KeepAliveClient(Number(server.hello.port), token));
    clients.push(...creators);
    const post = async (client: KeepAliveClient, what: string, p: string, body: unknown) =>
      expectOk(await client.request('POST', `${API_PREFIX}${p}`, body), what);
    return {
      threads,
      dataDir,
      children,
      clients,
      floor: async () => void expectOk(await floorClient.request('GET', itemsPath), 'floor'),
      calls: {
        'GET items': get('GET items', itemsPath),
        'POST similar': async (i) =>
          void expectOk(await api.request('POST', `${API_PREFIX}/similar`, probes[i % probes.length]), 'POST similar'),
        'GET review overview': get('GET review', `${API_PREFIX}/review?projectId=${projectId}`),
        'GET source hotspots': get('GET source', `${API_PREFIX}/source?projectId=${projectId}`),
      },
      writes: {
        [PAUSE]: () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS)),
        'status change': async () => {
          status = status === 'open' ? 'deferred' : 'open';
          const r = await post(api, 'POST status', '/items/status', { itemId: target.id, status });
          if (!(JSON.parse(r.body.toString('utf8')) as { changed: boolean }).changed)
            throw new Error('the status write changed nothing');
        },
        assignment: async () => {
          assigned = !assigned;
          await post(api, 'POST assign', '/items/assign', { itemId: target.id, assignee: assigned ? 'me' : null });
        },
        reply: async () =>
          void (await post(api, 'POST update', '/items/update', {
            itemId: target.id,
            body: `Bench reply ${++replies}: still seen on ${target.page}`,
          })),
        create: async () => {
          if (creates >= WRITES_PER_WORLD.create!)
            throw new Error(`more than ${WRITES_PER_WORLD.create} creates in one world`);
          const creator = creators[creates++ % creators.length]!;
          await post(creator, 'POST create', '/items/create', {
            projectId,
            url: `${BENCH_SITE_URL}${target.page}`,
            body: `Bench thread ${creates} on ${target.page}`,
          });
        },
        merge: async () => {
          const duplicate = duplicates.shift();
          if (!duplicate) throw new Error('no thread left to merge');
          const r = await post(api, 'POST merge', '/items/merge', { itemId: target.id, duplicateIds: [duplicate.id] });
          if ((JSON.parse(r.body.toString('utf8')) as { merged: number }).merged !== 1)
            throw new Error('the merge merged nothing');
        },
      },
      figures: new Map(),
    };
  } catch (e) {
    await closeWorld({ dataDir, children, clients });
    throw e;
  }
}

async function closeWorld(w: Pick<World, 'dataDir' | 'children' | 'clients'>): Promise<void> {
  for (const c of w.clients) c.close();
  for (const c of w.children.reverse()) await c.stop();
  fs.rmSync(w.dataDir, { recursive: true, force: true });
}

/** Measures `turns` (one per world, or several) together and files each figure under its name. */
async function record(entries: { world: World; name: string; turn: Turn }[], budget: Budget): Promise<void> {
  const figures = await measureTurns(
    entries.map((e) => e.turn),
    budget,
  );
  entries.forEach((e, k) => {
    e.world.figures.set(e.name, figures[k]!);
    log(`  ${e.world.threads.toLocaleString('en-US')} threads, ${e.name}: p50 ${figures[k]!.p50.toFixed(2)} ms`);
  });
}

async function measureAll(worlds: World[]): Promise<void> {
  // The floor and GET items take turns, so their ratio is measured under the same load.
  await record(
    worlds.flatMap((w) => [
      { world: w, name: FLOOR, turn: { call: w.floor } },
      { world: w, name: 'GET items', turn: { call: w.calls['GET items'] } },
    ]),
    HOT,
  );
  for (const name of ENDPOINTS) {
    if (name === 'GET items' || !wanted(name)) continue;
    await record(
      worlds.map((w) => ({ world: w, name, turn: { call: w.calls[name] } })),
      HOT,
    );
  }
  if (values['no-cold']) return;
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
    for (const name of reads) {
      const figure = afterWrite(name, write);
      await record(
        worlds.flatMap((w) => [
          { world: w, name: figure, turn: { call: w.calls[name], prepare: w.writes[write] } },
          { world: w, name: AFTER_WRITE_FIGURES.get(figure)!.cached, turn: { call: w.calls[name] } },
        ]),
        budget,
      );
    }
  }
}

function rowsOf(w: World): Row[] {
  const floorP50 = w.figures.get(FLOOR)!.p50;
  const out: Row[] = [];
  // Each read's figures after writes are printed under its figure from memory.
  const order = [FLOOR, ...ENDPOINTS.flatMap((n) => [n, ...WRITES.map((write) => afterWrite(n, write))])];
  const figures = order.flatMap((name) => {
    const f = w.figures.get(name);
    return f ? [[name, f] as const] : [];
  });
  for (const [endpoint, figure] of figures) {
    let target = '';
    let met: boolean | null = null;
    const after = AFTER_WRITE_FIGURES.get(endpoint);
    if (endpoint === 'GET items') {
      target = `p50 ≤ ${ITEMS_VS_FLOOR}× floor (${(ITEMS_VS_FLOOR * floorP50).toFixed(2)} ms); now ${(figure.p50 / floorP50).toFixed(2)}×`;
      met = figure.p50 <= ITEMS_VS_FLOOR * floorP50;
    } else if (endpoint === 'POST similar') {
      target = `p50 < ${SIMILAR_P50_MS} ms`;
      met = figure.p50 < SIMILAR_P50_MS;
    } else if (endpoint === 'GET review overview') {
      target = `p50 < ${REVIEW_P50_MS} ms`;
      met = figure.p50 < REVIEW_P50_MS;
    } else if (after) {
      const cached = w.figures.get(after.cached);
      if (cached && endpoint === afterWrite(after.endpoint, PAUSE)) {
        target = `for reference: ${(figure.p50 / cached.p50).toFixed(2)}× cached (${cached.p50.toFixed(2)} ms beside it)`;
      } else if (cached) {
        target = `p50 ≤ ${AFTER_WRITE_VS_CACHED}× cached (${cached.p50.toFixed(2)} ms beside it); now ${(figure.p50 / cached.p50).toFixed(2)}×`;
        met = figure.p50 <= AFTER_WRITE_VS_CACHED * cached.p50;
      }
    }
    out.push({ endpoint, threads: w.threads, figure, target, met });
  }
  return out;
}

async function serverBench(): Promise<boolean[]> {
  const started = performance.now();
  log(
    `bench: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on the machine makes figures noisy)`,
  );
  const worlds: World[] = [];
  try {
    for (const threads of sizes) worlds.push(await openWorld(threads));
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
      // The floor, the reads from memory timed beside reads after writes and the reads after a
      // pause are baselines and references, not endpoints.
      const baseline =
        name === FLOOR || name.includes(PAUSE) || [...AFTER_WRITE_FIGURES.values()].some((f) => f.cached === name);
      if (base && !baseline) growth.push(growthOf(name, base, figure));
    }
    log('');
    log(
      `Cost against project size (no endpoint may grow beyond the ${small.threads.toLocaleString('en-US')}-thread scan window):`,
    );
    log(growthTable(growth, `${small.threads.toLocaleString('en-US')}`, `${large.threads.toLocaleString('en-US')}`));
  }
  const verdicts = [...rows.filter((r) => r.met !== null).map((r) => r.met === true), ...growth.map((g) => g.met)];
  log('');
  log(
    `Service: ${verdicts.filter(Boolean).length} of ${verdicts.length} targets met; ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${os.loadavg()[0]!.toFixed(2)}`,
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
    ...(values['no-server'] ? [] : await serverBench()),
    ...(values['no-pacing'] ? [] : await pacingBench()),
    ...(values['no-balanced'] ? [] : await balancedBench()),
    ...(values['no-renderer'] ? [] : await rendererBench()),
  ];
  log('');
  log(`bench: ${verdicts.filter(Boolean).length} of ${verdicts.length} targets met`);
}

await main();
