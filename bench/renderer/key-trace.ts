/**
 * Where each filter key's main-thread time goes, as the bench presses it:
 * `node --import tsx bench/renderer/key-trace.ts [--view table|board] [--out trace.json] [--renderer-dir DIR]`.
 *
 * The same stack, page, keys and probing as bench.ts's keyboard phase, with Chromium's timeline
 * traced, then per key: the renderer main thread's CPU time in tasks, and in JavaScript, style,
 * layout (with the layout objects it had to lay out again), pre-paint, paint and garbage
 * collection. Tracing slows the page down (figures run about 1.7× the bench's), so compare keys
 * and kinds of work with each other, not with the bench's targets. It prints figures only.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { selectKeystrokes } from './bench.js';
import { PROBE_SCRIPT } from './probe.js';
import { buildRenderer, Cleanup, launchChromium, openDemoView, startStack, VIEWPORT } from './stack.js';

const { values } = parseArgs({
  options: {
    view: { type: 'string', default: 'table' },
    out: { type: 'string', default: 'var/bench/key-trace.json' },
    'renderer-dir': { type: 'string' },
  },
});
const view = values.view;
if (view !== 'table' && view !== 'board') throw new Error('--view takes table or board');
const out = values.out;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink',
  'toplevel',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
];
const cleanup = new Cleanup();
try {
  const rendererDir = values['renderer-dir'] ? Promise.resolve(values['renderer-dir']) : buildRenderer(cleanup);
  const stack = await startStack(cleanup, { name: 'trace', rendererDir, token: 'demo-owner', demo: true });
  const browser = await launchChromium(cleanup);
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE_SCRIPT });
  await openDemoView(page, stack.launchUrl(), view);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  mkdirSync(dirname(out), { recursive: true });
  await browser.startTracing(page, { path: out, categories: CATEGORIES });
  // The bench's own keys and probing; each key's window in the trace starts at its mark.
  const keys = await selectKeystrokes(page, cdp, (index) => page.evaluate(`console.timeStamp('key-${index}')`));
  const cpu = keys.map((k) => k.cpu ?? Number.NaN);
  await page.evaluate(`console.timeStamp('key-${cpu.length}')`);
  await browser.stopTracing();
  process.stdout.write(`${view}: per key, the renderer main thread's CPU time while traced (ms); trace in ${out}\n`);
  for (const line of perKey(JSON.parse(readFileSync(out, 'utf8')) as { traceEvents: TraceEvent[] }, cpu))
    process.stdout.write(`${line}\n`);
} finally {
  await cleanup.runAll(() => undefined);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { message?: string }; beginData?: { dirtyObjects?: number } };
}

/** One line per key: ThreadTime as the bench reads it, then the trace's tasks and kinds of work in the key's window. */
function perKey(trace: { traceEvents: TraceEvent[] }, cpu: number[]): string[] {
  const marks = trace.traceEvents
    .filter((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('key-'))
    .sort((a, b) => a.ts - b.ts);
  const main = marks[0];
  if (!main) return ['(no key marks in the trace)'];
  const onMain = trace.traceEvents.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const lines: string[] = [];
  for (let k = 0; k + 1 < marks.length; k++) {
    const from = marks[k]!.ts;
    const to = marks[k + 1]!.ts;
    const inKey = onMain.filter((e) => e.ts >= from && e.ts < to);
    const ms = (name: string) =>
      inKey.filter((e) => e.name === name).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
    const dirty = inKey.filter((e) => e.name === 'Layout').map((e) => e.args?.beginData?.dirtyObjects ?? '?');
    const f = (n: number) => n.toFixed(1).padStart(5);
    lines.push(
      `key ${String(k).padStart(2)}  bench ${f(cpu[k] ?? Number.NaN)}  tasks ${f(ms('RunTask'))}  js ${f(ms('FunctionCall'))}  style ${f(ms('UpdateLayoutTree'))}  ` +
        `layout ${f(ms('Layout'))} (${dirty.join('+')} objects)  pre-paint ${f(ms('PrePaint'))}  paint ${f(ms('LocalFrameView::RunPaintLifecyclePhase'))}  gc ${f(ms('MinorGC') + ms('MajorGC'))}`,
    );
  }
  return lines;
}
