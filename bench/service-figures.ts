import { measureTurns, type Budget, type Turn } from './measure.js';
import type { Row } from './report.js';
import { ENDPOINTS, PAUSE, WRITES, type Endpoint, type Engine, type World, type Write } from './service-world.js';

/** What each figure of the service is named, what it is held to, and how it is recorded. */

export const FLOOR = 'floor (node:http, same bytes)';
/**
 * PostgreSQL: the floor after a read of the cache versions and a rate-limit take, made at
 * once (bench/floor-process.ts). No answer there may skip either (another instance may have
 * written; the limit is one for all instances), so no GET items can beat this; its target is
 * stated against it too.
 */
export const CHECKED_FLOOR = 'floor after a version read and a rate-limit take (node:http + PostgreSQL)';

/** GET items against the floor measured beside it: the issues' targets, per engine. */
export const ITEMS_VS_FLOOR: Record<Engine, number> = { SQLite: 1.2, PostgreSQL: 1.3 };
/** A read after a write, against the same read timed right after it (from memory where the engine caches). */
export const AFTER_WRITE_VS_CACHED = 2;
const SIMILAR_P50_MS = 25;
const REVIEW_P50_MS = 30;

export const afterWrite = (endpoint: string, write: Write) =>
  `${endpoint} (after ${/^[aeiou8]/.test(write) ? 'an' : 'a'} ${write})`;

/** Each after-a-write figure's name: its read, and that read timed beside it (same load). */
export const AFTER_WRITE_FIGURES = new Map(
  WRITES.flatMap((w) =>
    ENDPOINTS.map((e) => [afterWrite(e, w), { endpoint: e, cached: `${afterWrite(e, w)}, cached beside it` }] as const),
  ),
);

/** The writes timed themselves (a full round trip: the answer comes once the write is durable). */
export const TIMED_WRITES = ['status change', 'reply', 'create'] as const satisfies readonly Write[];
export const writeFigure = (write: Write) => `write: ${write}`;

/** Measures `turns` (one per world, or several) together and files each figure under its name. */
export async function record(
  entries: { world: World; name: string; turn: Turn }[],
  budget: Budget,
  log: (line: string) => void,
): Promise<void> {
  const figures = await measureTurns(
    entries.map((e) => e.turn),
    budget,
  );
  entries.forEach((e, k) => {
    e.world.figures.set(e.name, figures[k]!);
    log(
      `  ${e.world.engine}, ${e.world.threads.toLocaleString('en-US')} threads, ${e.name}: p50 ${figures[k]!.p50.toFixed(2)} ms`,
    );
  });
}

/** The floor (and on PostgreSQL the floor after a version read) and GET items taking turns, so their ratios are measured under the same load. */
export function itemsAndFloor(worlds: World[]): { world: World; name: string; turn: Turn }[] {
  return worlds.flatMap((w) => [
    { world: w, name: FLOOR, turn: { call: w.floor } },
    ...(w.checkedFloor ? [{ world: w, name: CHECKED_FLOOR, turn: { call: w.checkedFloor } }] : []),
    { world: w, name: 'GET items', turn: { call: w.calls['GET items'] } },
  ]);
}

/** A read timed after each write (not timed), then the same read timed right after it. */
export function readAfterWrite(
  worlds: World[],
  read: Endpoint,
  write: Write,
): { world: World; name: string; turn: Turn }[] {
  const figure = afterWrite(read, write);
  return worlds.flatMap((w) => [
    { world: w, name: figure, turn: { call: w.calls[read], prepare: w.writes[write] } },
    { world: w, name: AFTER_WRITE_FIGURES.get(figure)!.cached, turn: { call: w.calls[read] } },
  ]);
}

/** The timed writes taking turns. */
export function timedWrites(worlds: World[]): { world: World; name: string; turn: Turn }[] {
  return worlds.flatMap((w) =>
    TIMED_WRITES.map((write) => ({ world: w, name: writeFigure(write), turn: { call: w.writes[write] } })),
  );
}

/** A world's figures in print order, each with its target and verdict. */
export function rowsOf(w: Pick<World, 'engine' | 'threads' | 'figures'>): Row[] {
  const floorP50 = w.figures.get(FLOOR)!.p50;
  const itemsVsFloor = ITEMS_VS_FLOOR[w.engine];
  const out: Row[] = [];
  // Each read's figures after writes are printed under it, the timed writes last.
  const order = [
    FLOOR,
    CHECKED_FLOOR,
    ...ENDPOINTS.flatMap((n) => [n, ...WRITES.map((write) => afterWrite(n, write))]),
    ...TIMED_WRITES.map(writeFigure),
  ];
  const figures = order.flatMap((name) => {
    const f = w.figures.get(name);
    return f ? [[name, f] as const] : [];
  });
  for (const [endpoint, figure] of figures) {
    let target = '';
    let met: boolean | null = null;
    const after = AFTER_WRITE_FIGURES.get(endpoint);
    if (endpoint === 'GET items') {
      target = `p50 ≤ ${itemsVsFloor}× floor (${(itemsVsFloor * floorP50).toFixed(2)} ms); now ${(figure.p50 / floorP50).toFixed(2)}×`;
      met = figure.p50 <= itemsVsFloor * floorP50;
      const checked = w.figures.get(CHECKED_FLOOR);
      if (checked) {
        const ratio = figure.p50 / checked.p50;
        target += `; ${ratio.toFixed(2)}× the floor after a version read and a rate-limit take (proposed ≤ ${itemsVsFloor}×: ${ratio <= itemsVsFloor ? 'met' : 'missed'})`;
      }
    } else if (endpoint === CHECKED_FLOOR) {
      target = `for reference: ${(figure.p50 / floorP50).toFixed(2)}× floor`;
    } else if (endpoint === 'POST similar') {
      target = `p50 < ${SIMILAR_P50_MS} ms`;
      met = figure.p50 < SIMILAR_P50_MS;
    } else if (endpoint === 'GET review overview') {
      target = `p50 < ${REVIEW_P50_MS} ms`;
      met = figure.p50 < REVIEW_P50_MS;
    } else if (after) {
      const cached = w.figures.get(after.cached);
      if (cached && endpoint === afterWrite(after.endpoint, PAUSE)) {
        target = `for reference: ${(figure.p50 / cached.p50).toFixed(2)}× cached (${cached.p50.toFixed(2)} ms beside it)`;
      } else if (cached) {
        target = `p50 ≤ ${AFTER_WRITE_VS_CACHED}× cached (${cached.p50.toFixed(2)} ms beside it); now ${(figure.p50 / cached.p50).toFixed(2)}×`;
        met = figure.p50 <= AFTER_WRITE_VS_CACHED * cached.p50;
      }
    }
    out.push({ endpoint, threads: w.threads, figure, target, met });
  }
  return out;
}

/** Figures that are baselines or references, not endpoints of their own (left out of growth with size). */
export function isBaseline(name: string): boolean {
  return (
    name === FLOOR ||
    name === CHECKED_FLOOR ||
    name.includes(PAUSE) ||
    [...AFTER_WRITE_FIGURES.values()].some((f) => f.cached === name)
  );
}
