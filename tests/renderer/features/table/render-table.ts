import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ItemRow } from '#shared/reader/index.js';
import { type ItemsReactTable, useItemsTable } from '../../../../src/renderer/features/table/use-items-table.js';
import { type TableViewSettings, defaultViewSettings } from '../../../../src/renderer/features/table/view-settings.js';

/**
 * Runs the real v9 table hook once (server rendering needs no DOM) and hands back the
 * instance plus whatever it asked its owner to change, so tests can play the owner.
 */
export function renderTable(rows: ItemRow[], options: { settings?: Partial<TableViewSettings> } = {}) {
  const settings: TableViewSettings = { ...defaultViewSettings(), ...options.settings };
  const settingsUpdates: ((prev: TableViewSettings) => TableViewSettings)[] = [];
  let table: ItemsReactTable | null = null;
  function Probe() {
    table = useItemsTable({
      rows,
      settings,
      updateSettings: (fn) => settingsUpdates.push(fn),
      meta: { onRowCheckbox: () => {}, selectedIds: new Set(), selectAll: () => 'none', onSelectAll: () => {} },
    });
    return null;
  }
  renderToString(createElement(Probe));
  if (!table) throw new Error('the probe did not render');
  const rendered: ItemsReactTable = table;
  return {
    table: rendered,
    ids: () => rendered.getRowModel().rows.map((r) => r.id),
    /** The settings after applying every update the table requested, as the owner would. */
    nextSettings: () => settingsUpdates.reduce((s, fn) => fn(s), settings),
  };
}
