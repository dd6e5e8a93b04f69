import {
  columnOrderingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { ClickModifiers, SelectAllState } from '../workspace/selection.js';
import { itemSortFns } from './sorting.js';

interface ItemsColumnMeta {
  /** Plain-text name for the Columns menu; headers may render more than text. */
  label: string;
  /** Takes the spare width; every other column keeps its size. */
  grow?: boolean;
  numeric?: boolean;
}

/** Cells are defined once at module scope, so they reach the component's handlers through table meta. */
export interface ItemsTableMeta {
  onRowCheckbox(rowId: string, modifiers: ClickModifiers): void;
  /** The caller's selection, which the row checkboxes show. */
  selectedIds: ReadonlySet<string>;
  /** The select-all box, over the rows on show (the table itself holds every loaded row). */
  selectAll(): SelectAllState;
  onSelectAll(): void;
}

/**
 * Only the features this table uses (v9 tree-shakes the rest). Selection is not among them:
 * the caller owns it as a Set, rows and checkboxes read it directly, and the select-all box
 * acts on the rows the filters show, while the table's data is every loaded row (ItemsTable,
 * `selectAllState`/`toggleShown`).
 */
export const itemsTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: itemSortFns,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnMeta: metaHelper<ItemsColumnMeta>(),
  tableMeta: metaHelper<ItemsTableMeta>(),
});

export type ItemsTableFeatures = typeof itemsTableFeatures;
