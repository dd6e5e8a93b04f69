import { parseArgs } from 'node:util';
import { boardToColdStart, coldStart, type ColdStart } from './cold-start.js';
import { Cleanup, launchChromium } from './stack.js';
import { fmt, p50 } from './stats.js';

/**
 * Two builds' cold starts taking turns in one run, for a change worth a few milliseconds: on a
 * shared two-core machine the figures of one run and the next drift by more than that, so each
 * build gets its own stack and tab, and their starts alternate (A B, B A, …) while each waits for
 * the other's whole project to arrive before it begins. Prints each build's p50 and the p50 of
 * the paired differences.
 *
 *   node --import tsx bench/renderer/cold-start-ab.ts DIR_A DIR_B [--runs 20]
 *
 * DIR is a built renderer (`npx electron-vite build --outDir OUT` gives OUT/renderer).
 */

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '20' } },
  allowPositionals: true,
});
if (positionals.length !== 2) {
  process.stderr.write('Give two built renderer folders: cold-start-ab.ts DIR_A DIR_B [--runs 20]\n');
  process.exit(2);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`--runs must be a whole number of at least 1, not "${values.runs}"\n`);
  process.exit(2);
}

const cleanup = new Cleanup();
const log = (line: string) => process.stdout.write(`${line}\n`);
process.once('SIGINT', () => void cleanup.runAll(log).then(() => process.exit(130)));
try {
  const browser = await launchChromium(cleanup);
  const builds = [];
  for (const [i, dir] of positionals.entries()) {
    const tab = await boardToColdStart(cleanup, browser, Promise.resolve(dir), `cold-start-ab-${i}`);
    builds.push({ dir, ...tab, samples: [] as ColdStart[] });
  }
  for (let run = 0; run < runs; run++) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse())
      build.samples.push(await coldStart(build.page, build.boardUrl));
  }
  const [a, b] = builds as [(typeof builds)[0], (typeof builds)[0]];
  const cards = (x: typeof a) => x.samples.map((s) => s.firstCardsMs);
  for (const [name, build] of [['A', a] as const, ['B', b] as const]) {
    const dcl = build.samples.map((s) => s.domContentLoadedMs);
    log(`${name} ${build.dir}: first cards p50 ${fmt(p50(cards(build)))} ms, DOMContentLoaded p50 ${fmt(p50(dcl))} ms`);
  }
  const diffs = cards(b).map((ms, i) => ms - cards(a)[i]!);
  log(`B − A, paired over ${runs} turns: p50 ${fmt(p50(diffs))} ms`);
} finally {
  await cleanup.runAll(log);
}
