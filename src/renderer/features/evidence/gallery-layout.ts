import type { ItemRow } from '#shared/reader/index.js';
import type { ElementKey } from './element-key.js';
import { groupByElement, pagesByCount, type DetailLookup } from './evidence-model.js';

/**
 * The evidence gallery as rows a virtual list can place: a heading for each page (busiest
 * first), under it a heading for each element read so far (most threads first) with its
 * screenshots in rows of `columns`, then the page's threads not read yet, in list order.
 * A thread moves from "not read yet" into its element as its detail arrives, so what is on
 * screen never waits for the rest of the project.
 */
export type GalleryRow =
  | { kind: 'page'; key: string; page: string; count: number }
  | { kind: 'element'; key: string; element: ElementKey; count: number }
  | { kind: 'pending'; key: string; count: number }
  | { kind: 'tiles'; key: string; ids: string[] };

/** Fixed heights (px) per row kind, so the virtual list never measures. */
export const ROW_HEIGHT: Record<GalleryRow['kind'], number> = { page: 44, element: 34, pending: 34, tiles: 196 };

interface GalleryLayout {
  rows: GalleryRow[];
  /** Every tile's thread in reading order (left to right, top to bottom). */
  order: string[];
  /** Where each thread's tile is: its row and column. */
  at: Map<string, { row: number; col: number }>;
}

export function galleryLayout(rows: readonly ItemRow[], lookup: DetailLookup, columns: number): GalleryLayout {
  const cols = Math.max(1, Math.floor(columns));
  const out: GalleryRow[] = [];
  const order: string[] = [];
  const at = new Map<string, { row: number; col: number }>();
  const byPage = new Map<string, ItemRow[]>();
  for (const r of rows) {
    let list = byPage.get(r.page);
    if (!list) byPage.set(r.page, (list = []));
    list.push(r);
  }
  const tiles = (keyBase: string, ids: string[]) => {
    for (let i = 0; i < ids.length; i += cols) {
      const chunk = ids.slice(i, i + cols);
      chunk.forEach((id, col) => at.set(id, { row: out.length, col }));
      order.push(...chunk);
      out.push({ kind: 'tiles', key: `${keyBase}#${i}`, ids: chunk });
    }
  };
  for (const { page } of pagesByCount(rows)) {
    const mine = byPage.get(page)!;
    out.push({ kind: 'page', key: `p:${page}`, page, count: mine.length });
    const { groups, unread, failed } = groupByElement(mine, lookup);
    for (const g of groups) {
      const key = `e:${page}\n${g.element.key}`;
      out.push({ kind: 'element', key, element: g.element, count: g.rows.length });
      tiles(
        key,
        g.rows.map((r) => r.id),
      );
    }
    // Threads that failed wait with those not read yet: their tiles say why and offer to try again.
    const waiting = [...unread, ...failed.map((f) => f.row)];
    if (waiting.length > 0) {
      const key = `u:${page}`;
      out.push({ kind: 'pending', key, count: waiting.length });
      tiles(
        key,
        waiting.map((r) => r.id),
      );
    }
  }
  return { rows: out, order, at };
}

export type Move = 'left' | 'right' | 'up' | 'down' | 'first' | 'last';

/**
 * The tile a key moves to: left/right through the reading order, up/down to the nearest
 * tile row above or below (same column, or its last tile when that row is shorter).
 */
export function moveFrom(layout: GalleryLayout, current: string | null, move: Move): string | null {
  const { order, at, rows } = layout;
  if (order.length === 0) return null;
  const here = current ? at.get(current) : undefined;
  if (!here || !current) return order[0]!;
  const i = order.indexOf(current);
  switch (move) {
    case 'first':
      return order[0]!;
    case 'last':
      return order[order.length - 1]!;
    case 'left':
      return order[Math.max(0, i - 1)]!;
    case 'right':
      return order[Math.min(order.length - 1, i + 1)]!;
    case 'up':
    case 'down': {
      const step = move === 'up' ? -1 : 1;
      for (let r = here.row + step; r >= 0 && r < rows.length; r += step) {
        const row = rows[r]!;
        if (row.kind === 'tiles') return row.ids[Math.min(here.col, row.ids.length - 1)]!;
      }
      return current;
    }
  }
}

/**
 * The threads to read for what is on screen, nearest first: tiles of the rows in view by their
 * distance from the middle of the view, then those of the rows just outside it.
 */
export function nearestFirst(layout: GalleryLayout, visibleRows: readonly number[], middleRow: number): string[] {
  const ranked = [...visibleRows].sort((a, b) => Math.abs(a - middleRow) - Math.abs(b - middleRow) || a - b);
  const out: string[] = [];
  for (const r of ranked) {
    const row = layout.rows[r];
    if (row?.kind === 'tiles') out.push(...row.ids);
  }
  return out;
}
