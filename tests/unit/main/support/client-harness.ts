import { afterEach, beforeEach } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../../../src/main/services/api-client.js';
import type { NetworkState } from '#shared/bridge/index.js';
import { FakeClock } from './fake-clock.js';
import { ScriptedServer } from './scripted-server.js';

export const TOKEN = 'tok-live-0123456789';

export interface Harness {
  server: ScriptedServer;
  clock: FakeClock;
  /** Every network state the client emitted, in order. */
  states: NetworkState[];
  client(options?: Partial<ApiClientOptions>): ApiClient;
}

/**
 * Per test: a fresh scripted server on 127.0.0.1 and a fake clock (manual, or jumping
 * forward on every sleep with autoAdvance). Jitter is fixed at 0.5 so backoff delays are
 * exact.
 */
export function useClientHarness(opts: { autoAdvance?: boolean } = {}): Harness {
  const h = { states: [] as NetworkState[] } as Harness;
  beforeEach(async () => {
    h.clock = new FakeClock(1_700_000_000_000, opts.autoAdvance ?? false);
    h.server = await new ScriptedServer(() => h.clock.now()).start();
    h.states.length = 0;
    h.client = (options = {}) => {
      const c = new ApiClient({
        baseUrl: h.server.baseUrl,
        token: TOKEN,
        clock: h.clock,
        ...options,
        retry: { random: () => 0.5, ...options.retry },
      });
      c.onState((s) => h.states.push(s));
      return c;
    };
  });
  afterEach(async () => {
    await h.server.stop();
  });
  return h;
}

export const phases = (states: NetworkState[]) =>
  states.map((s) => s.phase).filter((p, i, all) => i === 0 || all[i - 1] !== p);
