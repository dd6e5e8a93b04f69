import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITEM_COLUMN_IDS } from '../../../../src/renderer/features/table/column-ids.js';
import {
  defaultViewSettings,
  loadViewSettings,
  moveColumn,
  parseViewSettings,
  saveViewSettings,
  serializeViewSettings,
  viewSettingsKey,
} from '../../../../src/renderer/features/table/view-settings.js';
import { item } from './items.js';
import { renderTable } from './render-table.js';
import { memoryStorage } from '../../support/memory-storage.js';

const defaults = defaultViewSettings();
const isPermutationWithSelectFirst = (order: string[]) =>
  order[0] === 'select' &&
  order.length === ITEM_COLUMN_IDS.length &&
  [...order].sort().join() === [...ITEM_COLUMN_IDS].sort().join();

describe('parsing saved settings', () => {
  it('uses the defaults when nothing is saved', () => {
    expect(parseViewSettings(null)).toEqual(defaults);
    expect(defaults.sorting).toEqual([{ id: 'created', desc: true }]);
  });

  it.each(['{not json', '', 'null', '42', '"text"', '[1,2]', 'true'])('falls back to defaults for %j', (raw) => {
    expect(parseViewSettings(raw)).toEqual(defaults);
  });

  it('keeps boolean visibility for known, hideable columns only', () => {
    const s = parseViewSettings(
      JSON.stringify({
        columnVisibility: { author: false, page: true, excerpt: false, select: false, nope: false, type: 'no' },
      }),
    );
    expect(s.columnVisibility).toEqual({ author: false, page: true });
  });

  it('repairs the column order: checkbox first, unknown and duplicate IDs dropped, new columns appended', () => {
    const s = parseViewSettings(
      JSON.stringify({ columnOrder: ['created', 'ghost', 'status', 'created', 'select', 7] }),
    );
    expect(s.columnOrder.slice(0, 3)).toEqual(['select', 'created', 'status']);
    expect(isPermutationWithSelectFirst(s.columnOrder)).toBe(true);
  });

  it('keeps valid sort entries, drops the rest, and respects an explicit "no sorting"', () => {
    const s = parseViewSettings(
      JSON.stringify({
        sorting: [
          { id: 'status', desc: false },
          { id: 'status', desc: true },
          { id: 'select', desc: false },
          { id: 'ghost', desc: true },
          { id: 'page' },
          'x',
          { id: 'created', desc: true },
        ],
      }),
    );
    expect(s.sorting).toEqual([
      { id: 'status', desc: false },
      { id: 'created', desc: true },
    ]);
    expect(parseViewSettings(JSON.stringify({ sorting: [] })).sorting).toEqual([]);
    expect(parseViewSettings(JSON.stringify({ sorting: 'created' })).sorting).toEqual(defaults.sorting);
  });

  it('round-trips what it writes', () => {
    const s = {
      columnVisibility: { author: false },
      columnOrder: moveColumn(defaults.columnOrder, 'created', -1),
      sorting: [{ id: 'page', desc: true }],
    };
    expect(parseViewSettings(serializeViewSettings(s))).toEqual(s);
  });

  it('never throws and always yields a usable view, whatever is stored', () => {
    const anything = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify({ columnOrder: v, sorting: v, columnVisibility: v })),
    );
    fc.assert(
      fc.property(anything, (raw) => {
        const s = parseViewSettings(raw);
        expect(isPermutationWithSelectFirst(s.columnOrder)).toBe(true);
        expect(Object.values(s.columnVisibility).every((v) => typeof v === 'boolean')).toBe(true);
        expect(s.sorting.every((e) => typeof e.desc === 'boolean' && e.id !== 'select')).toBe(true);
      }),
    );
  });
});

describe('storage', () => {
  it('stores one entry per project under triage-desk:table:<projectId>', () => {
    const storage = memoryStorage();
    const mine = { ...defaults, columnVisibility: { page: false } };
    expect(saveViewSettings(storage, 'p1', mine)).toBe(true);
    expect([...storage.data.keys()]).toEqual(['triage-desk:table:p1']);
    expect(viewSettingsKey('p1')).toBe('triage-desk:table:p1');
    expect(loadViewSettings(storage, 'p1')).toEqual(mine);
    expect(loadViewSettings(storage, 'p2')).toEqual(defaults);
  });

  it('degrades to defaults (and reports it) when storage is missing or throws', () => {
    expect(loadViewSettings(null, 'p1')).toEqual(defaults);
    expect(loadViewSettings(memoryStorage({}, { failReads: true }), 'p1')).toEqual(defaults);
    expect(saveViewSettings(memoryStorage({}, { failWrites: true }), 'p1', defaults)).toBe(false);
    expect(saveViewSettings(null, 'p1', defaults)).toBe(false);
  });
});

describe('moving columns', () => {
  it('moves a column one place either way', () => {
    const order = defaults.columnOrder;
    expect(moveColumn(order, 'status', -1).slice(0, 4)).toEqual(['select', 'status', 'type', 'excerpt']);
    expect(moveColumn(order, 'status', 1).slice(0, 4)).toEqual(['select', 'type', 'excerpt', 'status']);
  });

  it('never moves anything before or out of the checkbox column, nor past the end', () => {
    const order = defaults.columnOrder;
    expect(moveColumn(order, 'type', -1)).toEqual(order);
    expect(moveColumn(order, 'select', 1)).toEqual(order);
    expect(moveColumn(order, 'created', 1)).toEqual(order);
    expect(moveColumn(order, 'ghost', 1)).toEqual(order);
  });

  it('drives the table: hidden columns leave the visible cells, order is followed', () => {
    const { table } = renderTable([item('a')], {
      settings: { columnVisibility: { author: false }, columnOrder: moveColumn(defaults.columnOrder, 'status', 1) },
    });
    const visible = table.getVisibleLeafColumns().map((c) => c.id);
    expect(visible).not.toContain('author');
    expect(visible.slice(0, 4)).toEqual(['select', 'type', 'excerpt', 'status']);
    expect(
      table
        .getRow('a')
        .getVisibleCells()
        .map((c) => c.column.id),
    ).toEqual(visible);
  });

  it('writes visibility toggles back through the owner', () => {
    const view = renderTable([item('a')]);
    view.table.getColumn('page')?.toggleVisibility(false);
    expect(view.nextSettings().columnVisibility).toEqual({ page: false });
    expect(view.table.getColumn('excerpt')?.getCanHide()).toBe(false);
  });
});
