import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  clickModifiers,
  clickRow,
  extendSelection,
  idsBetween,
  moveFocus,
  selectAllState,
  toggleId,
  toggleShown,
} from '../../../../src/renderer/features/workspace/selection.js';
import { item } from './items.js';
import { renderTable } from './render-table.js';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (s: ReadonlySet<string>) => [...s].sort();
const none = { range: false, toggle: false };

describe('toggling and ranges', () => {
  it('toggles one ID without touching the input set', () => {
    const before = new Set(['a']);
    expect(ids(toggleId(before, 'b'))).toEqual(['a', 'b']);
    expect(ids(toggleId(before, 'a'))).toEqual([]);
    expect(ids(before)).toEqual(['a']);
  });

  it('takes the inclusive range in display order, whichever end comes first', () => {
    expect(idsBetween(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(idsBetween(order, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(idsBetween(order, 'c', 'c')).toEqual(['c']);
    expect(idsBetween(order, 'zz', 'c')).toEqual([]);
  });

  it('extends from the anchor and keeps what was selected before', () => {
    const { selected } = extendSelection({
      orderedIds: order,
      selected: new Set(['f']),
      anchor: anchorAt('b'),
      fallbackAnchorId: null,
      targetId: 'd',
    });
    expect(ids(selected)).toEqual(['b', 'c', 'd', 'f']);
  });

  it('replaces the previous range on the next Shift action, so the range can shrink', () => {
    const first = extendSelection({
      orderedIds: order,
      selected: new Set(['f']),
      anchor: anchorAt('b'),
      fallbackAnchorId: null,
      targetId: 'e',
    });
    const second = extendSelection({
      orderedIds: order,
      selected: first.selected,
      anchor: first.anchor,
      fallbackAnchorId: null,
      targetId: 'c',
    });
    expect(ids(second.selected)).toEqual(['b', 'c', 'f']);
    // Across the anchor: the range flips direction.
    const third = extendSelection({
      orderedIds: order,
      selected: second.selected,
      anchor: second.anchor,
      fallbackAnchorId: null,
      targetId: 'a',
    });
    expect(ids(third.selected)).toEqual(['a', 'b', 'f']);
  });

  it('starts a fresh baseline when the selection changed elsewhere in between', () => {
    const first = extendSelection({
      orderedIds: order,
      selected: new Set(),
      anchor: anchorAt('a'),
      fallbackAnchorId: null,
      targetId: 'c',
    });
    // A bulk action (or Escape) cleared the selection; the old range must not come back.
    const after = extendSelection({
      orderedIds: order,
      selected: new Set(),
      anchor: first.anchor,
      fallbackAnchorId: null,
      targetId: 'b',
    });
    expect(ids(after.selected)).toEqual(['a', 'b']);
  });

  it('falls back to the focused row, then to the target, when the anchor is not displayed', () => {
    const fromFocus = extendSelection({
      orderedIds: order,
      selected: new Set(),
      anchor: anchorAt('gone'),
      fallbackAnchorId: 'd',
      targetId: 'e',
    });
    expect(ids(fromFocus.selected)).toEqual(['d', 'e']);
    expect(fromFocus.anchor.id).toBe('d');
    const alone = extendSelection({
      orderedIds: order,
      selected: new Set(),
      anchor: null,
      fallbackAnchorId: null,
      targetId: 'c',
    });
    expect(ids(alone.selected)).toEqual(['c']);
  });

  it('always equals the baseline plus the range from the anchor to the last target', () => {
    fc.assert(
      fc.property(
        fc.subarray(order),
        fc.constantFrom(...order),
        fc.array(fc.constantFrom(...order), { minLength: 1, maxLength: 8 }),
        (baseline, anchorId, targets) => {
          let state = { selected: new Set(baseline) as ReadonlySet<string>, anchor: anchorAt(anchorId) };
          for (const targetId of targets)
            state = extendSelection({ orderedIds: order, ...state, fallbackAnchorId: null, targetId });
          const expected = new Set([...baseline, ...idsBetween(order, anchorId, targets.at(-1)!)]);
          expect(ids(state.selected)).toEqual(ids(expected));
        },
      ),
    );
  });
});

describe('clicks', () => {
  const base = { orderedIds: order, selected: new Set(['a']), anchor: null, fallbackAnchorId: null };

  it('a plain row click only moves the anchor', () => {
    const r = clickRow({ ...base, id: 'c', modifiers: none, onCheckbox: false });
    expect(r.selected).toBeNull();
    expect(r.anchor.id).toBe('c');
  });

  it('a checkbox click or Ctrl/Cmd+click toggles the row', () => {
    expect(ids(clickRow({ ...base, id: 'c', modifiers: none, onCheckbox: true }).selected!)).toEqual(['a', 'c']);
    expect(
      ids(clickRow({ ...base, id: 'a', modifiers: { range: false, toggle: true }, onCheckbox: false }).selected!),
    ).toEqual([]);
  });

  it('Shift+click selects from the last clicked row', () => {
    const first = clickRow({ ...base, selected: new Set(), id: 'b', modifiers: none, onCheckbox: false });
    const second = clickRow({
      ...base,
      selected: new Set(),
      anchor: first.anchor,
      id: 'd',
      modifiers: { range: true, toggle: false },
      onCheckbox: false,
    });
    expect(ids(second.selected!)).toEqual(['b', 'c', 'd']);
  });

  it('reads Ctrl on Windows/Linux and Cmd on macOS as toggle', () => {
    expect(clickModifiers({ shiftKey: false, ctrlKey: true, metaKey: false })).toEqual({ range: false, toggle: true });
    expect(clickModifiers({ shiftKey: true, ctrlKey: false, metaKey: true })).toEqual({ range: true, toggle: true });
  });

  it('uses the current sorted order for ranges', () => {
    const rows = [item('old', { createdAt: 1 }), item('new', { createdAt: 3 }), item('mid', { createdAt: 2 })];
    const sorted = renderTable(rows).ids();
    expect(sorted).toEqual(['new', 'mid', 'old']);
    const r = extendSelection({
      orderedIds: sorted,
      selected: new Set(),
      anchor: anchorAt('new'),
      fallbackAnchorId: null,
      targetId: 'mid',
    });
    expect(ids(r.selected)).toEqual(['mid', 'new']);
  });
});

describe('focus movement', () => {
  it('enters at the top when nothing (or a filtered-out row) is focused', () => {
    expect(moveFocus(order, null, { by: 1 })).toBe('a');
    expect(moveFocus(order, null, { by: -1 })).toBe('a');
    expect(moveFocus(order, 'gone', { by: 1 })).toBe('a');
  });

  it('moves by rows and pages and stops at the ends', () => {
    expect(moveFocus(order, 'b', { by: 1 })).toBe('c');
    expect(moveFocus(order, 'b', { by: -1 })).toBe('a');
    expect(moveFocus(order, 'a', { by: -1 })).toBe('a');
    expect(moveFocus(order, 'e', { by: 10 })).toBe('f');
    expect(moveFocus(order, 'c', { to: 'first' })).toBe('a');
    expect(moveFocus(order, 'c', { to: 'last' })).toBe('f');
  });

  it('has nowhere to go in an empty table', () => {
    expect(moveFocus([], null, { by: 1 })).toBeNull();
  });
});

describe('the select-all box', () => {
  it('select-all adds every shown row and keeps selected IDs that are filtered out', () => {
    const selected = new Set(['hidden']);
    expect(selectAllState(['a', 'b'], selected)).toBe('none');
    expect(ids(toggleShown(selected, ['a', 'b'], 'none'))).toEqual(['a', 'b', 'hidden']);
    expect(ids(toggleShown(new Set(['a', 'hidden']), ['a', 'b'], 'some'))).toEqual(['a', 'b', 'hidden']);
  });

  it('select-none clears the shown rows only', () => {
    const selected = new Set(['a', 'b', 'hidden']);
    expect(selectAllState(['a', 'b'], selected)).toBe('all');
    expect(ids(toggleShown(selected, ['a', 'b'], 'all'))).toEqual(['hidden']);
  });

  it('has nothing to select when nothing is shown', () => {
    expect(selectAllState([], new Set(['hidden']))).toBe('empty');
  });

  it('reports a partial selection as "some"', () => {
    expect(selectAllState(['a', 'b'], new Set(['a']))).toBe('some');
  });
});
