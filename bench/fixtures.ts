import fs from 'node:fs';
import path from 'node:path';
import { DB_FILE_NAME } from '../src/server/storage/open.js';
import { DATASET_VERSION } from './dataset.js';
import { ROOT, startChild } from './processes.js';

const CACHE_DIR = path.join(ROOT, 'var/bench', `data-v${DATASET_VERSION}`);
const RUN_DIR = path.join(ROOT, 'var/bench/run');

/**
 * The database of a `threads`-thread world, built once per dataset version and cached under
 * var/bench/. Each run works on a fresh copy: the cold figures write (status changes), and
 * the cache must stay what the generator made.
 */
export async function workingDatabase(threads: number, log: (line: string) => void): Promise<string> {
  const cached = path.join(CACHE_DIR, `t${threads}`);
  // A log left next to the file means the build did not finish cleanly: build again.
  if (!fs.existsSync(path.join(cached, DB_FILE_NAME)) || fs.existsSync(path.join(cached, `${DB_FILE_NAME}-wal`))) {
    log(`building the ${threads.toLocaleString('en-US')}-thread world (cached in ${path.relative(ROOT, cached)})…`);
    const child = await startChild('bench/build-fixture.ts', ['--threads', String(threads), '--out', cached], {
      timeoutMs: 240_000,
    });
    const h = child.hello;
    log(
      `  ${String(h.items)} items: generated in ${String(h.generateMs)} ms, loaded by the fixture loader in ${String(h.loadMs)} ms`,
    );
    await child.stop();
  }
  const work = path.join(RUN_DIR, `t${threads}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const copy = path.join(work, DB_FILE_NAME);
  fs.copyFileSync(path.join(cached, DB_FILE_NAME), copy);
  // Flushed now, not by the kernel while requests are timed (hundreds of MB for the large world).
  const fd = fs.openSync(copy, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  return work;
}
