import type { Cell, Column, Row } from '@tanstack/react-table';
import { type ReactNode, memo, useLayoutEffect, useRef } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { cellContent, isTextColumn } from './cell-content.js';
import { isItemColumnId, KEY_COLUMNS } from './column-ids.js';
import type { ItemsTableFeatures } from './features.js';
import { fitsOnPage } from './text-fit.js';
import { writeCell } from './write-cell.js';

export function cellClassName(column: Column<ItemsTableFeatures, ItemRow, unknown>): string {
  const meta = column.columnDef.meta;
  let name = `items-table__cell items-table__cell--${column.id}`;
  if (meta?.numeric) name += ' items-table__cell--numeric';
  if (isItemColumnId(column.id) && KEY_COLUMNS.has(column.id)) name += ' items-table__cell--key';
  return name;
}

/**
 * The checkbox cell, by calling its column's `cell` function as a plain function: it holds
 * no hooks, and a component around it would be one more fiber per row.
 */
function controlCell(cell: Cell<ItemsTableFeatures, ItemRow, unknown>): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? (render(cell.getContext()) as ReactNode) : null;
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
  /** The shared clock for relative times: the memoized row rewrites them when it ticks. */
  now: number;
}

/**
 * One virtualized row. Memoized because holding j re-renders the table once per key repeat,
 * and only the two rows whose focus changed need to do any work. React renders the row and
 * its cell elements; the text cells' contents are written by `writeCell` before the browser
 * paints (see cell-content.ts for why).
 */
export const TableRow = memo(function TableRow({
  row,
  domId,
  ariaRowIndex,
  top,
  selected,
  focused,
  now,
}: TableRowProps) {
  const ref = useRef<HTMLDivElement>(null);
  const cells = row.getVisibleCells();

  useLayoutEffect(() => {
    const elements = ref.current?.children;
    if (!elements) return;
    cells.forEach((cell, i) => {
      const id = cell.column.id;
      const element = elements[i];
      if (!isTextColumn(id) || !(element instanceof HTMLElement)) return;
      const content = cellContent(id, row.original, now);
      writeCell(element, content, !fitsOnPage(id, content, cell.column.getSize()));
    });
  });

  let className = 'items-table__row';
  if (selected) className += ' items-table__row--selected';
  if (focused) className += ' items-table__row--focused';
  return (
    <div
      ref={ref}
      id={domId}
      role="row"
      className={className}
      data-testid="table-row"
      data-item-id={row.id}
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
    >
      {cells.map((cell, i) => (
        // By column, so a row showing another thread keeps its cells (see the row key in ItemsTable).
        <div key={cell.column.id} role="gridcell" aria-colindex={i + 1} className={cellClassName(cell.column)}>
          {isTextColumn(cell.column.id) ? null : controlCell(cell)}
        </div>
      ))}
    </div>
  );
});
