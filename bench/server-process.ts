import { parseArgs } from 'node:util';
import { createServer } from '../src/server/app.js';
import { openDatabase } from '../src/server/storage/open.js';

/**
 * Child process: the real service (createServer over the real SQLite file, or with --database
 * a PostgreSQL database) on 127.0.0.1:0.
 * Prints {"port": N} once listening and closes cleanly on SIGTERM, so `--cpu-prof` given to
 * this process writes its profile. With --spans it also prints, on exit, the time each
 * route spent inside the service (onRequest → onResponse), without the network round trip.
 *
 * The per-token rate limit is raised (it is an option of createServer): the benchmark sends
 * thousands of requests with one token. The limiter still runs on every request.
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    database: { type: 'string' },
    spans: { type: 'boolean' },
    'one-pipeline': { type: 'boolean' },
  },
});
if ((values.data === undefined) === (values.database === undefined)) {
  process.stderr.write('usage: server-process.ts (--data DIR | --database postgres://…) [--spans] [--one-pipeline]\n');
  process.exit(2);
}

const db = await openDatabase(
  values.database !== undefined ? { databaseUrl: values.database } : { dataDir: values.data! },
);
// With --spans every request must pass the hook below: lists in memory are not answered before routing then.
// --one-pipeline measures the service with every request through Fastify, as it runs behind an access log.
// On PostgreSQL nothing is answered before routing whatever is asked (createServer, as the CLI refuses it).
const app = createServer({
  db,
  rateLimit: { perMinute: 1e12, burst: 1e12 },
  answerBeforeRouting: !values.spans && !values['one-pipeline'],
});
const spans = new Map<string, number[]>();
if (values.spans) {
  app.addHook('onResponse', async (req, reply) => {
    const key = `${req.method} ${req.url.split('?')[0]}`;
    const list = spans.get(key) ?? [];
    list.push(reply.elapsedTime);
    spans.set(key, list);
  });
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

process.once('SIGTERM', () => {
  for (const [key, list] of spans) {
    list.sort((a, b) => a - b);
    process.stderr.write(`span ${key}: n=${list.length} p50=${list[Math.floor(list.length / 2)]!.toFixed(3)}ms\n`);
  }
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
