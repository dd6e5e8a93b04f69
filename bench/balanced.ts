import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBenchPostgres, postgresMissing } from './postgres-server.js';
import {
  freePort,
  nginx,
  NGINX_BIN,
  startInstance,
  stopInstance,
  teamWorld,
  writerToken,
  type Instance,
} from '../tests/load-balancer/support/team.js';

/**
 * The same small write/read workload (people each creating a thread and reading it back, all at
 * once) against one instance directly and against two instances behind nginx, on PostgreSQL, as
 * docs/self-hosting.md runs them. On two cores shared by both instances, nginx and PostgreSQL this
 * shows that the balanced setup keeps up and stays correct more than it shows scaling.
 */
const CLIENTS = 16;
/** Threads each person creates: below the limit of 20 per person per 10 minutes. */
const ROUNDS = 15;

export interface BalancedResult {
  setup: string;
  requestsPerSecond: number;
  writeP50: number;
  writeP99: number;
  readP50: number;
  readP99: number;
  failed: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  return { ms: performance.now() - t0, status: res.status, body };
}

async function workload(setup: string, base: string): Promise<BalancedResult> {
  const writes: number[] = [];
  const reads: number[] = [];
  let failed = 0;
  const person = async (i: number) => {
    const auth = { authorization: `Bearer ${writerToken(i)}` };
    for (let r = 0; r < ROUNDS; r++) {
      const created = await timed(`${base}/api/v1/items/create`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: 'p_web', url: 'https://web.example/bench', body: `Bench ${i}.${r}` }),
      });
      if (created.status !== 200) {
        failed++;
        continue;
      }
      writes.push(created.ms);
      const read = await timed(`${base}/api/v1/items/${(JSON.parse(created.body) as { pinId: string }).pinId}`, {
        headers: auth,
      });
      if (read.status === 200) reads.push(read.ms);
      else failed++;
    }
  };
  // Warm-up: each connection path once.
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      timed(`${base}/api/v1/workspaces`, { headers: { authorization: `Bearer ${writerToken(i)}` } }),
    ),
  );
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => person(i)));
  const seconds = (performance.now() - t0) / 1000;
  return {
    setup,
    requestsPerSecond: (writes.length + reads.length) / seconds,
    writeP50: quantile(writes, 0.5),
    writeP99: quantile(writes, 0.99),
    readP50: quantile(reads, 0.5),
    readP99: quantile(reads, 0.99),
    failed,
  };
}

/** Null, with the reason printed, when PostgreSQL or nginx is missing. */
export async function runBalancedBench({ log }: { log: (line: string) => void }): Promise<BalancedResult[] | null> {
  if (NGINX_BIN === null) return (log('  skipped: needs nginx (apt-get install -y nginx)'), null);
  const missing = postgresMissing();
  if (missing !== null) return (log(`  skipped: ${missing}`), null);
  const postgres = await openBenchPostgres('bench-balanced');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-balanced-'));
  const fixture = path.join(dir, 'team.json');
  fs.writeFileSync(fixture, JSON.stringify(teamWorld(CLIENTS)));
  const nginxEnv = { NGINX_STATE: path.join(dir, 'nginx.state'), NGINX_BIN };
  const running: Instance[] = [];
  try {
    const results: BalancedResult[] = [];
    {
      const database = await postgres.freshDatabase('bench_one_instance');
      const one = await startInstance(['--database', database, '--fixture', fixture]);
      running.push(one);
      results.push(await workload('one instance, directly', one.url));
      await stopInstance(one);
    }
    {
      const database = await postgres.freshDatabase('bench_two_instances');
      const listen = await freePort();
      const common = [
        '--database',
        database,
        '--public-url',
        `http://127.0.0.1:${listen}`,
        '--trust-proxy',
        '127.0.0.1',
      ];
      const a = await startInstance([...common, '--fixture', fixture]);
      running.push(a);
      const b = await startInstance(common);
      running.push(b);
      const { stdout } = await nginx(['start', String(listen), String(a.port), String(b.port)], nginxEnv);
      results.push(await workload('two instances behind nginx', stdout.trim()));
    }
    return results;
  } finally {
    await nginx(['stop'], nginxEnv).catch(() => undefined);
    await Promise.all(running.map((i) => stopInstance(i)));
    await postgres.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatBalancedTable(results: BalancedResult[]): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const rows = results.map(
    (r) =>
      `| ${r.setup} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.writeP50)} / ${ms(r.writeP99)} | ${ms(r.readP50)} / ${ms(r.readP99)} | ${r.failed} |`,
  );
  return [
    `${CLIENTS} people at once, each creating ${ROUNDS} threads and reading each back (PostgreSQL):`,
    '| setup | requests/s | create p50 / p99 | read p50 / p99 | failed |',
    '|---|---|---|---|---|',
    ...rows,
    'On 2 cores shared by the instances, nginx and PostgreSQL, this is a correctness figure (the balanced setup keeps up, nothing fails) more than a scaling one.',
  ].join('\n');
}
