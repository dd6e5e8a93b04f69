import { describe, expect, it } from 'vitest';
import type { Receipt, BulkPlan, BulkTask } from '../../../src/renderer/stores/bulk-model.js';
import { entryStateText } from '../../../src/renderer/format/undo-words.js';
import {
  addEntry,
  changedSinceLoaded,
  entryState,
  heldBack,
  HISTORY_LIMIT,
  isPending,
  rowsById,
  settle,
  type UndoEntry,
} from '../../../src/renderer/stores/undo-history.js';
import { row } from '../support/fake-items.js';

const task = (itemId: string): BulkTask => ({
  itemId,
  steps: [{ kind: 'status', to: 'open' }],
  before: { status: 'resolved', assignee: null },
});
const undoPlan = (...ids: string[]): BulkPlan => ({
  kind: 'undo',
  undoing: { kind: 'status', to: 'resolved', tasks: [] },
  tasks: ids.map(task),
});

let nextId = 1;
function entry(ids: string[], overrides: Partial<UndoEntry> = {}): UndoEntry {
  return {
    id: nextId++,
    projectId: 'p1',
    label: `Resolved ${ids.join(', ')}`,
    at: 1000,
    plan: undoPlan(...ids),
    total: ids.length,
    undone: [],
    leftAlone: [],
    running: false,
    undoneAt: null,
    ...overrides,
  };
}

function receipt(plan: BulkPlan, parts: Partial<Receipt>): Receipt {
  return {
    plan,
    done: [],
    unchanged: [],
    refused: [],
    notSent: [],
    changedSince: [],
    halted: null,
    reopenable: [],
    ...parts,
  };
}

describe('undo history', () => {
  it('keeps the newest entries first, at most the limit', () => {
    let list: UndoEntry[] = [];
    const all = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => entry([`t${i}`]));
    for (const e of all) list = addEntry(list, e);
    expect(list).toHaveLength(HISTORY_LIMIT);
    expect(list[0]).toBe(all.at(-1));
    expect(list.at(-1)).toBe(all[5]);
  });

  it('replaces an entry a later run supersedes, unless part of it was undone already', () => {
    const first = entry(['a']);
    const combined = entry(['a', 'b']);
    expect(addEntry([first], combined, first.id)).toEqual([combined]);
    const partly = { ...first, undone: ['a'], plan: undoPlan() };
    expect(addEntry([partly], combined, first.id)).toEqual([combined, partly]);
  });

  it('settles a run: changed back, left alone with why, or still to try', () => {
    const e = entry(['a', 'b', 'c', 'd', 'e']);
    const settled = settle(
      { ...e, running: true },
      receipt(e.plan, {
        done: ['a'],
        unchanged: ['b'],
        changedSince: [{ itemId: 'c', conflict: { kind: 'status', expected: 'resolved', now: 'deferred' } }],
        refused: [
          {
            itemId: 'd',
            step: { kind: 'status', to: 'open' },
            error: { kind: 'not_found', message: 'Gone.' },
            partial: false,
          },
        ],
        notSent: ['e'],
      }),
      5000,
    );
    expect(settled.undone).toEqual(['a', 'b']);
    expect(settled.leftAlone.map((l) => l.itemId)).toEqual(['c', 'd']);
    expect(settled.leftAlone[0]!.why).toMatch(/^Someone else changed it since: it is now Deferred, not Resolved/);
    expect(settled.leftAlone[1]!.why).toBe('It no longer exists, or this token cannot reach it.');
    expect(settled.plan.tasks.map((t) => t.itemId)).toEqual(['e']);
    expect(settled).toMatchObject({ running: false, undoneAt: 5000 });
    expect(entryState(settled)).toEqual({ kind: 'partly', undone: 2, left: 1 });
    expect(isPending(settled)).toBe(true);
  });

  it('names each state', () => {
    const e = entry(['a']);
    expect(entryState(e).kind).toBe('ready');
    expect(entryState({ ...e, running: true }).kind).toBe('running');
    expect(entryState(settle(e, receipt(e.plan, { done: ['a'] }), 1)).kind).toBe('undone');
    const blocked = settle(
      e,
      receipt(e.plan, { changedSince: [{ itemId: 'a', conflict: { kind: 'merged', into: 'z' } }] }),
      1,
    );
    expect(entryState(blocked).kind).toBe('impossible');
    expect(isPending(blocked)).toBe(false);
    // A connection problem before anything changed leaves the thread to try again.
    const offline = settle(
      e,
      receipt(e.plan, {
        refused: [
          {
            itemId: 'a',
            step: { kind: 'status', to: 'open' },
            error: { kind: 'network', message: 'x' },
            partial: false,
          },
        ],
      }),
      1,
    );
    expect(entryState(offline).kind).toBe('ready');
  });

  it('holds back threads a newer, not yet undone change touched', () => {
    const older = entry(['a', 'b']);
    const newer = entry(['b', 'c']);
    const newest = entry(['d']);
    const list = [newest, newer, older];
    expect(heldBack(list, older)).toEqual({ ids: new Set(['b']), by: newer });
    expect(heldBack(list, newer).ids.size).toBe(0);
    const undoneNewer = { ...newer, plan: undoPlan(), undone: ['b', 'c'] };
    expect(heldBack([newest, undoneNewer, older], older).ids.size).toBe(0);
  });

  it('hints, from the loaded list, how many threads were changed since', () => {
    const e = entry(['a', 'b', 'c']);
    const rows = [row('a', { status: 'resolved' }), row('b', { status: 'deferred' })];
    // b was deferred since, c is gone from the list; a is as the change left it.
    expect(changedSinceLoaded(e, rowsById(rows))).toBe(2);
    expect(
      changedSinceLoaded(
        e,
        rowsById([...rows.slice(0, 1), row('b', { status: 'resolved' }), row('c', { status: 'resolved' })]),
      ),
    ).toBe(0);
  });

  it('says each state in words', () => {
    const e = entry(['a', 'b']);
    expect(entryStateText(e)).toBe('Not undone yet');
    expect(entryStateText({ ...e, running: true })).toBe('Undoing…');
    expect(entryStateText(settle(e, receipt(e.plan, { done: ['a', 'b'] }), 1))).toBe('Undone');
    const partly = settle(
      e,
      receipt(e.plan, {
        done: ['a'],
        changedSince: [{ itemId: 'b', conflict: { kind: 'status', expected: 'resolved', now: 'open' } }],
      }),
      1,
    );
    expect(entryStateText(partly)).toBe('Partly undone: 1 of 2 threads changed back; 1 thread left as it is');
    const retry = settle(e, receipt(e.plan, { done: ['a'], notSent: ['b'] }), 1);
    expect(entryStateText(retry)).toBe(
      'Partly undone: 1 of 2 threads changed back; 1 thread still to change back: undo again',
    );
    const one = entry(['a']);
    const merged = settle(
      one,
      receipt(one.plan, { changedSince: [{ itemId: 'a', conflict: { kind: 'merged', into: 'z' } }] }),
      1,
    );
    expect(entryStateText(merged)).toBe(
      'Can’t be undone: it was merged into another thread since, so undo left it as it is.',
    );
  });
});
