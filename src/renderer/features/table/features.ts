import {
  columnOrderingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { ClickModifiers, SelectAllState } from './selection.js';
import { itemSortFns } from './sorting.js';

export interface ItemsColumnMeta {
  /** Plain-text name for the Columns menu; headers may render more than text. */
  label: string;
  /** Takes the spare width; every other column keeps its size. */
  grow?: boolean;
  numeric?: boolean;
}

/** Cells are defined once at module scope, so they reach the component's handlers through table meta. */
export interface ItemsTableMeta {
  onRowCheckbox(rowId: string, modifiers: ClickModifiers): void;
  /** For relative times; rows also receive it as a prop so memoized rows refresh when it ticks. */
  now: number;
  /** The select-all box, over the rows on show (the table itself holds every loaded row). */
  selectAll(): SelectAllState;
  onSelectAll(): void;
}

/**
 * Only the features this table uses (v9 tree-shakes the rest). Selection is still owned by
 * the caller; registering the feature gives rows `getIsSelected()` against that controlled
 * slice. The select-all box is not TanStack's: the table's data is every loaded row, and the
 * box acts on the rows the filters show (ItemsTable, `selectAllState`/`toggleShown`).
 */
export const itemsTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: itemSortFns,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnMeta: metaHelper<ItemsColumnMeta>(),
  tableMeta: metaHelper<ItemsTableMeta>(),
});

export type ItemsTableFeatures = typeof itemsTableFeatures;
