import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, memo, useEffect, useId, useMemo, useRef } from 'react';
import type { ItemRow } from '../../../shared/reader/index.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { HeaderCell } from './HeaderCell.js';
import { isTypingTarget, tableKeyAction } from './keyboard.js';
import {
  type ClickModifiers,
  type FocusStep,
  type RangeAnchor,
  anchorAt,
  clickModifiers,
  clickRow,
  extendSelection,
  moveFocus,
  toggleId,
} from './selection.js';
import { TableRow } from './TableRow.js';
import { useNow } from '../../components/use-now.js';
import { type ItemsReactTable, useItemsTable } from './use-items-table.js';
import { useViewSettings } from './use-view-settings.js';
import type { TableViewSettings } from './view-settings.js';
import './table.css';
import { EmptyResult } from '../workspace/EmptyResult.js';

export interface ItemsTableProps {
  /** Column visibility, order and sorting are remembered per project (localStorage "triage-desk:table:<projectId>"). */
  projectId: string;
  /** Already filtered by the caller; up to 2,000. Keep the array stable between renders: a new one re-sorts. */
  rows: ItemRow[];
  /** Owned by the caller, which runs bulk actions on it. May hold IDs that are filtered out of `rows`. */
  selectedIds: ReadonlySet<string>;
  onSelectionChange(next: Set<string>): void;
  focusedId: string | null;
  onFocusChange(id: string | null): void;
  /** Enter or double-click. */
  onOpen(id: string): void;
  /** Shown at the start of the table's own line (the Columns menu's), so the table needs no extra line for it. */
  lead?: ReactNode;
}

/** Must match `--items-table-row-height` and `--items-table-header-height` in table.css. */
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 28;
/**
 * Rows rendered beyond each edge of the viewport. Every rendered row is rewritten when a filter
 * changes, so off-screen ones are pure cost there: 12 made over 40% of the rows at the top of
 * the list invisible. Four rows (112 px) still cover a frame of a fast flick (bench/renderer
 * scrolls 100 px a frame).
 */
const OVERSCAN = 4;

/** What the header's select-all box shows for these rows and this selection. */
type SelectAllState = 'empty' | 'none' | 'some' | 'all';

function selectAllState(rows: ReadonlyArray<{ id: string }>, selectedIds: ReadonlySet<string>): SelectAllState {
  if (rows.length === 0) return 'empty';
  if (selectedIds.size === 0) return 'none';
  let selected = 0;
  for (const row of rows) if (selectedIds.has(row.id)) selected++;
  return selected === 0 ? 'none' : selected === rows.length ? 'all' : 'some';
}

/**
 * Scrolling and filtering re-render the table, but the header and the Columns menu only change
 * with the view settings, the selection or what the select-all box shows. They read everything
 * through `table`, which useTable hands out as a new wrapper each render around the same
 * instance (so their handlers always act on the current rows), and memo compares those inputs
 * instead: a filter key leaves both alone.
 */
interface HeadInputs {
  table: ItemsReactTable;
  settings: TableViewSettings;
  selectedIds: ReadonlySet<string>;
  selectAll: SelectAllState;
}

const sameHeadInputs = (a: HeadInputs, b: HeadInputs) => a.settings === b.settings && a.selectedIds === b.selectedIds && a.selectAll === b.selectAll;

const TableHead = memo(function TableHead({ table }: HeadInputs) {
  const sortCount = table.state.sorting.length;
  return (
    <div role="rowgroup" className="items-table__head">
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="items-table__row items-table__row--head">
          {group.headers.map((header, i) => (
            <HeaderCell key={header.id} header={header} colIndex={i + 1} sortCount={sortCount} />
          ))}
        </div>
      ))}
    </div>
  );
}, sameHeadInputs);

const TableColumnsMenu = memo(function TableColumnsMenu({ table }: HeadInputs) {
  return <ColumnsMenu table={table} />;
}, sameHeadInputs);

function rowIdAt(target: EventTarget): string | null {
  return target instanceof Element ? (target.closest('[data-item-id]')?.getAttribute('data-item-id') ?? null) : null;
}

export function ItemsTable({ projectId, rows, selectedIds, onSelectionChange, focusedId, onFocusChange, onOpen, lead }: ItemsTableProps) {
  const [settings, updateSettings] = useViewSettings(projectId);
  const gridRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<RangeAnchor | null>(null);
  const baseId = useId();
  // One shared clock for every row's relative time, passed down so rows need no timer each.
  const now = useNow(30_000);

  const table = useItemsTable({
    rows,
    settings,
    updateSettings,
    selectedIds,
    onSelectionChange,
    meta: { onRowCheckbox: (id, modifiers) => handleRowClick(id, modifiers, true), now },
  });

  const tableRows = table.getRowModel().rows;
  const orderedIds = useMemo(() => tableRows.map((r) => r.id), [tableRows]);
  const selectAll = useMemo(() => selectAllState(tableRows, selectedIds), [tableRows, selectedIds]);
  const focusedIndex = focusedId === null ? -1 : orderedIds.indexOf(focusedId);
  // A focused row that the caller's filter removed counts as no focus.
  const currentFocus = focusedIndex === -1 ? null : focusedId;

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Rows start below the sticky header, and scrolling a row into view must clear it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex);
  }, [focusedIndex, virtualizer]);

  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((c) => c.id).join(',');
  const gridStyle = {
    '--items-table-columns': visibleColumns.map((c) => (c.columnDef.meta?.grow ? `minmax(${c.getSize()}px, 1fr)` : `${c.getSize()}px`)).join(' '),
    '--items-table-width': `${table.getTotalSize()}px`,
  } as CSSProperties;

  const virtualItems = virtualizer.getVirtualItems();
  const rowDomId = (index: number) => `${baseId}-row-${index}`;
  const focusRendered = focusedIndex >= 0 && virtualItems.some((v) => v.index === focusedIndex);

  function setFocus(id: string) {
    if (id !== focusedId) onFocusChange(id);
  }

  function handleRowClick(id: string, modifiers: ClickModifiers, onCheckbox: boolean) {
    const result = clickRow({ orderedIds, selected: selectedIds, anchor: anchorRef.current, fallbackAnchorId: currentFocus, id, modifiers, onCheckbox });
    anchorRef.current = result.anchor;
    if (result.selected) onSelectionChange(result.selected);
    setFocus(id);
  }

  function pageRows(): number {
    const height = gridRef.current?.clientHeight ?? 0;
    return Math.max(1, Math.floor((height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (isTypingTarget(e.target)) return;
    const action = tableKeyAction(e);
    if (!action) return;
    // Space and Enter on a header button or checkbox keep their native meaning.
    const onGrid = e.target === e.currentTarget;
    switch (action.kind) {
      case 'move':
      case 'jump': {
        const step: FocusStep = action.kind === 'jump' ? { to: action.to } : { by: action.by * (action.unit === 'page' ? pageRows() : 1) };
        const next = moveFocus(orderedIds, currentFocus, step);
        if (!next) return;
        e.preventDefault();
        if (!onGrid) gridRef.current?.focus({ preventScroll: true });
        if (action.extend) {
          const result = extendSelection({ orderedIds, selected: selectedIds, anchor: anchorRef.current, fallbackAnchorId: currentFocus, targetId: next });
          anchorRef.current = result.anchor;
          onSelectionChange(result.selected);
        } else {
          anchorRef.current = anchorAt(next);
        }
        setFocus(next);
        return;
      }
      case 'toggle':
        if (!onGrid || !currentFocus) return;
        e.preventDefault();
        anchorRef.current = anchorAt(currentFocus);
        onSelectionChange(toggleId(selectedIds, currentFocus));
        return;
      case 'open':
        if (!onGrid || !currentFocus) return;
        e.preventDefault();
        onOpen(currentFocus);
        return;
      case 'clear':
        // With nothing selected, Escape is left to the app (e.g. closing a panel).
        if (selectedIds.size === 0) return;
        e.preventDefault();
        e.stopPropagation();
        onSelectionChange(new Set());
        return;
    }
  }

  function onMouseDown(e: MouseEvent<HTMLDivElement>) {
    // Keep DOM focus on the grid when clicking rows and header controls, so j/k keep working
    // right after a click; this also stops Shift+click from selecting text.
    if (e.button !== 0 || !(e.target instanceof Element) || !e.target.closest('[data-item-id], button, input')) return;
    e.preventDefault();
    gridRef.current?.focus({ preventScroll: true });
  }

  function onClick(e: MouseEvent<HTMLDivElement>) {
    const id = rowIdAt(e.target);
    if (id) handleRowClick(id, clickModifiers(e), false);
  }

  function onDoubleClick(e: MouseEvent<HTMLDivElement>) {
    if (e.target instanceof HTMLInputElement) return;
    const id = rowIdAt(e.target);
    if (id) onOpen(id);
  }

  return (
    <div className="items-table">
      <div className="items-table__bar">
        {lead}
        <span className="items-table__keys muted">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> select · <kbd>Shift</kbd>+<kbd>j</kbd>/<kbd>k</kbd> extend · <kbd>Enter</kbd> open ·{' '}
          <kbd>Esc</kbd> clear
        </span>
        <TableColumnsMenu table={table} settings={settings} selectedIds={selectedIds} selectAll={selectAll} />
      </div>
      <div className="items-table__frame">
        <div
          ref={gridRef}
          role="grid"
          tabIndex={0}
          aria-label="Threads"
          aria-multiselectable="true"
          aria-rowcount={tableRows.length + 1}
          aria-colcount={visibleColumns.length}
          aria-activedescendant={focusRendered ? rowDomId(focusedIndex) : undefined}
          data-testid="items-table"
          className="items-table__grid"
          style={gridStyle}
          onKeyDown={onKeyDown}
          onMouseDown={onMouseDown}
          onClick={onClick}
          onDoubleClick={onDoubleClick}
        >
          <TableHead table={table} settings={settings} selectedIds={selectedIds} selectAll={selectAll} />
          <div role="rowgroup" className="items-table__body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              return (
                <TableRow
                  // Keyed by place, not by thread: when a filter or sort changes, each rendered row
                  // keeps its elements and only its text and classes change, instead of every row
                  // being removed and rebuilt (bench/renderer: a sixth less main-thread time per filter
                  // keystroke). Rows never hold focus (the grid does), so focus cannot move with them.
                  key={item.index}
                  row={row}
                  domId={rowDomId(item.index)}
                  ariaRowIndex={item.index + 2}
                  top={item.start - HEADER_HEIGHT}
                  selected={row.getIsSelected()}
                  focused={item.index === focusedIndex}
                  columnsKey={columnsKey}
                  now={now}
                />
              );
            })}
          </div>
        </div>
        {tableRows.length === 0 && (
          <div className="items-table__empty">
            <EmptyResult />
          </div>
        )}
      </div>
    </div>
  );
}
