import { describe, expect, it } from 'vitest';
import {
  applyPending,
  columnOrder,
  columnRows,
  groupByStatus,
  moveRow,
  neighbourAfterRemoval,
  nextFocus,
  patchRows,
  removeRows,
} from '../../../src/renderer/stores/board-model.js';
import { row } from '../support/fake-items.js';

const summary = { total: 4, open: 2, deferred: 1, resolved: 1, unassigned: 0, byType: {}, byPage: {} };
const rows = [
  row('a', { status: 'open' }),
  row('b', { status: 'open' }),
  row('c', { status: 'deferred' }),
  row('d', { status: 'resolved' }),
];

describe('board model', () => {
  it('groups rows into the three columns, keeping order', () => {
    const cols = groupByStatus(rows);
    expect(cols.open.map((r) => r.id)).toEqual(['a', 'b']);
    expect(cols.deferred.map((r) => r.id)).toEqual(['c']);
    expect(cols.resolved.map((r) => r.id)).toEqual(['d']);
  });

  it('moves a row and the whole-project counts together', () => {
    const moved = moveRow({ rows, summary }, 'a', 'resolved');
    expect(moved.rows.find((r) => r.id === 'a')?.status).toBe('resolved');
    expect(moved.summary).toMatchObject({ open: 1, deferred: 1, resolved: 2, total: 4 });
    // The input is left untouched (zustand relies on new references).
    expect(rows[0]!.status).toBe('open');
    expect(summary.open).toBe(2);
  });

  it('leaves the snapshot alone for a missing row or a move to the same status', () => {
    const snap = { rows, summary };
    expect(moveRow(snap, 'zzz', 'open')).toBe(snap);
    expect(moveRow(snap, 'a', 'open')).toBe(snap);
  });

  it('re-applies in-flight moves over a refetch that predates them', () => {
    const shown = applyPending({ rows, summary }, { c: { to: 'open' } });
    expect(shown.rows.find((r) => r.id === 'c')?.status).toBe('open');
    expect(shown.summary).toMatchObject({ open: 3, deferred: 0 });
  });

  it('picks the next card, else the previous, after one leaves a column', () => {
    const cols = groupByStatus(rows);
    expect(neighbourAfterRemoval(cols.open, 'a')).toBe('b');
    expect(neighbourAfterRemoval(cols.open, 'b')).toBe('a');
    expect(neighbourAfterRemoval(cols.deferred, 'c')).toBeNull();
  });

  it('moves focus within and across columns', () => {
    const cols = groupByStatus(rows);
    expect(nextFocus(cols, null, 'down')).toBe('a');
    expect(nextFocus(cols, 'a', 'down')).toBe('b');
    expect(nextFocus(cols, 'b', 'down')).toBe('b');
    expect(nextFocus(cols, 'b', 'up')).toBe('a');
    expect(nextFocus(cols, 'b', 'right')).toBe('c');
    expect(nextFocus(cols, 'c', 'right')).toBe('d');
    expect(nextFocus(cols, 'd', 'right')).toBe('d');
    expect(nextFocus(cols, 'c', 'left')).toBe('a');
  });

  it('skips empty columns when moving across', () => {
    const cols = groupByStatus([row('a', { status: 'open' }), row('d', { status: 'resolved' })]);
    expect(nextFocus(cols, 'a', 'right')).toBe('d');
    expect(nextFocus(cols, 'd', 'left')).toBe('a');
  });
});

describe('patching and removing rows', () => {
  const summary = {
    total: 3,
    open: 2,
    deferred: 1,
    resolved: 0,
    unassigned: 2,
    byType: { bug: 2, copy: 1 },
    byPage: { '/': 2, '/cart': 1 },
  };
  const snapshot = {
    rows: [
      row('a', { assigneeId: '' }),
      row('b', { assigneeId: 'u1', assignee: 'Ada' }),
      row('c', { status: 'deferred', type: 'copy', page: '/cart', assigneeId: null }),
    ],
    summary,
  };

  it('keeps every count in step with the fields a patch changes', () => {
    const next = patchRows(snapshot, [
      { id: 'a', changes: { status: 'resolved', assigneeId: 'u2', assignee: 'Bo' } },
      { id: 'c', changes: { type: 'bug', page: '/' } },
    ]);
    expect(next.rows[0]).toMatchObject({ id: 'a', status: 'resolved', assignee: 'Bo' });
    expect(next.summary).toEqual({
      total: 3,
      open: 1,
      deferred: 1,
      resolved: 1,
      unassigned: 1,
      byType: { bug: 3 },
      byPage: { '/': 3 },
    });
    // The input is left alone.
    expect(snapshot.rows[0]!.status).toBe('open');
  });

  it('returns the same snapshot when nothing changes', () => {
    expect(patchRows(snapshot, [{ id: 'a', changes: { status: 'open' } }])).toBe(snapshot);
    expect(patchRows(snapshot, [{ id: 'missing', changes: { status: 'resolved' } }])).toBe(snapshot);
    expect(removeRows(snapshot, ['missing'])).toBe(snapshot);
  });

  it('takes removed rows out of the counts', () => {
    const next = removeRows(snapshot, ['c']);
    expect(next.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(next.summary).toEqual({
      total: 2,
      open: 2,
      deferred: 0,
      resolved: 0,
      unassigned: 1,
      byType: { bug: 2 },
      byPage: { '/': 2 },
    });
  });
});

describe('statuses this version does not know', () => {
  it('get a column of their own after the three of the contract, and keyboard moves reach them', () => {
    const mixed = [
      row('a', { status: 'open' }),
      row('b', { status: 'triaged' }),
      row('c', { status: 'resolved' }),
      row('d', { status: 'archived' }),
    ];
    const columns = groupByStatus(mixed);
    expect(columnOrder(columns)).toEqual(['open', 'deferred', 'resolved', 'archived', 'triaged']);
    expect(columnRows(columns, 'triaged').map((r) => r.id)).toEqual(['b']);
    expect(nextFocus(columns, 'c', 'right')).toBe('d');
    expect(nextFocus(columns, 'd', 'right')).toBe('b');
  });

  it('move no whole-project count, which covers only the contract’s statuses', () => {
    const counts = { total: 2, open: 1, deferred: 0, resolved: 0, unassigned: 2, byType: {}, byPage: {} };
    const snapshot = { rows: [row('a', { status: 'open' }), row('b', { status: 'triaged' })], summary: counts };
    const moved = patchRows(snapshot, [{ id: 'b', changes: { status: 'open' } }]);
    expect(moved.summary.open).toBe(2);
    const back = patchRows(moved, [{ id: 'a', changes: { status: 'snoozed' } }]);
    expect(back.summary.open).toBe(1);
  });
});
