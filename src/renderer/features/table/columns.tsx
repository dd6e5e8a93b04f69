import { type Row, type Table, createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { COLUMN_LABEL } from './column-ids.js';
import type { ItemsTableFeatures } from './features.js';
import { clickModifiers } from '../workspace/selection.js';
import { agentTaskSortValue, assigneeSortValue } from './sorting.js';

type ItemsTable = Table<ItemsTableFeatures, ItemRow>;

/** React fires a checkbox's change from its click, so the native event carries the modifier keys. */
function modifiersOf(event: Event) {
  const e = event as Partial<MouseEvent>;
  return clickModifiers({ shiftKey: e.shiftKey === true, ctrlKey: e.ctrlKey === true, metaKey: e.metaKey === true });
}

function SelectAllCheckbox({ table }: { table: ItemsTable }) {
  const ref = useRef<HTMLInputElement>(null);
  const state = table.options.meta?.selectAll() ?? 'empty';
  const partial = state === 'some';
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partial;
  }, [partial]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="items-table__checkbox"
      aria-label="Select all rows"
      checked={state === 'all'}
      disabled={state === 'empty'}
      // Read at click time, so the memoized header reaches the current rows.
      onChange={() => table.options.meta?.onSelectAll()}
    />
  );
}

function RowCheckbox({ row, table }: { row: Row<ItemsTableFeatures, ItemRow>; table: ItemsTable }) {
  const label = row.original.excerpt || row.original.id;
  return (
    <input
      type="checkbox"
      className="items-table__checkbox"
      // Keyboard users select with x/Space on the row; a tab stop per row would bury the grid.
      tabIndex={-1}
      aria-label={`Select “${label}”`}
      checked={table.options.meta?.selectedIds.has(row.id) ?? false}
      // Read at click time, so memoized rows always reach the current handler.
      onChange={(e) => table.options.meta?.onRowCheckbox(row.id, modifiersOf(e.nativeEvent))}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

const helper = createColumnHelper<ItemsTableFeatures, ItemRow>();

// Only the checkbox column has a `cell`: TableRow writes every other cell from cell-content.ts.

export const itemColumns = helper.columns([
  helper.display({
    id: 'select',
    size: 36,
    enableSorting: false,
    enableHiding: false,
    meta: { label: COLUMN_LABEL.select },
    header: ({ table }) => <SelectAllCheckbox table={table} />,
    cell: ({ row, table }) => <RowCheckbox row={row} table={table} />,
  }),
  helper.accessor('type', {
    id: 'type',
    header: COLUMN_LABEL.type,
    size: 112,
    sortFn: 'itemText',
    meta: { label: COLUMN_LABEL.type },
  }),
  helper.accessor('status', {
    id: 'status',
    header: COLUMN_LABEL.status,
    size: 100,
    sortFn: 'itemStatus',
    meta: { label: COLUMN_LABEL.status },
  }),
  helper.accessor('excerpt', {
    id: 'excerpt',
    header: COLUMN_LABEL.excerpt,
    size: 280,
    sortFn: 'itemText',
    enableHiding: false,
    meta: { label: COLUMN_LABEL.excerpt, grow: true },
  }),
  helper.accessor('page', {
    id: 'page',
    header: COLUMN_LABEL.page,
    size: 170,
    sortFn: 'itemText',
    meta: { label: COLUMN_LABEL.page },
  }),
  helper.accessor((row) => assigneeSortValue(row.assignee), {
    id: 'assignee',
    header: COLUMN_LABEL.assignee,
    size: 130,
    sortFn: 'itemText',
    sortUndefined: 'last',
    meta: { label: COLUMN_LABEL.assignee },
  }),
  helper.accessor((row) => agentTaskSortValue(row.agentTask), {
    id: 'agentTask',
    header: COLUMN_LABEL.agentTask,
    size: 104,
    sortFn: 'itemAgentTask',
    sortUndefined: 'last',
    meta: { label: COLUMN_LABEL.agentTask },
  }),
  helper.accessor('replyCount', {
    id: 'replies',
    header: COLUMN_LABEL.replies,
    size: 76,
    sortFn: 'basic',
    meta: { label: COLUMN_LABEL.replies, numeric: true },
  }),
  helper.accessor('reportCount', {
    id: 'reports',
    header: COLUMN_LABEL.reports,
    size: 76,
    sortFn: 'basic',
    meta: { label: COLUMN_LABEL.reports, numeric: true },
  }),
  helper.accessor('author', {
    id: 'author',
    header: COLUMN_LABEL.author,
    size: 120,
    sortFn: 'itemText',
    meta: { label: COLUMN_LABEL.author },
  }),
  helper.accessor('createdAt', {
    id: 'created',
    header: COLUMN_LABEL.created,
    size: 104,
    sortFn: 'basic',
    meta: { label: COLUMN_LABEL.created },
  }),
]);
