import { ApiClient } from '../src/main/services/api-client.js';
import { LIMITS } from '#shared/api/index.js';
import { MERGE_PROJECT_ID, MERGE_TOKEN } from './renderer/merge-fixture.js';
import { startChild } from './processes.js';

export interface PacingResult {
  requests: number;
  /** Answers counted by the service itself, by status. */
  statuses: Record<string, number>;
  serverRateLimited: number;
  /** Accepted requests ÷ what the service's bucket allowed from the first arrival to the last. */
  shareOfAllowance: number;
  seconds: number;
  failedAtClient: number;
  met: boolean;
}

export const PACING_TARGET = { maxServer429s: 0, minShare: 0.95 } as const;

/**
 * Sustained demand through the real ApiClient with its default pacing, against the real
 * service with the contract's limit (300 a minute, bursts of 120), counted at the service.
 * The client is built, validates its token (as connecting does) and idles a moment before
 * the demand starts; every request is queued at once, so the client's queue never runs dry
 * and its bucket alone decides when each goes out. The reads vary (lists, detail, reports)
 * so answers take different times, as on a real screen.
 */
export async function runPacingBench(opts: { requests: number; log: (line: string) => void }): Promise<PacingResult> {
  const child = await startChild('bench/pacing-server.ts', []);
  try {
    const base = `http://127.0.0.1:${Number(child.hello.port)}`;
    const client = new ApiClient({ baseUrl: base, token: MERGE_TOKEN });
    const check = await client.call('listWorkspaces', {});
    if (!check.ok) throw new Error(`The pacing service refused the token: ${check.error.message}`);
    await new Promise((ok) => setTimeout(ok, 1_500));
    const started = performance.now();
    const kinds = [
      () => client.call('listItems', { projectId: MERGE_PROJECT_ID, limit: 200 }),
      () => client.call('getItem', { itemId: 'itm_rb_0007' }),
      () => client.call('listProjects', {}),
      () => client.call('review', { projectId: MERGE_PROJECT_ID }),
      () => client.call('listItems', { projectId: MERGE_PROJECT_ID, page: '/pricing', limit: 50 }),
      () => client.call('findSimilar', { projectId: MERGE_PROJECT_ID, text: 'pricing table overflows' }),
    ];
    const total = opts.requests - 1;
    let done = 0;
    const ticker = setInterval(() => opts.log(`  pacing: ${done}/${opts.requests} answered…`), 10_000);
    const results = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        kinds[i % kinds.length]!().then((r) => {
          done += 1;
          return r;
        }),
      ),
    );
    clearInterval(ticker);
    const seconds = (performance.now() - started) / 1000;
    const tally = (await (await fetch(`${base}/bench/tally`)).json()) as {
      statuses: Record<string, number>;
      arrivals: number[];
    };
    const accepted = Object.entries(tally.statuses)
      .filter(([status]) => status !== '429')
      .reduce((n, [, c]) => n + c, 0);
    const first = tally.arrivals[0]!;
    const last = tally.arrivals.at(-1)!;
    const allowance = LIMITS.rateBurst + ((last - first) / 60_000) * LIMITS.ratePerMinute;
    const serverRateLimited = tally.statuses['429'] ?? 0;
    const shareOfAllowance = accepted / allowance;
    return {
      requests: opts.requests,
      statuses: tally.statuses,
      serverRateLimited,
      shareOfAllowance,
      seconds,
      failedAtClient: results.filter((r) => !r.ok).length,
      met: serverRateLimited <= PACING_TARGET.maxServer429s && shareOfAllowance >= PACING_TARGET.minShare,
    };
  } finally {
    await child.stop();
  }
}

export function formatPacingLine(r: PacingResult): string {
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(', ');
  return (
    `pacing: ${r.requests} requests through ApiClient (default pacing) in ${r.seconds.toFixed(1)} s — ` +
    `server 429s: ${r.serverRateLimited}, allowance used: ${(r.shareOfAllowance * 100).toFixed(1)} % ` +
    `(target 0 and ≥ ${PACING_TARGET.minShare * 100} %: ${r.met ? 'met' : 'NOT met'}); at the service: ${statuses}; failed at the client: ${r.failedAtClient}`
  );
}
