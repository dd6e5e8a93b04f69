import type { NetworkState } from '../../shared/bridge/index.js';
import type { ApiClient } from './api-client.js';
import type { Clock } from './clock.js';

export interface ReconnectOptions {
  /** First probe after going offline, then doubling up to maxMs. */
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_RECONNECT: ReconnectOptions = { firstMs: 2_000, maxMs: 15_000 };

/**
 * While the active connection is offline, asks the service who we are (GET /workspaces,
 * the cheapest read) every few seconds, backing off to `maxMs`, so the app notices by
 * itself when the service is back: any answer clears "offline" and the status line says
 * so, without the person having to do something first. Returns the function that stops.
 */
export function watchReconnect(client: ApiClient, clock: Clock, opts: ReconnectOptions = DEFAULT_RECONNECT): () => void {
  let stopped = false;
  let probing = false;

  async function probeUntilOnline(): Promise<void> {
    probing = true;
    let delay = opts.firstMs;
    try {
      while (!stopped && client.state().phase === 'offline') {
        await clock.sleep(delay);
        if (stopped || client.state().phase !== 'offline') break;
        await client.call('listWorkspaces', {});
        delay = Math.min(opts.maxMs, delay * 2);
      }
    } finally {
      probing = false;
    }
  }

  const onState = (s: NetworkState) => {
    if (s.phase === 'offline' && !probing && !stopped) void probeUntilOnline();
  };
  const unsubscribe = client.onState(onState);
  onState(client.state());
  return () => {
    stopped = true;
    unsubscribe();
  };
}
