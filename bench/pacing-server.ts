import { createServer } from '../src/server/app.js';
import { loadFixture } from '../src/server/fixture/load.js';
import { openDatabase } from '../src/server/storage/open.js';
import { mergeFixture } from './renderer/merge-fixture.js';

/**
 * Child process for the pacing benchmark: the real service with the contract's rate limit
 * (300 a minute, bursts of 120; no option given), over a 520-thread project in memory. It
 * counts, itself, every answer of the API by status and when each request arrived, and
 * hands the tally out at GET /bench/tally (outside /api/v1, so not counted or limited).
 */
const db = await openDatabase({ dataDir: ':memory:' });
await loadFixture(db, mergeFixture(Date.now()));
// The tally's hooks must see every request, lists answered from memory too.
const app = createServer({ db, answerBeforeRouting: false });
const statuses: Record<string, number> = {};
const arrivals: number[] = [];
app.addHook('onRequest', (req, _reply, done) => {
  if (req.url.startsWith('/api/v1/')) arrivals.push(Date.now());
  done();
});
app.addHook('onResponse', (req, reply, done) => {
  if (req.url.startsWith('/api/v1/')) statuses[reply.statusCode] = (statuses[reply.statusCode] ?? 0) + 1;
  done();
});
app.get('/bench/tally', async () => ({ statuses, arrivals }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
