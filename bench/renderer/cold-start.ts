import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import { buildRenderer, CHROMIUM_ARGS, Cleanup, startStack, tempDir, VIEWPORT } from './stack.js';
import { fmt, p50, p95 } from './stats.js';
import type { RendererBenchResult } from './types.js';

/**
 * Cold start of the renderer: a new document at a project's board address (the 2,000-thread
 * demo project), timed from navigation start to the first frame painted with cards in it
 * (the app's `triage:board-first-cards` mark: two animation frames after the board first
 * commits with cards, which on a first load are the first answer's), with the spans before it
 * (DOMContentLoaded, first request sent, first answer in) and the whole project's arrival
 * (`triage:items-loaded`, `triage:board-painted`) beside it. The gateway serves the built files without cache
 * headers, so every run fetches, parses and compiles the scripts afresh (no HTTP or V8 code
 * cache), as the desktop app does on its first start after an update. Also the bytes of the
 * first screen's JavaScript: the entry chunk and what it imports statically.
 *
 *   node --import tsx bench/renderer/cold-start.ts [--renderer-dir DIR] [--runs 12]
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Marketing site';
const COLD_START_P50_MS = 150;
const FIRST_SCREEN_JS_BYTES = 1_000_000;
const RUNS = 12;
const BOARD_PAINTED = 'triage:board-painted';
const FIRST_CARDS = 'triage:board-first-cards';
const ITEMS_LOADED = 'triage:items-loaded';
const UNLIMITED = '100000/100000';

export interface FirstScreenScripts {
  /** Each file the first screen loads before it can run, with its size in bytes. */
  files: Array<{ file: string; bytes: number }>;
  bytes: number;
}

/**
 * The scripts of the built page's `<script type="module">` and everything they import
 * statically, followed through the chunks (a static `import … from "./x.js"`, not an
 * `import("./x.js")`, which loads later).
 */
export function firstScreenScripts(rendererDir: string): FirstScreenScripts {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => posix.normalize(m[1]!));
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(rendererDir, file), 'utf8');
    // `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`: never `import("./x.js")`.
    for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(posix.normalize(posix.join(posix.dirname(file), m[1]!)));
    }
  }
  const files = [...seen].map((file) => ({ file, bytes: readFileSync(join(rendererDir, file)).length }));
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** Each figure is navigation start → the moment named. */
export interface ColdStart {
  domContentLoadedMs: number;
  /** The app sends its first request for the board's rows: the app's code has run. */
  asksForRowsMs: number;
  /** The first request's answer has arrived (its response end). */
  firstAnswerMs: number;
  /** The first frame with cards in it was painted. */
  firstCardsMs: number;
  /** All 2,000 rows are in the store (`triage:items-loaded`). */
  rowsLoadedMs: number;
  /** The board with all its rows was painted. */
  boardPaintedMs: number;
}

/**
 * Resolves in the page once the board with every row was painted (or after 60 s). One call
 * that waits, rather than asking every few ms: each ask is a round trip through this process,
 * which also runs the gateway, and would slow the answers being timed.
 */
const BOARD_PAINTED_IN_PAGE = `new Promise((done) => {
  const seen = () => performance.getEntriesByName(${JSON.stringify(BOARD_PAINTED)}).length > 0;
  if (seen()) return done(true);
  const observer = new PerformanceObserver(() => {
    if (seen()) { observer.disconnect(); done(true); }
  });
  observer.observe({ type: 'mark' });
  setTimeout(() => { observer.disconnect(); done(false); }, 60000);
})`;

/** Navigation start → board painted, read from the page's own timeline once the mark is there. */
export async function coldStart(page: Page, boardUrl: string): Promise<ColdStart> {
  await page.goto('about:blank');
  await page.goto(boardUrl);
  await page.evaluate(BOARD_PAINTED_IN_PAGE);
  const deadline = Date.now() + 60_000;
  for (;;) {
    // The page's CSP allows no eval, so the waiting is done from here.
    const figures = (await page.evaluate(`(() => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
      const painted = at(${JSON.stringify(BOARD_PAINTED)});
      const firstCards = at(${JSON.stringify(FIRST_CARDS)});
      const nav = performance.getEntriesByType('navigation')[0];
      const rows = performance.getEntriesByType('resource').filter((e) => e.name.includes('/bridge/api%3AlistItems')).sort((a, b) => a.startTime - b.startTime)[0];
      // Answered in the page (the floor below), the first slice leaves no resource timing.
      const answeredInPage = sessionStorage.getItem(${JSON.stringify(PRE_ANSWERED)}) !== null;
      return painted !== undefined && firstCards !== undefined && nav && (rows || answeredInPage)
        ? { domContentLoadedMs: nav.domContentLoadedEventEnd, asksForRowsMs: answeredInPage ? NaN : rows.startTime, firstAnswerMs: answeredInPage ? NaN : rows.responseEnd, firstCardsMs: firstCards, rowsLoadedMs: at(${JSON.stringify(ITEMS_LOADED)}) ?? painted, boardPaintedMs: painted }
        : null;
    })()`)) as ColdStart | null;
    if (figures) return figures;
    if (Date.now() > deadline) throw new Error(`The board of ${PROJECT} did not paint within 60 s of a cold start`);
    await page.waitForTimeout(20);
  }
}

const FLOOR_PAGE = 'cold-start-floor.html';

/**
 * The built renderer with one more page: the app's page with its stylesheet and no script,
 * showing one line of text. Its first paint is what a page of ours costs before any app code.
 */
function withFloorPage(cleanup: Cleanup, rendererDir: string): string {
  const dir = tempDir(cleanup, 'triage-cold-start-');
  cpSync(rendererDir, dir, { recursive: true });
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
    .replace(/<script[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', '<div id="root"><p>Triage Desk</p></div>');
  writeFileSync(join(dir, FLOOR_PAGE), html);
  return dir;
}

/** Navigation start → first paint of the page without app code. */
async function floorPaint(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url);
  for (;;) {
    const ms = (await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`)) as
      number | null;
    if (ms !== null) return ms;
    await page.waitForTimeout(20);
  }
}

/** Bridge answers as the service gave them, keyed by channel and arguments. */
type Recorded = Record<string, { status: number; contentType: string; body: string }>;
const PRE_ANSWERED = 'bench-cold-start-pre-answered';

/** Records every bridge answer of one cold start of the board, to answer the next ones from memory. */
async function recordBridge(page: Page, boardUrl: string): Promise<Recorded> {
  const recorded: Recorded = {};
  const pending: Array<Promise<void>> = [];
  const onResponse = (res: Response) => {
    const req = res.request();
    const { pathname } = new URL(req.url());
    if (!pathname.startsWith('/bridge/')) return;
    pending.push(
      res.text().then((body) => {
        recorded[`${pathname}\u0000${req.postData() ?? ''}`] = {
          status: res.status(),
          contentType: res.headers()['content-type'] ?? 'application/json',
          body,
        };
      }),
    );
  };
  page.on('response', onResponse);
  await coldStart(page, boardUrl);
  await page.waitForTimeout(500);
  page.off('response', onResponse);
  await Promise.all(pending);
  return recorded;
}

/**
 * Answers the page's bridge calls up to the first slice of rows from a recording inside the page, before any app code runs,
 * while the tab's session storage holds the flag: no service, gateway or main process, and no
 * interception on the way (Playwright's routing would slow every request of the page).
 */
async function answerBridgeInPage(page: Page, recorded: Recorded): Promise<void> {
  const args = JSON.stringify({ flag: PRE_ANSWERED, answers: recorded });
  await page.addInitScript({ content: `(${ANSWER_IN_PAGE})(${args})` });
}

// Page code, kept as text: the bench's own TypeScript knows no DOM.
const ANSWER_IN_PAGE = `({ flag, answers }) => {
  if (sessionStorage.getItem(flag) === null) return;
  const real = window.fetch.bind(window);
  let rowsAsked = false;
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    const answer = answers[url.pathname + '\\u0000' + (typeof init?.body === 'string' ? init.body : '')];
    // Only the first slice of rows is answered at once: the others, answered in the same
    // moment, would all be in before the first frame and make it a different one.
    const laterSlice = url.pathname.endsWith('listItems') && rowsAsked;
    if (url.pathname.endsWith('listItems')) rowsAsked = true;
    if (!url.pathname.startsWith('/bridge/') || !answer || laterSlice) return real(input, init);
    return Promise.resolve(new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } }));
  };
}`;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/**
 * A stack of its own serving `rendererDir`, and a tab signed in to it on the demo project's
 * board, started once (not counted: the service's first read of the project). The session lives
 * in the tab, so each cold start is a new document in it.
 */
export async function boardToColdStart(
  cleanup: Cleanup,
  browser: Browser,
  rendererDir: Promise<string>,
  name: string,
): Promise<{ page: Page; boardUrl: string }> {
  // Every run reads the project's 2,000 threads again: the token's limit would soon make the runs wait on it.
  const stack = await startStack(cleanup, { name, rendererDir, token: TOKEN, demo: true, rateLimit: UNLIMITED });
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(stack.launchUrl());
  const list = page.getByTestId('project-list');
  await list.getByText('Counting…').first().waitFor({ state: 'detached' });
  await list.getByRole('button', { name: PROJECT }).first().click();
  await page.getByTestId('view-board').waitFor();
  const boardUrl = page.url();
  await coldStart(page, boardUrl);
  return { page, boardUrl };
}

export async function runColdStartBench(
  options: { log?: (line: string) => void; rendererDir?: string; runs?: number } = {},
): Promise<RendererBenchResult[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const runs = options.runs ?? RUNS;
  const cleanup = new Cleanup();
  try {
    const built = options.rendererDir ? Promise.resolve(options.rendererDir) : buildRenderer(cleanup);
    const rendererDir = built.then((dir) => withFloorPage(cleanup, dir));
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    cleanup.add('close Chromium', () => browser.close());
    const { page, boardUrl } = await boardToColdStart(cleanup, browser, rendererDir, 'cold-start');
    const scripts = firstScreenScripts(await rendererDir);
    log(
      `  first screen's JavaScript: ${kb(scripts.bytes)} (${scripts.files.map((f) => `${posix.basename(f.file)} ${kb(f.bytes)}`).join(', ')})`,
    );

    const samples: ColdStart[] = [];
    for (let i = 0; i < runs; i++) samples.push(await coldStart(page, boardUrl));
    const firstCards = samples.map((s) => s.firstCardsMs);
    const painted = samples.map((s) => s.boardPaintedMs);
    const dcl = samples.map((s) => s.domContentLoadedMs);
    const asks = samples.map((s) => s.asksForRowsMs);
    const answer = samples.map((s) => s.firstAnswerMs);
    const rowsIn = samples.map((s) => s.rowsLoadedMs);
    const span = (xs: number[]) => `p50 ${fmt(p50(xs))} ms, p95 ${fmt(p95(xs))} ms`;
    const floorUrl = new URL(FLOOR_PAGE, boardUrl).href;
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) floor.push(await floorPaint(page, floorUrl));
    log(`  floor (${runs} runs): the same page, stylesheet and no app code, first paint ${span(floor)}`);
    // The floor with the app's code: the same cold start with the calls up to the first slice
    // answered at once, so navigation → first cards is what loading, running and painting the app costs.
    await answerBridgeInPage(page, await recordBridge(page, boardUrl));
    await page.evaluate(`sessionStorage.setItem(${JSON.stringify(PRE_ANSWERED)}, '1')`);
    const answered: ColdStart[] = [];
    for (let i = 0; i < runs; i++) answered.push(await coldStart(page, boardUrl));
    await page.evaluate(`sessionStorage.removeItem(${JSON.stringify(PRE_ANSWERED)})`);
    const answeredCards = answered.map((s) => s.firstCardsMs);
    log(
      `  floor with the app (${runs} runs), the bridge calls up to the first slice answered at once from a recording: DOMContentLoaded ${span(answered.map((s) => s.domContentLoadedMs))}; first cards painted ${span(answeredCards)}`,
    );
    log(
      `  cold start (${runs} runs), navigation start → DOMContentLoaded ${span(dcl)}; first request sent ${span(asks)}; first answer in ${span(answer)}; first cards painted ${span(firstCards)}; all 2,000 rows in the store ${span(rowsIn)}; board with all rows painted ${span(painted)}`,
    );

    return [
      {
        metric: 'Cold start → first cards painted (2,000 threads)',
        unit: 'ms',
        samples: runs,
        p50: p50(firstCards),
        p95: p95(firstCards),
        value: p50(firstCards),
        target: `≤ ${COLD_START_P50_MS} ms (p50)`,
        met: p50(firstCards) <= COLD_START_P50_MS,
        note: `a new document at the board's address (${PROJECT}), navigation start → the "${FIRST_CARDS}" mark (two frames after the first cards are in the DOM); no HTTP or code cache. From navigation start: DOMContentLoaded ${span(dcl)}; first request sent ${span(asks)}; first answer in ${span(answer)}; all 2,000 rows in ${span(rowsIn)}, painted ${span(painted)}; the page with its stylesheet and no app code paints at ${span(floor)}; with the bridge calls up to the first slice answered at once from a recording the first cards paint at ${span(answeredCards)} (the floor for this figure on this machine).`,
      },
      {
        metric: "First screen's JavaScript",
        unit: 'MB',
        samples: 1,
        p50: null,
        p95: null,
        value: scripts.bytes / 1_000_000,
        target: `< ${FIRST_SCREEN_JS_BYTES / 1_000_000} MB`,
        met: scripts.bytes < FIRST_SCREEN_JS_BYTES,
        note: `bytes of the built entry chunk and its static imports (${scripts.files.length} files); reports, dedupe, evidence views load on first use.`,
      },
    ];
  } finally {
    await cleanup.runAll(log);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { formatRendererTable } = await import('./report.js');
  const { values } = parseArgs({ options: { 'renderer-dir': { type: 'string' }, runs: { type: 'string' } } });
  const results = await runColdStartBench({
    ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
    ...(values.runs ? { runs: Number(values.runs) } : {}),
  });
  process.stdout.write(`\n${formatRendererTable(results)}\n`);
  process.exitCode = results.every((r) => r.met) ? 0 : 1;
}
