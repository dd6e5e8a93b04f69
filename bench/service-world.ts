import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '#shared/api/index.js';
import { BENCH_SITE_URL, BENCH_TOKEN, BENCH_WRITERS, benchProjectId, CREATES_PER_WRITER } from './dataset.js';
import { KeepAliveClient, type Reply } from './http-client.js';
import type { Figure } from './measure.js';
import { ROOT, startChild, type Child } from './processes.js';

/**
 * One project size on one engine: the real service in a child process over that data, its
 * floor (a plain node:http server sending the bytes of the service's GET items answer), and
 * the requests the bench makes of them.
 */

/**
 * For reference, no write: the client waits as long as a write takes before the read. A
 * server that sat idle answers its next request slower on a loaded machine, write or not;
 * this figure shows how much of a read-after-write figure is that.
 */
export const PAUSE = '8 ms pause, no write';
const PAUSE_MS = 8;
/** The writes a read is timed after (each changes the window differently, domain/snapshot.ts). */
export const WRITES = ['status change', 'assignment', 'reply', 'create', 'merge', PAUSE] as const;
export type Write = (typeof WRITES)[number];
export const ENDPOINTS = ['GET items', 'POST similar', 'GET review overview', 'GET source hotspots'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** Creates one world can take: the bench writers' creation limits (dataset.ts). */
export const CREATES_PER_WORLD = BENCH_WRITERS.length * CREATES_PER_WRITER;

export type Engine = 'SQLite' | 'PostgreSQL';

/** Where a world's data is, and how to let go of it once the world is closed. */
export type Store = ({ dataDir: string } | { databaseUrl: string }) & { dispose: () => Promise<void> };

export interface ServerFlags {
  /** Servers run with --cpu-prof into var/bench/profiles and print their spans. */
  profile: boolean;
  /** Every request through Fastify (the service's default), not answered before routing. */
  onePipeline: boolean;
}

export interface World {
  engine: Engine;
  threads: number;
  store: Store;
  children: Child[];
  clients: KeepAliveClient[];
  floor: (i: number) => Promise<void>;
  /** PostgreSQL: the floor after one read of the cache versions, as every answer from memory needs there. */
  checkedFloor: ((i: number) => Promise<void>) | null;
  calls: Record<Endpoint, (i: number) => Promise<void>>;
  /** Writes every read must see: a status change and an assignment (alternating on one thread), a reply, a create, a merge. */
  writes: Record<Write, () => Promise<void>>;
  figures: Map<string, Figure>;
}

interface ItemsRow {
  id: string;
  page: string;
  status: string;
  excerpt: string;
}

function expectOk(r: Reply, what: string): Reply {
  if (r.status !== 200) throw new Error(`${what} answered ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
  return r;
}

export async function openWorld(threads: number, store: Store, flags: ServerFlags): Promise<World> {
  const engine: Engine = 'databaseUrl' in store ? 'PostgreSQL' : 'SQLite';
  const profileDir = path.join(ROOT, 'var/bench/profiles');
  const nodeFlags = flags.profile ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${profileDir}`] : [];
  const children: Child[] = [];
  const clients: KeepAliveClient[] = [];
  try {
    const server = await startChild(
      'bench/server-process.ts',
      [
        ...('databaseUrl' in store ? ['--database', store.databaseUrl] : ['--data', store.dataDir]),
        ...(flags.profile ? ['--spans'] : []),
        ...(flags.onePipeline ? ['--one-pipeline'] : []),
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
    const floorOf = async (args: string[]) => {
      const child = await startChild('bench/floor-process.ts', [captureFile, ...args]);
      children.push(child);
      const client = new KeepAliveClient(Number(child.hello.port), BENCH_TOKEN);
      clients.push(client);
      return async () => void expectOk(await client.request('GET', itemsPath), 'floor');
    };
    const floor = await floorOf([]);
    const checkedFloor = 'databaseUrl' in store ? await floorOf(['--check', store.databaseUrl, projectId]) : null;
    fs.rmSync(path.dirname(captureFile), { recursive: true, force: true });

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
    const creators = BENCH_WRITERS.map((token) => new KeepAliveClient(Number(server.hello.port), token));
    clients.push(...creators);
    const post = async (client: KeepAliveClient, what: string, p: string, body: unknown) =>
      expectOk(await client.request('POST', `${API_PREFIX}${p}`, body), what);
    return {
      engine,
      threads,
      store,
      children,
      clients,
      floor,
      checkedFloor,
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
          if (creates >= CREATES_PER_WORLD) throw new Error(`more than ${CREATES_PER_WORLD} creates in one world`);
          // In turn, so no writer reaches the limit before every writer made as many.
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
    await closeWorld({ store, children, clients });
    throw e;
  }
}

export async function closeWorld(w: Pick<World, 'store' | 'children' | 'clients'>): Promise<void> {
  for (const c of w.clients) c.close();
  for (const c of w.children.reverse()) await c.stop();
  await w.store.dispose();
}
