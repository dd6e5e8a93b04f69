import { FlexRender, type Header } from '@tanstack/react-table';
import type { AriaAttributes } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import type { ItemsTableFeatures } from './features.js';
import { cellClassName } from './TableRow.js';

interface HeaderCellProps {
  header: Header<ItemsTableFeatures, ItemRow, unknown>;
  colIndex: number;
  /** How many columns the table is sorted by; the rank badge only helps with two or more. */
  sortCount: number;
}

/**
 * ARIA asks for aria-sort on one header at a time, so only the primary sort column carries a
 * direction; secondary sorts show their rank visually.
 */
function ariaSort(direction: false | 'asc' | 'desc', sortIndex: number): AriaAttributes['aria-sort'] {
  if (!direction || sortIndex !== 0) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

export function HeaderCell({ header, colIndex, sortCount }: HeaderCellProps) {
  const column = header.column;
  const className = `${cellClassName(column)} items-table__header`;
  if (!column.getCanSort()) {
    return (
      <div role="columnheader" aria-colindex={colIndex} className={className}>
        {header.isPlaceholder ? null : <FlexRender header={header} />}
      </div>
    );
  }
  const direction = column.getIsSorted();
  const sortIndex = column.getSortIndex();
  const label = column.columnDef.meta?.label ?? column.id;
  return (
    <div role="columnheader" aria-colindex={colIndex} aria-sort={ariaSort(direction, sortIndex)} className={className}>
      <button
        type="button"
        className={`items-table__sort${direction ? ' items-table__sort--active' : ''}`}
        title={`Sort by ${label}. Shift+click adds it as a further sort.`}
        // The v9 handler treats Shift as "add to the sort" (isMultiSortEvent) and cycles asc → desc → none.
        onClick={column.getToggleSortingHandler()}
      >
        <span className="items-table__sort-label">
          <FlexRender header={header} />
        </span>
        <span className="items-table__sort-icon" aria-hidden="true">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
        </span>
        {direction && sortCount > 1 && (
          <span className="items-table__sort-rank" aria-hidden="true">
            {sortIndex + 1}
          </span>
        )}
      </button>
    </div>
  );
}
