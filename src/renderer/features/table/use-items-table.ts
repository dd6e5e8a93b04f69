import { type Updater, functionalUpdate, useTable } from '@tanstack/react-table';
import type { ItemRow } from '#shared/reader/index.js';
import { itemColumns } from './columns.js';
import { type ItemsTableMeta, itemsTableFeatures } from './features.js';
import { type TableViewSettings, defaultViewSettings } from './view-settings.js';

interface UseItemsTableInput {
  rows: ItemRow[];
  settings: TableViewSettings;
  updateSettings(fn: (prev: TableViewSettings) => TableViewSettings): void;
  meta: ItemsTableMeta;
}

const getRowId = (row: ItemRow) => row.id;

/** What the table's reset APIs (resetSorting, resetColumnOrder, …) return to. */
const initialState = defaultViewSettings();

/**
 * The v9 table for the items list. Every slice is controlled by the per-project settings, and
 * each `state.<slice>` is paired with its `on<Slice>Change`, so table APIs (header sort
 * toggles, visibility handlers) write back through the owner.
 */
export function useItemsTable({ rows, settings, updateSettings, meta }: UseItemsTableInput) {
  const slice =
    <K extends keyof TableViewSettings>(key: K) =>
    (updater: Updater<TableViewSettings[K]>) =>
      updateSettings((prev) => ({ ...prev, [key]: functionalUpdate(updater, prev[key]) }));

  return useTable({
    features: itemsTableFeatures,
    columns: itemColumns,
    data: rows,
    getRowId,
    initialState,
    state: {
      sorting: settings.sorting,
      columnVisibility: settings.columnVisibility,
      columnOrder: settings.columnOrder,
    },
    onSortingChange: slice('sorting'),
    onColumnVisibilityChange: slice('columnVisibility'),
    onColumnOrderChange: slice('columnOrder'),
    // Every column cycles asc → desc → none (the brief's order), whatever its value type.
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: true,
    meta,
  });
}

export type ItemsReactTable = ReturnType<typeof useItemsTable>;
