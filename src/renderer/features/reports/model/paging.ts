import { formatCount } from '../../../format/counts.js';

/**
 * Paged report lists (review sections, decision log). The service pages by offset and says
 * `nextOffset: null` on the last page; totals always come from the service, never from the
 * rows loaded so far, because loaded rows are only a window onto the whole list.
 */
/**
 * Rows every report list adds per "Show more", whether it holds them already (a briefing) or
 * reads them from the service a page at a time (the review): one step, in the same words.
 */
export const REPORT_STEP = 25;

/** "Show 25 more (249 left)". */
export const showMoreText = (step: number, remaining: number): string =>
  `Show ${formatCount(Math.min(step, remaining))} more (${formatCount(remaining)} left)`;
/** "Show all 274". */
export const showAllText = (total: number): string => `Show all ${formatCount(total)}`;

/**
 * The first `shown` rows of a list read so far, as a list of their own: more to show while
 * rows are in hand or the service has more.
 */
export function shownPart<T>(list: PagedList<T>, shown: number): PagedList<T> {
  const n = Math.max(0, Math.min(list.rows.length, Math.trunc(shown)));
  return { rows: list.rows.slice(0, n), total: list.total, nextOffset: n < list.rows.length ? n : list.nextOffset };
}

interface PageInfo {
  total: number;
  nextOffset: number | null;
}

export interface PagedList<T> extends PageInfo {
  rows: T[];
}

export function firstPage<T>(rows: readonly T[], page: PageInfo): PagedList<T> {
  return { rows: [...rows], total: page.total, nextOffset: page.nextOffset };
}

/**
 * Adds the next page. A thread that moved between requests can come back twice (the list
 * shifted under us); it is kept once, where it was first seen. Total and nextOffset are the
 * newest page's, since they describe the list as it is now.
 */
export function appendPage<T extends { id: string }>(
  list: PagedList<T>,
  rows: readonly T[],
  page: PageInfo,
): PagedList<T> {
  const seen = new Set(list.rows.map((r) => r.id));
  const fresh = rows.filter((r) => !seen.has(r.id));
  return { rows: [...list.rows, ...fresh], total: page.total, nextOffset: page.nextOffset };
}

export const hasMore = (list: PageInfo): boolean => list.nextOffset !== null;

/** Rows the service has that are not loaded yet (never negative, even if the list shrank). */
export function remainingRows(list: PagedList<unknown>): number {
  return list.nextOffset === null ? 0 : Math.max(0, list.total - list.rows.length);
}

/** "Showing 125 of 412"; "Showing all 32" once everything is loaded. */
export function showingText(shown: number, total: number, complete: boolean): string {
  if (complete && shown >= total) return total === 1 ? 'Showing the only one' : `Showing all ${formatCount(total)}`;
  return `Showing ${formatCount(shown)} of ${formatCount(total)}`;
}

/** "16–30 of 170" for offset paging (Next / Previous). */
export function rangeText(offset: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${formatCount(total)}`;
  return `${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`;
}

export function previousOffset(offset: number, limit: number): number | null {
  return offset <= 0 ? null : Math.max(0, offset - limit);
}

/**
 * A list the answer holds in full (a briefing's sections), shown a window at a time: the
 * same PagedList the service-paged lists use, so "Show more" and "Showing 25 of 274" read alike.
 */
export function localPage<T>(rows: readonly T[], shown: number): PagedList<T> {
  const n = Math.max(0, Math.min(rows.length, Math.trunc(shown)));
  return { rows: rows.slice(0, n), total: rows.length, nextOffset: n < rows.length ? n : null };
}
