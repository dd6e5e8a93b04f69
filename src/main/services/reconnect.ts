import type { NetworkState } from '#shared/bridge/index.js';
import type { ApiClient } from './api-client.js';
import type { Clock } from './clock.js';

export interface ReconnectOptions {
  /** First probe after going offline, then doubling up to maxMs. */
  firstMs: number;
  maxMs: number;
  /**
   * While nothing is asked, the same probe every this many ms, so "Connected" is never older
   * than that (a service that went away while the person read is noticed without a click).
   * Left out: no probes while online. Two a minute are under 1 % of the rate limit.
   */
  idleCheckMs?: number;
}

const DEFAULT_RECONNECT: ReconnectOptions = { firstMs: 2_000, maxMs: 15_000, idleCheckMs: 30_000 };

/**
 * While the active connection is offline, asks the service who we are (GET /workspaces,
 * the cheapest read) every few seconds, backing off to `maxMs`, so the app notices by
 * itself when the service is back: any answer clears "offline" and the status line says
 * so, without the person having to do something first. Returns the function that stops.
 */
export function watchReconnect(
  client: ApiClient,
  clock: Clock,
  opts: ReconnectOptions = DEFAULT_RECONNECT,
): () => void {
  let stopped = false;
  let probing = false;

  async function probeUntilOnline(): Promise<void> {
    probing = true;
    let delay = opts.firstMs;
    try {
      while (!stopped && client.state().phase === 'offline') {
        await clock.sleep(delay, { background: true });
        if (stopped || client.state().phase !== 'offline') break;
        await client.call('listWorkspaces', {});
        delay = Math.min(opts.maxMs, delay * 2);
      }
    } finally {
      probing = false;
    }
  }

  let lastActivity = clock.now();
  async function checkWhileIdle(every: number): Promise<void> {
    while (!stopped) {
      await clock.sleep(Math.max(1, lastActivity + every - clock.now()), { background: true });
      if (stopped) break;
      // Any request in the meantime was a check of its own; offline has its own probes.
      if (client.state().phase === 'idle' && clock.now() - lastActivity >= every) {
        lastActivity = clock.now();
        await client.call('listWorkspaces', {});
      }
    }
  }

  const onState = (s: NetworkState) => {
    lastActivity = clock.now();
    if (s.phase === 'offline' && !probing && !stopped) void probeUntilOnline();
  };
  const unsubscribe = client.onState(onState);
  onState(client.state());
  if (opts.idleCheckMs !== undefined && opts.idleCheckMs > 0) void checkWhileIdle(opts.idleCheckMs);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
