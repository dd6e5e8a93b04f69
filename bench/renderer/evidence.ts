import { chromium, type Page } from '@playwright/test';
import { buildRenderer, CHROMIUM_ARGS, Cleanup, openDemoView, startStack, VIEWPORT, type Stack } from './stack.js';
import type { RendererBenchResult } from './types.js';

/**
 * Hot elements and the evidence gallery on the demo's 2,000-thread project (Marketing site), in Chromium
 * against a stack of its own: how many thread details each asks the service for, and how
 * long a page of about 120 threads takes to fill. Requests are counted where the service
 * receives them (the stack's ApiClient log); nothing is asserted by time.
 *
 *   node --import tsx bench/renderer/evidence.ts [--renderer-dir DIR]
 */

const TOKEN = 'demo-owner';
/** A screen of tiles is about 20; overscan adds a row above and below. */
const OPEN_REQUESTS = 60;
/** Scrolled through to the end, the project's 2,000 threads are never all read. */
const SCROLL_REQUESTS = 500;
/** A page of ~120 threads within the service's burst of 120: no pacing wait. */
const FILL_MS = 5000;
const FILL_PAGE_SIZE = 120;
const SCROLL_STEP_PX = 400;
const SCROLL_PAUSE_MS = 50;

const DETAIL = /^\/items\/[^/]+$/;

function detailReads(stack: Stack, since: number): number {
  return stack.requests.since(since).filter((r) => r.method === 'GET' && DETAIL.test(r.path)).length;
}

/** Waits until nothing is being read: every tile drawn has its evidence and the count holds. */
async function settle(page: Page, stack: Stack, since: number): Promise<void> {
  await page.getByTestId('gallery-tile').first().waitFor();
  let last = -1;
  for (;;) {
    // The page's CSP allows no eval, so the waiting is done from here.
    while ((await page.getByTestId('gallery-tile').filter({ hasText: 'Reading…' }).count()) > 0)
      await page.waitForTimeout(100);
    const now = detailReads(stack, since);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(300);
  }
}

function result(
  metric: string,
  unit: RendererBenchResult['unit'],
  value: number,
  target: string,
  met: boolean,
  note: string,
): RendererBenchResult {
  return { metric, unit, samples: 1, p50: null, p95: null, value, target, met, note };
}

export async function runEvidenceBench(
  options: { log?: (line: string) => void; rendererDir?: string } = {},
): Promise<RendererBenchResult[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const cleanup = new Cleanup();
  try {
    const rendererDir = options.rendererDir ? Promise.resolve(options.rendererDir) : buildRenderer(cleanup);
    const stack = await startStack(cleanup, { name: 'evidence', rendererDir, token: TOKEN, demo: true });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    cleanup.add('close Chromium', () => browser.close());
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await openDemoView(page, stack.launchUrl(), 'board');

    // 1. Hot elements of the page nearest 120 threads: read whole, timed from the click to "N of N".
    await page.getByTestId('view-elements').click();
    // The view loads on first use: its page list is read once it is drawn.
    await page.getByTestId('hot-pages').getByRole('button').first().waitFor({ timeout: 60_000 });
    const pages = await page.getByTestId('hot-pages').getByRole('button').allTextContents();
    const sizes = pages.map((t) => ({
      name: t.replace(/\s*[\d,]+ threads?$/, ''),
      n: Number(/([\d,]+) threads?$/.exec(t)?.[1]?.replace(/,/g, '') ?? 0),
    }));
    const pick = sizes.filter((p) => p.n <= FILL_PAGE_SIZE).sort((a, b) => b.n - a.n)[0]!;
    let mark = stack.requests.mark();
    const started = Date.now();
    await page
      .getByTestId('hot-pages')
      .getByRole('button', { name: new RegExp(`^${pick.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s`) })
      .first()
      .click();
    await page
      .getByTestId('evidence-progress')
      .getByText(`${pick.n} of ${pick.n} threads read`)
      .waitFor({ timeout: 60_000 });
    const fillMs = Date.now() - started;
    const fillReads = detailReads(stack, mark);
    log(`  hot elements of ${pick.name} (${pick.n} threads): filled in ${fillMs} ms with ${fillReads} requests`);
    await page.getByRole('button', { name: 'All pages' }).click();

    // 2. The gallery opened, not scrolled.
    mark = stack.requests.mark();
    await page.getByTestId('view-evidence').click();
    await settle(page, stack, mark);
    const openReads = detailReads(stack, mark);
    const drawn = await page.getByTestId('gallery-tile').count();
    log(`  gallery opened: ${openReads} requests, ${drawn} tiles drawn`);

    // 3. Scrolled to the end as a person would, a screen at a time.
    const scroll = page.getByTestId('gallery-scroll');
    for (let i = 0; i < 2000; i++) {
      const atEnd = await scroll.evaluate((el, step) => {
        el.scrollBy(0, step);
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      }, SCROLL_STEP_PX);
      await page.waitForTimeout(SCROLL_PAUSE_MS);
      if (atEnd) break;
    }
    await settle(page, stack, mark);
    const scrolledReads = detailReads(stack, mark);
    const total = Number(
      /of ([\d,]+) screenshots/
        .exec((await page.getByTestId('evidence-progress').textContent()) ?? '')?.[1]
        ?.replace(/,/g, '') ?? 0,
    );
    log(`  gallery scrolled to the end: ${scrolledReads} requests for ${total} threads`);

    return [
      result(
        `Hot elements of a ${pick.n}-thread page: filled`,
        'ms',
        fillMs,
        `< ${FILL_MS} ms`,
        fillMs < FILL_MS && fillReads <= pick.n,
        `click on ${pick.name} → "${pick.n} of ${pick.n} threads read"; ${fillReads} detail requests (one per thread at most), six at a time through the main process's pacer.`,
      ),
      result(
        'Evidence gallery opened (2,000 threads), not scrolled',
        'requests',
        openReads,
        `≤ ${OPEN_REQUESTS}`,
        openReads <= OPEN_REQUESTS,
        `GET /items/{id} counted at the service from the click on Evidence until nothing more is read; ${drawn} tiles drawn.`,
      ),
      result(
        'Evidence gallery scrolled to the end',
        'requests',
        scrolledReads,
        `≤ ${SCROLL_REQUESTS}`,
        scrolledReads <= SCROLL_REQUESTS,
        `${SCROLL_STEP_PX} px every ${SCROLL_PAUSE_MS} ms to the end of ${total} threads; rows passed by before their turn are never asked for.`,
      ),
    ];
  } finally {
    await cleanup.runAll(log);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { formatRendererTable } = await import('./report.js');
  const { values } = parseArgs({ options: { 'renderer-dir': { type: 'string' } } });
  const results = await runEvidenceBench(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {});
  process.stdout.write(`\n${formatRendererTable(results)}\n`);
  process.exitCode = results.every((r) => r.met) ? 0 : 1;
}
