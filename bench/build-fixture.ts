import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadFixture } from '../src/server/fixture/load.js';
import { DB_FILE_NAME, openDatabase } from '../src/server/storage/open.js';
import { buildBenchFixture } from './dataset.js';

/**
 * Child process: generates one bench world and loads it with the service's own fixture
 * loader (validation included), so the benchmarked data is exactly what a fixture yields.
 * Runs apart from the benchmark so the fixture's memory is gone before measuring starts.
 * Writes into `<out>.partial` and renames at the end: an interrupted build leaves no cache.
 */
const { values } = parseArgs({ options: { threads: { type: 'string' }, out: { type: 'string' } } });
const threads = Number(values.threads);
const out = values.out;
if (!Number.isInteger(threads) || threads <= 0 || !out) {
  process.stderr.write('usage: build-fixture.ts --threads N --out DIR\n');
  process.exit(2);
}

const partial = `${out}.partial`;
fs.rmSync(partial, { recursive: true, force: true });
const t0 = performance.now();
const fixture = buildBenchFixture(threads, Date.now());
const t1 = performance.now();
const db = await openDatabase({ dataDir: partial });
const summary = await loadFixture(db, fixture);
// One self-contained file: everything checkpointed out of the write-ahead log, which is then
// dropped, so copying the database file copies all of it.
await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
await sql`PRAGMA journal_mode = DELETE`.execute(db);
await db.destroy();
fs.rmSync(out, { recursive: true, force: true });
fs.renameSync(partial, out);
const size = fs.statSync(path.join(out, DB_FILE_NAME)).size;
process.stdout.write(
  `${JSON.stringify({ threads, items: summary.items, generateMs: Math.round(t1 - t0), loadMs: Math.round(performance.now() - t1), bytes: size })}\n`,
);
