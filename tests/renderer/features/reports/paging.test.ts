import { describe, expect, it } from 'vitest';
import {
  appendPage,
  firstPage,
  hasMore,
  localPage,
  previousOffset,
  rangeText,
  remainingRows,
  showingText,
} from '../../../../src/renderer/features/reports/model/paging.js';

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${from + i}` }));

describe('paging', () => {
  it('accumulates pages until nextOffset is null, totals from the service', () => {
    let list = firstPage(rows(0, 25), { total: 151, nextOffset: 25 });
    expect(remainingRows(list)).toBe(126);
    list = appendPage(list, rows(25, 100), { total: 151, nextOffset: 125 });
    expect(list.rows).toHaveLength(125);
    expect(showingText(list.rows.length, list.total, !hasMore(list))).toBe('Showing 125 of 151');
    list = appendPage(list, rows(125, 26), { total: 151, nextOffset: null });
    expect(list.rows.map((r) => r.id)).toEqual(rows(0, 151).map((r) => r.id));
    expect(hasMore(list)).toBe(false);
    expect(remainingRows(list)).toBe(0);
    expect(showingText(list.rows.length, list.total, true)).toBe('Showing all 151');
  });

  it('keeps a thread once when the list shifted between pages, and takes the newest total', () => {
    const list = appendPage(
      firstPage(rows(0, 3), { total: 6, nextOffset: 3 }),
      [{ id: 't2' }, { id: 't3' }, { id: 't4' }],
      { total: 7, nextOffset: 6 },
    );
    expect(list.rows.map((r) => r.id)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(list.total).toBe(7);
    expect(list.nextOffset).toBe(6);
  });

  it('never counts a negative remainder when the list shrank', () => {
    expect(remainingRows({ rows: rows(0, 30), total: 20, nextOffset: 30 })).toBe(0);
  });

  it('words the counts', () => {
    expect(showingText(1, 1, true)).toBe('Showing the only one');
    expect(showingText(1250, 4120, false)).toBe('Showing 1,250 of 4,120');
    expect(rangeText(15, 15, 170)).toBe('16–30 of 170');
    expect(rangeText(0, 0, 0)).toBe('0 of 0');
  });

  it('steps back one page, never before the start', () => {
    expect(previousOffset(0, 15)).toBeNull();
    expect(previousOffset(30, 15)).toBe(15);
    expect(previousOffset(10, 15)).toBe(0);
  });
});

describe('local pages of a briefing section', () => {
  it('shows a window of the rows with the same words as the service-paged lists', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    const first = localPage(rows, 25);
    expect(first.rows).toHaveLength(25);
    expect(remainingRows(first)).toBe(35);
    expect(showingText(first.rows.length, first.total, first.nextOffset === null)).toBe('Showing 25 of 60');
    const all = localPage(rows, Number.MAX_SAFE_INTEGER);
    expect(all.nextOffset).toBeNull();
    expect(showingText(all.rows.length, all.total, true)).toBe('Showing all 60');
    expect(localPage(rows, -3).rows).toEqual([]);
  });
});
