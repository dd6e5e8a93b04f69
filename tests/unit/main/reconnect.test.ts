import { describe, expect, it } from 'vitest';
import { watchReconnect } from '../../../src/main/services/reconnect.js';
import { useClientHarness } from './support/client-harness.js';
import { WORKSPACES } from './support/fixtures.js';
import { drop, json } from './support/scripted-server.js';

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('reconnect: an offline connection notices by itself when the service is back', () => {
  const h = useClientHarness();

  it('probes GET /workspaces with backoff while offline and clears "offline" on the first answer', async () => {
    let down = true;
    h.server.handle((_req, res) => (down ? drop(res) : json(res, 200, WORKSPACES)));
    const client = h.client({ retry: { attempts: 1 } });
    const stop = watchReconnect(client, h.clock, { firstMs: 2_000, maxMs: 8_000 });
    await client.call('listWorkspaces', {});
    expect(client.state().phase).toBe('offline');
    const afterFailure = h.server.requests.length;

    await h.clock.advance(2_000);
    await until(() => h.server.requests.length === afterFailure + 1, 'the first probe');
    await until(() => h.clock.pending > 0, 'the next probe to be scheduled');
    expect(client.state().phase).toBe('offline');

    down = false;
    // The next probe comes 4 s later (backoff), and nobody else asks anything.
    await h.clock.advance(3_999);
    expect(h.server.requests.length).toBe(afterFailure + 1);
    await h.clock.advance(1);
    await until(() => client.state().phase === 'idle', 'the connection to recover');
    expect(client.state().message).toMatch(/^Ready: connected to/);
    // Online again: no more probes.
    await h.clock.advance(60_000);
    expect(h.server.requests.length).toBe(afterFailure + 2);
    stop();
  });

  it('stops probing when told to (another connection became active)', async () => {
    h.server.handle((_req, res) => drop(res));
    const client = h.client({ retry: { attempts: 1 } });
    const stop = watchReconnect(client, h.clock, { firstMs: 1_000, maxMs: 1_000 });
    await client.call('listWorkspaces', {});
    stop();
    const count = h.server.requests.length;
    await h.clock.advance(10_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.server.requests.length).toBe(count);
  });

  it('while nothing is asked, checks every idleCheckMs, so a service that went away is shown offline without a click', async () => {
    let down = false;
    h.server.handle((_req, res) => (down ? drop(res) : json(res, 200, WORKSPACES)));
    const client = h.client({ retry: { attempts: 1 } });
    const stop = watchReconnect(client, h.clock, { firstMs: 2_000, maxMs: 8_000, idleCheckMs: 30_000 });
    await client.call('listWorkspaces', {});
    const asked = h.server.requests.length;

    // Idle and up: one quiet check per 30 s, and the state stays "connected".
    await until(() => h.clock.pending > 0, 'the idle check to be scheduled');
    await h.clock.advance(30_000);
    await until(() => h.server.requests.length === asked + 1, 'the first idle check');
    await until(() => client.state().phase === 'idle', 'the check to finish');
    expect(h.server.requests.length).toBe(asked + 1);

    // The service goes away while the person reads: the next check finds it.
    down = true;
    await until(() => h.clock.pending > 0, 'the next idle check to be scheduled');
    await h.clock.advance(30_000);
    await until(() => client.state().phase === 'offline', 'offline to be noticed');
    stop();
  });

  it('a request the person made counts as the check: no extra probe within idleCheckMs of it', async () => {
    h.server.handle((_req, res) => json(res, 200, WORKSPACES));
    const client = h.client();
    const stop = watchReconnect(client, h.clock, { firstMs: 2_000, maxMs: 8_000, idleCheckMs: 30_000 });
    await until(() => h.clock.pending > 0, 'the idle check to be scheduled');
    await h.clock.advance(20_000);
    await client.call('listWorkspaces', {});
    const asked = h.server.requests.length;
    await h.clock.advance(10_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.server.requests.length).toBe(asked);
    await until(() => h.clock.pending > 0, 'the idle check to be rescheduled');
    await h.clock.advance(20_000);
    await until(() => h.server.requests.length === asked + 1, 'the check 30 s after the request');
    stop();
  });
});
