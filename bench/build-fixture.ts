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
 *
 * With --out (SQLite) it writes into `<out>.partial` and renames at the end: an interrupted
 * build leaves no cache. With --database (PostgreSQL) it loads into that empty database.
 */
const { values } = parseArgs({
  options: { threads: { type: 'string' }, out: { type: 'string' }, database: { type: 'string' } },
});
const threads = Number(values.threads);
const { out, database } = values;
if (!Number.isInteger(threads) || threads <= 0 || (out === undefined) === (database === undefined)) {
  process.stderr.write('usage: build-fixture.ts --threads N (--out DIR | --database postgres://…)\n');
  process.exit(2);
}

const partial = `${out}.partial`;
if (out !== undefined) fs.rmSync(partial, { recursive: true, force: true });
const t0 = performance.now();
const fixture = buildBenchFixture(threads, Date.now());
const t1 = performance.now();
const db = await openDatabase(database !== undefined ? { databaseUrl: database } : { dataDir: partial });
const summary = await loadFixture(db, fixture);
if (out !== undefined) {
  // One self-contained file: everything checkpointed out of the write-ahead log, which is then
  // dropped, so copying the database file copies all of it.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await sql`PRAGMA journal_mode = DELETE`.execute(db);
} else {
  // Planner statistics for the loaded rows, as autovacuum would gather them a while later.
  await sql`ANALYZE`.execute(db);
}
await db.destroy();
const loadMs = Math.round(performance.now() - t1);
let bytes: number | null = null;
if (out !== undefined) {
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(partial, out);
  bytes = fs.statSync(path.join(out, DB_FILE_NAME)).size;
}
process.stdout.write(
  `${JSON.stringify({ threads, items: summary.items, generateMs: Math.round(t1 - t0), loadMs, bytes })}\n`,
);
