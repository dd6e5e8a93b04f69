import type { Cell, Column, Row } from '@tanstack/react-table';
import { type ReactNode, memo } from 'react';
import type { ItemRow } from '../../../shared/reader/index.js';
import type { ItemsTableFeatures } from './features.js';

export function cellClassName(column: Column<ItemsTableFeatures, ItemRow, unknown>): string {
  const meta = column.columnDef.meta;
  let name = `items-table__cell items-table__cell--${column.id}`;
  if (meta?.numeric) name += ' items-table__cell--numeric';
  return name;
}

/**
 * A cell's content, by calling its column's `cell` function as a plain function. Rendering it
 * as a component (FlexRender, then the function itself) puts two fibers in every cell: 300
 * rewritten per filter key for the rows on screen, for no gain, since cell functions hold no
 * hooks (see columns.tsx).
 */
function cellContent(cell: Cell<ItemsTableFeatures, ItemRow, unknown>): ReactNode {
  const render = cell.column.columnDef.cell;
  if (typeof render === 'function') return render(cell.getContext()) as ReactNode;
  return render ?? (cell.getValue() as ReactNode);
}

interface TableRowProps {
  row: Row<ItemsTableFeatures, ItemRow>;
  domId: string;
  /** 1-based and counting the header row, as aria-rowindex wants. */
  ariaRowIndex: number;
  top: number;
  selected: boolean;
  focused: boolean;
  /**
   * The visible column IDs in order. Cells are read through `row.getVisibleCells()`, which
   * memo cannot see into; this prop changes when they would, so the row re-renders.
   */
  columnsKey: string;
  /** Relative times are read from table meta; this prop makes the memoized row notice the tick. */
  now: number;
}

/**
 * One virtualized row. Memoized because holding j re-renders the table once per key repeat,
 * and only the two rows whose focus changed need to do any work.
 */
export const TableRow = memo(function TableRow({ row, domId, ariaRowIndex, top, selected, focused }: TableRowProps) {
  let className = 'items-table__row';
  if (selected) className += ' items-table__row--selected';
  if (focused) className += ' items-table__row--focused';
  return (
    <div
      id={domId}
      role="row"
      className={className}
      data-testid="table-row"
      data-item-id={row.id}
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
    >
      {row.getVisibleCells().map((cell, i) => (
        // By column, so a row showing another thread keeps its cells (see the row key in ItemsTable).
        <div key={cell.column.id} role="gridcell" aria-colindex={i + 1} className={cellClassName(cell.column)}>
          {cellContent(cell)}
        </div>
      ))}
    </div>
  );
});
