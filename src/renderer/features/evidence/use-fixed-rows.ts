import { useCallback, useLayoutEffect, useMemo, useState, type RefObject } from 'react';

export interface FixedRow {
  index: number;
  key: string;
  start: number;
  end: number;
  size: number;
}

/**
 * The rows of a scrolling list whose every row height is known in advance (the evidence
 * gallery's: a heading or a row of tiles), drawn only around what is on screen.
 *
 * Not @tanstack/react-virtual, which the tables use: it keeps the row on screen in place when
 * the rows change, and in the gallery they change while the view moves (a read regroups its
 * tile). In Chromium that left its scroll short of a Home or End target and its height short
 * of the real list, with the last row out of reach (seen in the gallery's keyboard journey).
 * With heights known, where each row is and how far to scroll are plain sums: nothing to keep.
 */
export function useFixedRows(
  scrollRef: RefObject<HTMLElement | null>,
  rows: readonly { key: string; size: number }[],
  overscan: number,
) {
  const [view, setView] = useState({ top: 0, height: 0 });
  const starts = useMemo(() => {
    const out = new Array<number>(rows.length + 1);
    out[0] = 0;
    rows.forEach((r, i) => (out[i + 1] = out[i]! + r.size));
    return out;
  }, [rows]);
  const total = starts[rows.length]!;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () => setView({ top: el.scrollTop, height: el.clientHeight });
    read();
    el.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [scrollRef, rows.length === 0]); // eslint-disable-line react-hooks/exhaustive-deps -- the element comes and goes with the rows

  /** The first row ending after `y`. */
  const rowAt = useCallback(
    (y: number) => {
      let lo = 0;
      let hi = rows.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid + 1]! <= y) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
    [rows.length, starts],
  );

  const items = useMemo((): FixedRow[] => {
    if (rows.length === 0) return [];
    const top = Math.min(view.top, Math.max(0, total - view.height));
    const first = Math.max(0, rowAt(top) - overscan);
    const last = Math.min(rows.length - 1, rowAt(top + Math.max(view.height, 1) - 1) + overscan);
    const out: FixedRow[] = [];
    for (let i = first; i <= last; i++)
      out.push({ index: i, key: rows[i]!.key, start: starts[i]!, end: starts[i + 1]!, size: rows[i]!.size });
    return out;
  }, [rows, starts, total, view, overscan, rowAt]);

  const scrollTo = useCallback(
    (top: number) => {
      const el = scrollRef.current;
      if (!el) return;
      el.scrollTop = top;
      // Drawn at once, not on the scroll event: the caller looks for the row next.
      setView({ top: el.scrollTop, height: el.clientHeight });
    },
    [scrollRef],
  );

  /** Scrolls the least that brings the row whole into view. */
  const scrollToRow = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el || index < 0 || index >= rows.length) return;
      const start = starts[index]!;
      const end = starts[index + 1]!;
      if (start < el.scrollTop) scrollTo(start);
      else if (end > el.scrollTop + el.clientHeight) scrollTo(end - el.clientHeight);
    },
    [rows.length, scrollRef, scrollTo, starts],
  );

  return { items, totalSize: total, offset: view.top, height: view.height, scrollTo, scrollToRow };
}
