/**
 * What the filter keys cost with no app at all:
 * `node --import tsx bench/renderer/content-floor.ts [--view table|board] [--rounds 3] [--variants v.json] [--renderer-dir DIR]`.
 *
 * The app is driven through the bench's own keys once, and before the first key and after
 * each one the page as it then stands (every element, attribute and text of the body) is
 * recorded with the app's style sheets. A static copy of the first state is then loaded with
 * none of the app's scripts: its only script, on each change of a filter menu, writes the DOM
 * changes that take the page to the next recorded state (text values and attributes where
 * they differ, an element only where the shape differs; worked out before any key) and tells
 * the bench's probe it committed. A third page's menu changes nothing. The bench's keys and
 * probing then run on each page in turn, round after round, so load drifts hit all alike.
 *
 * The static page pays what any code showing the same content with the same markup must:
 * Chromium's style, layout, paint and frame for the same new rows or cards, the native
 * select's own handling, and the probing; its DOM writes (JavaScript) are printed beside it.
 * The app's figure less the static page's is the share app code can still win. `--variants`
 * adds static pages with a style sheet of their own after the app's (a JSON array of CSS
 * strings), to try cheaper markup on the content alone. It prints figures only: nothing here
 * is a target.
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { idleKeyFloor, selectKeystrokes } from './bench.js';
import { PROBE_SCRIPT } from './probe.js';
import { fmt, p50, p95 } from './stats.js';
import { buildRenderer, Cleanup, launchChromium, openDemoView, startStack } from './stack.js';

const { values } = parseArgs({ options: { view: { type: 'string', default: 'table' }, rounds: { type: 'string', default: '3' }, variants: { type: 'string' }, 'renderer-dir': { type: 'string' } } });
const view = values.view;
if (view !== 'table' && view !== 'board') throw new Error('--view takes table or board');
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new Error('--rounds takes a whole number from 1 to 10');
/** Style sheets added to the static page, one page each ("" for the app's markup and styles as recorded). */
const styles: unknown = values.variants ? JSON.parse(readFileSync(values.variants, 'utf8')) : [''];
if (!Array.isArray(styles) || !styles.every((v): v is string => typeof v === 'string')) throw new Error('--variants names a JSON file holding an array of CSS strings ("" for the page as recorded)');

const POINTER = { x: 700, y: 500 };

/** Read in the app's page: the body's markup, its style sheets and the root elements' attributes. */
const RECORD_STATE = String.raw`(() => ({
  body: document.body.innerHTML,
  css: [...document.styleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n'),
  htmlAttrs: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
  bodyAttrs: [...document.body.attributes].map((a) => [a.name, a.value]),
}))()`;

interface PageState {
  body: string;
  css: string;
  htmlAttrs: Array<[string, string]>;
  bodyAttrs: Array<[string, string]>;
}

/**
 * Installed in the static page. Before any key, each recorded body is turned into the list of
 * DOM writes that takes the previous state to it (worked out on a detached copy, nodes named
 * by their path of child indexes); each change event of a menu then applies the next list.
 * Elements stay where their tag matches (so the focused select is the same element
 * throughout), text and attributes are written only where they differ, and a select's value
 * and its options' `selected` are left to the native control, as the keys drive it.
 */
const APPLY_STATES = String.raw`(() => {
  const keep = (el, name) => (el.tagName === 'SELECT' && name === 'value') || (el.tagName === 'OPTION' && name === 'selected');
  const plan = (live, target, path, ops) => {
    let l = live.firstChild;
    let t = target.firstChild;
    let i = 0;
    while (t) {
      const nextTarget = t.nextSibling;
      const at = [...path, i];
      if (!l) {
        ops.push({ kind: 'append', path, node: t.cloneNode(true) });
        live.appendChild(t);
      } else if (l.nodeType === t.nodeType && l.nodeName === t.nodeName) {
        if (l.nodeType === Node.ELEMENT_NODE) {
          const remove = [...l.attributes].map((a) => a.name).filter((n) => !t.hasAttribute(n) && !keep(l, n));
          const set = [...t.attributes].filter((a) => l.getAttribute(a.name) !== a.value && !keep(l, a.name)).map((a) => [a.name, a.value]);
          if (remove.length || set.length) ops.push({ kind: 'attributes', path: at, remove, set });
          for (const n of remove) l.removeAttribute(n);
          for (const [n, v] of set) l.setAttribute(n, v);
          plan(l, t, at, ops);
        } else if (l.nodeValue !== t.nodeValue) {
          ops.push({ kind: 'text', path: at, value: t.nodeValue });
          l.nodeValue = t.nodeValue;
        }
        l = l.nextSibling;
      } else {
        const nextLive = l.nextSibling;
        ops.push({ kind: 'replace', path: at, node: t.cloneNode(true) });
        live.replaceChild(t, l);
        l = nextLive;
      }
      t = nextTarget;
      i++;
    }
    for (; l; i++) {
      const nextLive = l.nextSibling;
      ops.push({ kind: 'remove', path: [...path, i] });
      live.removeChild(l);
      l = nextLive;
    }
  };
  const copy = document.body.cloneNode(true);
  const patches = window.__floorStates.map((target) => {
    const ops = [];
    plan(copy, target, [], ops);
    // Removals run from the last child back, so earlier indexes stay valid.
    return [...ops.filter((o) => o.kind !== 'remove'), ...ops.filter((o) => o.kind === 'remove').reverse()];
  });
  window.__floorWrites = patches.map((ops) => ops.length);
  const at = (path) => path.reduce((node, i) => node.childNodes[i], document.body);
  window.__floorDiffMs = [];
  let next = 0;
  document.addEventListener('change', () => {
    const ops = patches[next++];
    if (!ops) return;
    const t0 = performance.now();
    for (const op of ops) {
      switch (op.kind) {
        case 'text': at(op.path).nodeValue = op.value; break;
        case 'attributes': { const el = at(op.path); for (const n of op.remove) el.removeAttribute(n); for (const [n, v] of op.set) el.setAttribute(n, v); break; }
        case 'replace': { const old = at(op.path); old.parentNode.replaceChild(op.node, old); break; }
        case 'append': at(op.path).appendChild(op.node); break;
        case 'remove': { const old = at(op.path); old.parentNode.removeChild(old); break; }
      }
    }
    const t = performance.now();
    window.__floorDiffMs.push(t - t0);
    for (const listener of window.__rbCommitListeners.slice()) listener(t, null);
  }, true);
})()`;

/** A page the keys run on, and what its figures are called. */
interface Subject {
  label: string;
  page: Page;
  cdp: CDPSession;
  /** Made ready again before each round (a static page's recorded states are used up by one). */
  prepare(): Promise<void>;
  keys: number[];
  floor: number[];
  writesMs: number[];
}

const cleanup = new Cleanup();
try {
  const rendererDir = values['renderer-dir'] ? Promise.resolve(values['renderer-dir']) : buildRenderer(cleanup);
  const stack = await startStack(cleanup, { name: 'floor', rendererDir, token: 'demo-owner', demo: true });
  const browser = await launchChromium(cleanup);
  const subject = async (label: string, prepare: (page: Page) => Promise<void>): Promise<Subject> => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    return { label, page, cdp, prepare: () => prepare(page), keys: [], floor: [], writesMs: [] };
  };

  const app = await subject('the app', async () => undefined);
  await app.page.addInitScript({ content: PROBE_SCRIPT });
  await openDemoView(app.page, stack.launchUrl(), view);
  // The pointer rests over the list on every page, as a person's would: content changing under
  // it makes Chromium hit-test again in the frame.
  await app.page.mouse.move(POINTER.x, POINTER.y);

  // The recording pass: the states before the first key and after each key.
  const states: PageState[] = [];
  await selectKeystrokes(app.page, app.cdp, async () => void states.push((await app.page.evaluate(RECORD_STATE)) as PageState));
  states.push((await app.page.evaluate(RECORD_STATE)) as PageState);
  process.stdout.write(`${view}: recorded ${states.length} states of the app (${Math.round(states[0]!.body.length / 1024)} KB of markup each)\n`);

  const subjects = [
    app,
    ...styles.map((css, i) => subject(css === '' ? 'the same content, no app (static page)' : `static page + variant ${i}`, (page) => loadStatic(page, states, css))),
    // Every key finds the first state again: the native select, its events and the probing.
    subject('the menu alone, no content change (static page)', (page) => loadStatic(page, states.map(() => states[0]!), '')),
  ];
  const all = await Promise.all(subjects);
  for (let round = 0; round < rounds; round++) {
    for (const s of all) {
      await s.prepare();
      s.keys.push(...cpu(await selectKeystrokes(s.page, s.cdp)));
      if (s !== app) s.writesMs.push(...((await s.page.evaluate('window.__floorDiffMs')) as number[]));
      s.floor.push(...(await idleKeyFloor(s.page, s.cdp)));
      if (round === 0 && s === all[1]) process.stdout.write(`DOM writes per key on the static page: ${((await s.page.evaluate('window.__floorWrites')) as number[]).join(', ')}\n`);
    }
  }
  const line = (name: string, ms: number[]) => `  ${name.padEnd(52)} p50 ${fmt(p50(ms)).padStart(5)}  p95 ${fmt(p95(ms)).padStart(5)} ms`;
  process.stdout.write(`main-thread work per filter key (CDP ThreadTime, the bench's probing), ${rounds} rounds of ${all[0]!.keys.length / rounds} keys taken in turn:\n`);
  for (const s of all) {
    process.stdout.write(`${line(s.label, s.keys)}\n`);
    if (s.writesMs.length) process.stdout.write(`${line('    of which its DOM writes (JavaScript)', s.writesMs)}\n`);
    process.stdout.write(`${line('    probing around Shift on the same page', s.floor)}\n`);
  }
  styles.forEach((css, i) => css !== '' && process.stdout.write(`  variant ${i}: ${css}\n`));
} finally {
  await cleanup.runAll(() => undefined);
}

function cpu(keys: Array<{ cpu?: number }>): number[] {
  return keys.map((k) => k.cpu ?? Number.NaN);
}

/** The first recorded state as a page of its own: the app's style sheets and markup (and `css` after them), the probe, and the state applier. */
async function loadStatic(page: Page, states: PageState[], css: string): Promise<void> {
  const [first, ...rest] = states;
  if (!first) throw new Error('No state was recorded');
  const attrs = (list: Array<[string, string]>) => list.map(([n, v]) => ` ${n}="${v.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`).join('');
  const body = first.body.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  await page.setContent(
    `<!doctype html><html${attrs(first.htmlAttrs)}><head><meta charset="utf-8"><script>${PROBE_SCRIPT}</script><style>${first.css}</style><style>${css}</style></head><body${attrs(first.bodyAttrs)}>${body}</body></html>`,
  );
  // Parsed before any key, so no key pays for parsing markup.
  await page.evaluate(
    `window.__floorStates = ${JSON.stringify(rest.map((s) => s.body))}.map((html) => { const t = document.createElement('template'); t.innerHTML = html.replace(/<script\\b[\\s\\S]*?<\\/script>/gi, ''); return t.content; })`,
  );
  await page.evaluate(APPLY_STATES);
  await page.mouse.move(POINTER.x, POINTER.y);
  await page.evaluate('window.__rb.reset()');
}
