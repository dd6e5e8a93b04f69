/**
 * A/B of one filter key's work, in the page itself:
 * `node --import tsx bench/renderer/key-ab.ts --view table [--variants variants.json] [--rounds 4] [--renderer-dir DIR]...`.
 *
 * The whole bench's per-key figure moves by ±40 % between runs on a shared 2-core machine, so a
 * change worth a sixth cannot be seen there. This measures what a filter key makes the page do
 * (its JavaScript, the layout after it, and the frame that paints it) with none of the bench's
 * probing, for several variants taken in turn, round after round, so a load drift hits every
 * variant alike. A variant is a build (each --renderer-dir, in a page of its own; without one,
 * the working tree is built) and a style sheet added to it (--variants: a JSON array of CSS
 * strings, "" for the app as built). It prints figures only: nothing here is a target.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { fmt, p50 } from './stats.js';
import { buildRenderer, Cleanup, launchChromium, openDemoView, startStack, VIEWPORT } from './stack.js';

const { values } = parseArgs({
  options: {
    view: { type: 'string', default: 'table' },
    variants: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    'renderer-dir': { type: 'string', multiple: true },
  },
});
const view = values.view;
if (view !== 'table' && view !== 'board') throw new Error('--view takes table or board');
const openedView: 'table' | 'board' = view;
const styles: unknown = values.variants ? JSON.parse(readFileSync(values.variants, 'utf8')) : [''];
if (!Array.isArray(styles) || !styles.every((v): v is string => typeof v === 'string'))
  throw new Error('--variants names a JSON file holding an array of CSS strings ("" for the app as built)');
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20)
  throw new Error('--rounds takes a whole number from 1 to 20');

/**
 * Run in the page: each filter menu steps through its first options and back. Per key: the
 * change event's handlers (React renders and commits), the forced layout after them, and the
 * frame after that (a message posted from requestAnimationFrame runs once it is painted).
 */
const KEYS_IN_PAGE = String.raw`(async () => {
  const frame = () => new Promise((ok) => requestAnimationFrame(() => {
    const t = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => ok(performance.now() - t);
    channel.port2.postMessage(0);
  }));
  const out = { js: [], layout: [], frame: [] };
  for (const id of ['#filter-status', '#filter-type', '#filter-page']) {
    const menu = document.querySelector(id);
    const values = [...menu.options].map((o) => o.value).slice(0, 5);
    for (const value of [...values.slice(1), ...values.slice(0, -1).reverse()]) {
      menu.value = value;
      const t0 = performance.now();
      menu.dispatchEvent(new Event('change', { bubbles: true }));
      const t1 = performance.now();
      void document.body.offsetHeight;
      out.js.push(t1 - t0);
      out.layout.push(performance.now() - t1);
      out.frame.push(await frame());
      await new Promise((ok) => setTimeout(ok, 30));
    }
  }
  return out;
})()`;

interface KeyTimes {
  js: number[];
  layout: number[];
  frame: number[];
}

const cleanup = new Cleanup();
try {
  const dirs = values['renderer-dir'] ?? [];
  const builds =
    dirs.length > 0
      ? dirs.map((dir) => ({ name: dir, dir: Promise.resolve(dir) }))
      : [{ name: 'working tree', dir: buildRenderer(cleanup) }];
  const browser = await launchChromium(cleanup);
  const pages: Page[] = [];
  for (const [i, build] of builds.entries()) {
    const stack = await startStack(cleanup, {
      name: `demo${i}`,
      rendererDir: build.dir,
      token: 'demo-owner',
      demo: true,
    });
    pages.push(
      await openView(
        await (await browser.newContext({ viewport: VIEWPORT, bypassCSP: true })).newPage(),
        stack.launchUrl(),
      ),
    );
  }
  const variants = builds.flatMap((build, b) =>
    styles.map((css) => ({
      page: pages[b]!,
      label: `${builds.length > 1 ? `${build.name} ` : ''}${css === '' ? '(as built)' : css}`,
      css,
    })),
  );

  const times: KeyTimes[] = variants.map(() => ({ js: [], layout: [], frame: [] }));
  for (const page of pages) await page.evaluate(KEYS_IN_PAGE); // warm-up: first renders of each option
  for (let round = 0; round < rounds; round++) {
    for (const [i, { page, css }] of variants.entries()) {
      await page.evaluate(`document.getElementById('key-ab').textContent = ${JSON.stringify(css)}`);
      await page.waitForTimeout(200);
      const t = (await page.evaluate(KEYS_IN_PAGE)) as KeyTimes;
      times[i]!.js.push(...t.js);
      times[i]!.layout.push(...t.layout);
      times[i]!.frame.push(...t.frame);
    }
  }
  process.stdout.write(
    `${view}: one filter key's work in the page, p50 over ${times[0]!.js.length} keys per variant (ms)\n`,
  );
  for (const [i, { label }] of variants.entries()) {
    const t = times[i]!;
    const total = t.js.map((js, k) => js + t.layout[k]! + t.frame[k]!);
    process.stdout.write(
      `  total ${fmt(p50(total)).padStart(5)} = js ${fmt(p50(t.js))} + layout ${fmt(p50(t.layout))} + frame ${fmt(p50(t.frame))}  ${label}\n`,
    );
  }
} finally {
  await cleanup.runAll(() => undefined);
}

/** The demo's big project on the view under test, with an empty style sheet for the variants. */
async function openView(page: Page, url: string): Promise<Page> {
  await openDemoView(page, url, openedView);
  await page.evaluate(`document.head.append(Object.assign(document.createElement('style'), { id: 'key-ab' }))`);
  return page;
}
