import { useLayoutEffect } from 'react';

/**
 * User Timing marks for performance tooling (bench/renderer reads them; they also show in
 * the DevTools performance panel). The app never reads them back, and a mark is a few
 * microseconds, so they stay on in production.
 */
export const PERF_MARKS = {
  /** A project load has all its rows and hands them to the store (project-items-store.ts). */
  itemsLoaded: 'triage:items-loaded',
  /** The first frame after the board showing a load (or the board opening) was painted. */
  boardPainted: 'triage:board-painted',
  /**
   * The first frame painted with cards in it after a project opens: on a first load that is
   * the first slice's cards, long before the whole project is in (bench/renderer/cold-start.ts).
   */
  boardFirstCards: 'triage:board-first-cards',
  /** The same for the table. */
  tablePainted: 'triage:table-painted',
} as const;

export function perfMark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

/**
 * Marks `name` once the commit that showed `key` has been painted: layout effects run in
 * the commit, the first animation frame after it is the one that paints it, and the second
 * starts once that paint is done ("double rAF"). A key that changes again first cancels it.
 */
export function usePaintedMark(name: string, key: unknown): void {
  useLayoutEffect(() => {
    if (key === null || key === undefined || typeof requestAnimationFrame !== 'function') return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => perfMark(name));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [name, key]);
}
