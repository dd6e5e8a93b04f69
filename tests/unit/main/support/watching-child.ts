/**
 * Run as its own Node process by reconnect-exit.test.ts: a client whose service is down,
 * watched the way the app watches its active connection (offline probes and the idle check),
 * with nothing else to do. The process must end by itself; it prints what it saw first.
 */
import { ApiClient } from '../../../../src/main/services/api-client.js';
import { systemClock } from '../../../../src/main/services/clock.js';
import { watchReconnect } from '../../../../src/main/services/reconnect.js';

// Port 9 (discard) on loopback: nothing listens there, so every request fails at once.
const client = new ApiClient({
  baseUrl: 'http://127.0.0.1:9',
  token: 'child-token',
  clock: systemClock,
  retry: { attempts: 1 },
});
watchReconnect(client, systemClock, { firstMs: 50, maxMs: 100, idleCheckMs: 30_000 });
await client.call('listWorkspaces', {});
process.stdout.write(`phase ${client.state().phase}\n`);
