import type { Budget } from './measure.js';
import { openBenchPostgres, postgresMissing } from './postgres-server.js';
import { startChild } from './processes.js';
import type { Row } from './report.js';
import { itemsAndFloor, readAfterWrite, record, rowsOf, timedWrites } from './service-figures.js';
import { closeWorld, openWorld, type ServerFlags, type World } from './service-world.js';

/**
 * The service on PostgreSQL 15, with the data of the SQLite figures (the bench world of
 * `threads` threads, made by the same generator and loaded by the service's fixture loader
 * into a fresh database): GET items against its floor, GET items after a status change
 * against the same read timed beside it, and the writes timed themselves.
 */
export interface PostgresBenchOptions {
  threads: number;
  hot: Budget;
  /** Null: no read after a write (--no-cold). */
  cold: Budget | null;
  writes: Budget;
  flags: ServerFlags;
  /** Whether a figure of this name is measured (--only). */
  wanted: (name: string) => boolean;
  log: (line: string) => void;
}

/** Null, with the reason printed, when PostgreSQL is missing. */
export async function runPostgresBench(opts: PostgresBenchOptions): Promise<Row[] | null> {
  const { threads, log } = opts;
  const missing = postgresMissing();
  if (missing !== null) return (log(`  skipped: ${missing}`), null);
  const postgres = await openBenchPostgres('bench-postgres');
  let world: World | null = null;
  try {
    const databaseUrl = await postgres.freshDatabase(`bench_t${threads}`);
    log(`  loading the ${threads.toLocaleString('en-US')}-thread world into a fresh database…`);
    const loader = await startChild(
      'bench/build-fixture.ts',
      ['--threads', String(threads), '--database', databaseUrl],
      {
        timeoutMs: 600_000,
      },
    );
    const h = loader.hello;
    log(`  ${String(h.items)} items: generated in ${String(h.generateMs)} ms, loaded in ${String(h.loadMs)} ms`);
    await loader.stop();
    world = await openWorld(threads, { databaseUrl, dispose: async () => undefined }, opts.flags);
    // The floor is measured whatever --only says: GET items is held to it.
    await record(itemsAndFloor([world]), opts.hot, log);
    if (opts.cold && opts.wanted('GET items'))
      await record(readAfterWrite([world], 'GET items', 'status change'), opts.cold, log);
    const writes = timedWrites([world]).filter((e) => opts.wanted(e.name));
    if (writes.length > 0) await record(writes, opts.writes, log);
    return rowsOf(world);
  } finally {
    if (world) await closeWorld(world);
    await postgres.close();
  }
}
