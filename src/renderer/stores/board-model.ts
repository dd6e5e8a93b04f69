import type { Status } from '../../shared/api/common.js';
import type { ItemRow, ItemsSummary } from '../../shared/api/resources.js';
import { BOARD_STATUSES } from '../format/labels.js';

/** Pure board bookkeeping: moving a card keeps the rows and the whole-project counts in step. */

export interface BoardSnapshot {
  rows: ItemRow[];
  summary: ItemsSummary;
}

export type Columns = Record<Status, ItemRow[]>;

/** Rows split by status, each column keeping the rows' order (newest first). */
export function groupByStatus(rows: readonly ItemRow[]): Columns {
  const columns: Columns = { open: [], deferred: [], resolved: [] };
  for (const row of rows) columns[row.status].push(row);
  return columns;
}

/** Moves one row to `to`, adjusting the counts; unchanged when the row is missing or already there. */
export function moveRow(snapshot: BoardSnapshot, itemId: string, to: Status): BoardSnapshot {
  const index = snapshot.rows.findIndex((r) => r.id === itemId);
  const row = snapshot.rows[index];
  if (!row || row.status === to) return snapshot;
  const rows = snapshot.rows.slice();
  rows[index] = { ...row, status: to };
  const summary = { ...snapshot.summary };
  summary[row.status] = Math.max(0, summary[row.status] - 1);
  summary[to] += 1;
  return { rows, summary };
}

/**
 * A refetch may land while a status change is still in flight and show the old status;
 * re-applying the pending moves keeps the person's change on screen until the write answers.
 */
export function applyPending(snapshot: BoardSnapshot, pending: Readonly<Record<string, { to: Status }>>): BoardSnapshot {
  let next = snapshot;
  for (const [id, move] of Object.entries(pending)) next = moveRow(next, id, move.to);
  return next;
}

/** The card to focus after `itemId` leaves `column`: the next one, else the previous, else none. */
export function neighbourAfterRemoval(column: readonly ItemRow[], itemId: string): string | null {
  const i = column.findIndex((r) => r.id === itemId);
  if (i < 0) return null;
  return column[i + 1]?.id ?? column[i - 1]?.id ?? null;
}

/** Where focus goes for j/k (within a column) and h/l (across columns, keeping the row position). */
export function nextFocus(columns: Columns, focusedId: string | null, key: 'up' | 'down' | 'left' | 'right'): string | null {
  const located = locate(columns, focusedId);
  if (!located) return firstCard(columns);
  const { status, index } = located;
  if (key === 'up' || key === 'down') {
    const list = columns[status];
    const target = key === 'down' ? Math.min(list.length - 1, index + 1) : Math.max(0, index - 1);
    return list[target]?.id ?? focusedId;
  }
  const order = BOARD_STATUSES;
  const step = key === 'right' ? 1 : -1;
  for (let c = order.indexOf(status) + step; c >= 0 && c < order.length; c += step) {
    const list = columns[order[c]!];
    if (list.length > 0) return list[Math.min(index, list.length - 1)]!.id;
  }
  return focusedId;
}

export function locate(columns: Columns, itemId: string | null): { status: Status; index: number } | null {
  if (!itemId) return null;
  for (const status of BOARD_STATUSES) {
    const index = columns[status].findIndex((r) => r.id === itemId);
    if (index >= 0) return { status, index };
  }
  return null;
}

export function firstCard(columns: Columns): string | null {
  for (const status of BOARD_STATUSES) {
    const first = columns[status][0];
    if (first) return first.id;
  }
  return null;
}
