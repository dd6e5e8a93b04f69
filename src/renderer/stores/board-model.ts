import type { Status } from '#shared/api/common.js';
import type { ItemRow, ItemsSummary, StatusValue } from '#shared/reader/index.js';
import { BOARD_STATUSES, isStatus } from '../format/labels.js';

/** Pure board bookkeeping: moving a card keeps the rows and the whole-project counts in step. */

export interface BoardSnapshot {
  rows: ItemRow[];
  summary: ItemsSummary;
}

/**
 * One column per status: always the three of the contract, then one for each status the
 * service sent that this version doesn't know (shown as sent, never dropped).
 */
export type Columns = Record<Status, ItemRow[]> & Partial<Record<string, ItemRow[]>>;

/** Rows split by status, each column keeping the rows' order (newest first). */
export function groupByStatus(rows: readonly ItemRow[]): Columns {
  const columns: Columns = { open: [], deferred: [], resolved: [] };
  for (const row of rows) (columns[row.status] ??= []).push(row);
  return columns;
}

/** Column order: the contract's statuses, then unknown ones alphabetically. */
export function columnOrder(columns: Columns): StatusValue[] {
  const extra = Object.keys(columns)
    .filter((k) => !isStatus(k))
    .sort();
  return [...BOARD_STATUSES, ...extra];
}

export function columnRows(columns: Columns, status: StatusValue): ItemRow[] {
  return columns[status] ?? [];
}

/** The summary counts only the contract's statuses; a row of another status moves no count. */
function bumpStatus(summary: ItemsSummary, status: StatusValue, by: number): ItemsSummary {
  return isStatus(status) ? { ...summary, [status]: Math.max(0, summary[status] + by) } : summary;
}

/** byType/byPage keys: an untyped thread counts under no type. */
function bumpKey(counts: Record<string, number>, key: string | null, by: number): Record<string, number> {
  return key === null ? counts : bump(counts, key, by);
}

/** Moves one row to `to`, adjusting the counts; unchanged when the row is missing or already there. */
export function moveRow(snapshot: BoardSnapshot, itemId: string, to: StatusValue): BoardSnapshot {
  return patchRows(snapshot, [{ id: itemId, changes: { status: to } }]);
}

function bump(counts: Record<string, number>, key: string, by: number): Record<string, number> {
  const n = Math.max(0, (counts[key] ?? 0) + by);
  const next = { ...counts };
  if (n === 0) delete next[key];
  else next[key] = n;
  return next;
}

/** Whole-project counts after `row` leaves them (a removed or merged thread). */
function uncount(summary: ItemsSummary, row: ItemRow): ItemsSummary {
  return {
    ...bumpStatus(summary, row.status, -1),
    total: Math.max(0, summary.total - 1),
    unassigned: row.assigneeId ? summary.unassigned : Math.max(0, summary.unassigned - 1),
    byType: bumpKey(summary.byType, row.type, -1),
    byPage: bump(summary.byPage, row.page, -1),
  };
}

/** Whole-project counts after `from` became `to`: only the figures a changed field belongs to move. */
function recount(summary: ItemsSummary, from: ItemRow, to: ItemRow): ItemsSummary {
  let next = summary;
  if (from.status !== to.status) next = bumpStatus(bumpStatus(next, from.status, -1), to.status, 1);
  if (Boolean(from.assigneeId) !== Boolean(to.assigneeId))
    next = { ...next, unassigned: Math.max(0, next.unassigned + (to.assigneeId ? -1 : 1)) };
  if (from.type !== to.type) next = { ...next, byType: bumpKey(bumpKey(next.byType, from.type, -1), to.type, 1) };
  if (from.page !== to.page) next = { ...next, byPage: bump(bump(next.byPage, from.page, -1), to.page, 1) };
  return next;
}

export interface RowPatch {
  id: string;
  changes: Partial<ItemRow>;
}

/**
 * Applies field changes to rows (missing rows are skipped) and keeps the counts in step.
 * The same snapshot comes back when nothing changed, so views that compare by identity stay put.
 */
export function patchRows(snapshot: BoardSnapshot, patches: readonly RowPatch[]): BoardSnapshot {
  let rows: ItemRow[] | null = null;
  let summary = snapshot.summary;
  let index: Map<string, number> | null = null;
  for (const { id, changes } of patches) {
    index ??= new Map(snapshot.rows.map((r, i) => [r.id, i]));
    const at = index.get(id);
    if (at === undefined) continue;
    const current = (rows ?? snapshot.rows)[at]!;
    const keys = Object.keys(changes) as (keyof ItemRow)[];
    if (keys.every((k) => changes[k] === undefined || Object.is(changes[k], current[k]))) continue;
    const next = { ...current, ...changes, id: current.id };
    rows ??= snapshot.rows.slice();
    rows[at] = next;
    summary = recount(summary, current, next);
  }
  return rows ? { rows, summary } : snapshot;
}

/** Drops rows (merged away, deleted), taking them out of the counts too. */
export function removeRows(snapshot: BoardSnapshot, ids: readonly string[]): BoardSnapshot {
  const gone = new Set(ids);
  let summary = snapshot.summary;
  const rows = snapshot.rows.filter((r) => {
    if (!gone.has(r.id)) return true;
    summary = uncount(summary, r);
    return false;
  });
  return rows.length === snapshot.rows.length ? snapshot : { rows, summary };
}

/**
 * A refetch may land while a status change is still in flight and show the old status;
 * re-applying the pending moves keeps the person's change on screen until the write answers.
 */
export function applyPending(
  snapshot: BoardSnapshot,
  pending: Readonly<Record<string, { to: Status }>>,
): BoardSnapshot {
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
export function nextFocus(
  columns: Columns,
  focusedId: string | null,
  key: 'up' | 'down' | 'left' | 'right',
): string | null {
  const located = locate(columns, focusedId);
  if (!located) return firstCard(columns);
  const { status, index } = located;
  if (key === 'up' || key === 'down') {
    const list = columnRows(columns, status);
    const target = key === 'down' ? Math.min(list.length - 1, index + 1) : Math.max(0, index - 1);
    return list[target]?.id ?? focusedId;
  }
  const order = columnOrder(columns);
  const step = key === 'right' ? 1 : -1;
  for (let c = order.indexOf(status) + step; c >= 0 && c < order.length; c += step) {
    const list = columnRows(columns, order[c]!);
    if (list.length > 0) return list[Math.min(index, list.length - 1)]!.id;
  }
  return focusedId;
}

export function locate(columns: Columns, itemId: string | null): { status: StatusValue; index: number } | null {
  if (!itemId) return null;
  for (const status of columnOrder(columns)) {
    const index = columnRows(columns, status).findIndex((r) => r.id === itemId);
    if (index >= 0) return { status, index };
  }
  return null;
}

export function firstCard(columns: Columns): string | null {
  for (const status of columnOrder(columns)) {
    const first = columnRows(columns, status)[0];
    if (first) return first.id;
  }
  return null;
}
