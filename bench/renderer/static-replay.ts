/**
 * The content floor of a filter key: the same page changes with no app behind them.
 *
 * `stateRecorder`, handed to the bench's keys (selectKeystrokes' beforeKey), records before
 * the first key and after each one the page as it then stands (every element, attribute and
 * text of the body) with the app's style sheets. `openStaticReplay` loads a static copy of the
 * first state with none of the app's scripts: its only script (replay-script.ts), on each
 * change of a filter menu, writes the DOM changes that take the page to the next recorded
 * state (text values and attributes where they differ, an element only where the shape
 * differs; worked out before any key) and tells the bench's probe it committed. Run the
 * bench's keys and probing on it, and it pays what any code showing the same content with the
 * same markup must: Chromium's style, layout, paint and frame for the same new rows or cards,
 * the native select's own handling, and the probing, plus its own DOM writes (their
 * JavaScript time is kept, `writesMs`).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { PROBE_SCRIPT } from './probe.js';
import { REPLAY_SCRIPT } from './replay-script.js';
import { VIEWPORT } from './stack.js';

/**
 * Where the pointer rests while keys are measured, on the app and on its static copies: over
 * the list, as a person's would be (content changing under it makes Chromium hit-test again).
 */
export const POINTER = { x: 700, y: 500 };

/** Read in the app's page: the body's markup, its style sheets and the root elements' attributes. */
const RECORD_STATE = String.raw`(() => ({
  body: document.body.innerHTML,
  css: [...document.styleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n'),
  htmlAttrs: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
  bodyAttrs: [...document.body.attributes].map((a) => [a.name, a.value]),
}))()`;

export interface PageState {
  body: string;
  css: string;
  htmlAttrs: Array<[string, string]>;
  bodyAttrs: Array<[string, string]>;
}

/** A static copy of the app's page that replays its recorded states, one per menu change. */
export interface StaticReplay {
  page: Page;
  cdp: CDPSession;
  /** Loads the first state again (each state's writes are used once). */
  reset(): Promise<void>;
  /** The JavaScript time of each key's DOM writes since the last reset (ms). */
  writesMs(): Promise<number[]>;
  /** How many DOM writes each key makes. */
  writes(): Promise<number[]>;
}

/**
 * Records the app page's states through a run of the bench's keys:
 * `selectKeystrokes(page, cdp, recorder.beforeKey)`, then `recorder.states()`. The page
 * must show the view with every filter menu at "any"; the keys leave it so.
 */
export function stateRecorder(page: Page): { beforeKey(): Promise<void>; states(): Promise<PageState[]> } {
  const states: PageState[] = [];
  const record = async () => void states.push((await page.evaluate(RECORD_STATE)) as PageState);
  return {
    beforeKey: record,
    states: async () => {
      await record();
      return states;
    },
  };
}

/**
 * A page in a context of its own that replays `states` (as recorded), with `css` after the
 * app's style sheets. Pass the first state for every key to get a menu that changes nothing.
 */
export async function openStaticReplay(browser: Browser, states: PageState[], css = ''): Promise<StaticReplay> {
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const replay: StaticReplay = {
    page,
    cdp,
    reset: () => loadStatic(page, states, css),
    writesMs: async () => (await page.evaluate('window.__floorWritesMs')) as number[],
    writes: async () => (await page.evaluate('window.__floorWrites')) as number[],
  };
  await replay.reset();
  return replay;
}

/** The first recorded state as a page of its own: the app's style sheets and markup (and `css` after them), the probe, and the state applier. */
async function loadStatic(page: Page, states: PageState[], css: string): Promise<void> {
  const [first] = states;
  if (!first) throw new Error('No state was recorded');
  // The app's own scripts stay out: the page must do nothing but the recorded writes.
  const bodies = states.map((s) => s.body.replace(/<script\b[\s\S]*?<\/script>/gi, ''));
  const attrs = (list: Array<[string, string]>) =>
    list.map(([n, v]) => ` ${n}="${v.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`).join('');
  await page.setContent(
    `<!doctype html><html${attrs(first.htmlAttrs)}><head><meta charset="utf-8"><script>${PROBE_SCRIPT}</script><style>${first.css}</style><style>${css}</style></head><body${attrs(first.bodyAttrs)}>${bodies[0]}</body></html>`,
  );
  // Parsed before any key, so no key pays for parsing markup.
  await page.evaluate(
    `window.__floorStates = ${JSON.stringify(bodies.slice(1))}.map((html) => { const t = document.createElement('template'); t.innerHTML = html; return t.content; })`,
  );
  await page.evaluate(REPLAY_SCRIPT);
  await page.mouse.move(POINTER.x, POINTER.y);
  await page.evaluate('window.__rb.reset()');
}
