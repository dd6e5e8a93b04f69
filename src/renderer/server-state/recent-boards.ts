/**
 * The last few projects' threads, so reopening one shown in the last minutes paints at once
 * while a quiet refresh runs (a big project takes many requests). Kept in memory only, per
 * connection, for a few minutes: anything older is loaded afresh.
 */

/** How long a remembered board may stand in for the service. */
export const RECENT_BOARD_MS = 5 * 60_000;
/** Boards remembered at once: enough to go back and forth between a few projects. */
const MAX_BOARDS = 3;

interface Remembered<T> {
  data: T;
  loadedAt: number;
}

const boards = new Map<string, Remembered<unknown>>();

export function rememberBoard<T>(key: string, data: T, loadedAt: number): void {
  boards.delete(key);
  boards.set(key, { data, loadedAt });
  while (boards.size > MAX_BOARDS) boards.delete(boards.keys().next().value!);
}

/** The remembered board, when it is recent enough; it is taken out (the load that uses it replaces it). */
export function recallBoard<T>(key: string, now: number): Remembered<T> | null {
  const entry = boards.get(key) as Remembered<T> | undefined;
  boards.delete(key);
  if (!entry || now - entry.loadedAt > RECENT_BOARD_MS) return null;
  return entry;
}

export function forgetBoards(): void {
  boards.clear();
}
