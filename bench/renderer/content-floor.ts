/**
 * What the filter keys cost with no app at all:
 * `node --import tsx bench/renderer/content-floor.ts [--view table|board] [--rounds 3] [--variants v.json] [--renderer-dir DIR]`.
 *
 * The app's page is recorded through the bench's keys and replayed on a static copy with no
 * app script (static-replay.ts); a second copy's menu changes nothing. The bench's keys and
 * probing then run on the app and each copy in turn, round after round, so load drifts hit
 * all alike. The app's figure less the static copy's is the share app code can still win;
 * the menu alone is the native select, its events and the probing. `--variants` adds static
 * copies with a style sheet of their own after the app's (a JSON array of CSS strings), to try
 * cheaper markup on the content alone. It prints figures only: nothing here is a target.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from '@playwright/test';
import { idleKeyFloor, recordKeyStates, selectKeystrokes } from './bench.js';
import { PROBE_SCRIPT } from './probe.js';
import { buildRenderer, Cleanup, launchChromium, openDemoView, startStack, VIEWPORT } from './stack.js';
import { openStaticReplay, POINTER } from './static-replay.js';
import { fmt, p50, p95 } from './stats.js';

const { values } = parseArgs({
  options: {
    view: { type: 'string', default: 'table' },
    rounds: { type: 'string', default: '3' },
    variants: { type: 'string' },
    'renderer-dir': { type: 'string' },
  },
});
const view = values.view;
if (view !== 'table' && view !== 'board') throw new Error('--view takes table or board');
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10)
  throw new Error('--rounds takes a whole number from 1 to 10');
/** Style sheets added to static copies, one copy each ("" for the app's markup and styles as recorded). */
const styles: unknown = values.variants ? JSON.parse(readFileSync(values.variants, 'utf8')) : [''];
if (!Array.isArray(styles) || !styles.every((v): v is string => typeof v === 'string'))
  throw new Error('--variants names a JSON file holding an array of CSS strings ("" for the page as recorded)');

/** A page the keys run on, and what its figures are called. */
interface Subject {
  label: string;
  page: Page;
  cdp: CDPSession;
  /** Made ready again before each round. */
  reset(): Promise<void>;
  writesMs?(): Promise<number[]>;
  keys: number[];
  floor: number[];
  /** The JavaScript time of a static copy's own DOM writes, per key (ms). */
  domWritesMs: number[];
}

const cleanup = new Cleanup();
try {
  const rendererDir = values['renderer-dir'] ? Promise.resolve(values['renderer-dir']) : buildRenderer(cleanup);
  const stack = await startStack(cleanup, { name: 'floor', rendererDir, token: 'demo-owner', demo: true });
  const browser = await launchChromium(cleanup);

  const appPage = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await appPage.addInitScript({ content: PROBE_SCRIPT });
  await openDemoView(appPage, stack.launchUrl(), view);
  await appPage.mouse.move(POINTER.x, POINTER.y);
  const appCdp = await appPage.context().newCDPSession(appPage);
  await appCdp.send('Performance.enable');
  const states = await recordKeyStates(appPage, appCdp);
  process.stdout.write(
    `${view}: recorded ${states.length} states of the app (${Math.round(states[0]!.body.length / 1024)} KB of markup each)\n`,
  );

  const subjects: Subject[] = [
    {
      label: 'the app',
      page: appPage,
      cdp: appCdp,
      reset: async () => undefined,
      keys: [],
      floor: [],
      domWritesMs: [],
    },
  ];
  for (const [i, css] of styles.entries()) {
    const replay = await openStaticReplay(browser, states, css);
    if (i === 0) process.stdout.write(`DOM writes per key on the static copy: ${(await replay.writes()).join(', ')}\n`);
    subjects.push({
      label: css === '' ? 'the same content, no app (static copy)' : `static copy + variant ${i}`,
      ...replay,
      keys: [],
      floor: [],
      domWritesMs: [],
    });
  }
  // Every key finds the first state again: the native select, its events and the probing.
  const still = await openStaticReplay(
    browser,
    states.map(() => states[0]!),
  );
  subjects.push({
    label: 'the menu alone, no content change (static copy)',
    ...still,
    keys: [],
    floor: [],
    domWritesMs: [],
  });

  for (let round = 0; round < rounds; round++) {
    for (const s of subjects) {
      if (round > 0) await s.reset();
      s.keys.push(...(await selectKeystrokes(s.page, s.cdp)).map((k) => k.cpu ?? Number.NaN));
      if (s.writesMs) s.domWritesMs.push(...(await s.writesMs()));
      s.floor.push(...(await idleKeyFloor(s.page, s.cdp)));
    }
  }
  const line = (name: string, ms: number[]) =>
    `  ${name.padEnd(52)} p50 ${fmt(p50(ms)).padStart(5)}  p95 ${fmt(p95(ms)).padStart(5)} ms`;
  process.stdout.write(
    `main-thread work per filter key (CDP ThreadTime, the bench's probing), ${rounds} rounds of ${subjects[0]!.keys.length / rounds} keys taken in turn:\n`,
  );
  for (const s of subjects) {
    process.stdout.write(`${line(s.label, s.keys)}\n`);
    if (s.domWritesMs.length)
      process.stdout.write(`${line('    of which its DOM writes (JavaScript)', s.domWritesMs)}\n`);
    process.stdout.write(`${line('    probing around Shift on the same page', s.floor)}\n`);
  }
  styles.forEach((css, i) => css !== '' && process.stdout.write(`  variant ${i}: ${css}\n`));
} finally {
  await cleanup.runAll(() => undefined);
}
