import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import type { TextColumnId } from './cell-content.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { columnLayout } from './column-layout.js';
import { ExportMenu } from './ExportMenu.js';
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
  type SelectAllState,
  selectAllState,
  toggleId,
  toggleShown,
} from '../workspace/selection.js';
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
  /**
   * Every loaded thread. The table builds and sorts its rows from these, which change only
   * with a load, so a filter change neither rebuilds them nor sorts again.
   */
  all: ItemRow[];
  /** The threads the filters show: some of `all` (the same objects), in any order. */
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
  /** Must match `--items-table-row-height` as table.css draws it (the density the person chose). */
  rowHeight?: number;
}

/** Must match `--items-table-header-height` in table.css. */
const HEADER_HEIGHT = 28;
/**
 * Rows rendered beyond each edge of the viewport. Every rendered row is rewritten when a filter
 * changes, so off-screen ones are pure cost there: 12 made over 40% of the rows at the top of
 * the list invisible. Four rows (112 px) still cover a frame of a fast flick (bench/renderer
 * scrolls 100 px a frame).
 */
const OVERSCAN = 4;

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

const sameHeadInputs = (a: HeadInputs, b: HeadInputs) =>
  a.settings === b.settings && a.selectedIds === b.selectedIds && a.selectAll === b.selectAll;

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

/**
 * The sorted rows the filters show. A filter change costs one pass over the sorted rows and
 * no sort: the table's rows (and their cached values) stay as they were built.
 */
function shownInOrder<R extends { original: ItemRow }>(sortedAll: R[], all: ItemRow[], shown: ItemRow[]): R[] {
  if (shown === all || shown.length === sortedAll.length) return sortedAll;
  const showing = new Set(shown);
  return sortedAll.filter((row) => showing.has(row.original));
}

/** The list's inner width, as the window, the thread panel or the splitter change it. */
function useListWidth(gridRef: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const measure = () => setWidth(grid.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, [gridRef]);
  return width;
}

function rowIdAt(target: EventTarget): string | null {
  return target instanceof Element ? (target.closest('[data-item-id]')?.getAttribute('data-item-id') ?? null) : null;
}

export function ItemsTable({
  projectId,
  all,
  rows,
  selectedIds,
  onSelectionChange,
  focusedId,
  onFocusChange,
  onOpen,
  lead,
  rowHeight = 28,
}: ItemsTableProps) {
  const [settings, updateSettings] = useViewSettings(projectId);
  const gridRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<RangeAnchor | null>(null);
  const baseId = useId();
  // One shared clock for every row's relative time, passed down so rows need no timer each.
  const now = useNow(30_000);

  const table = useItemsTable({
    rows: all,
    settings,
    updateSettings,
    meta: {
      onRowCheckbox: (id, modifiers) => handleRowClick(id, modifiers, true),
      selectedIds,
      // Both read while the header renders or is clicked, after the shown rows are worked out below.
      selectAll: () => selectAll,
      onSelectAll: () => onSelectionChange(toggleShown(selectedIds, orderedIds, selectAll)),
    },
  });

  // Every loaded row, sorted: built again only when a load or the sorting changes.
  const sortedAll = table.getRowModel().rows;
  const tableRows = useMemo(() => shownInOrder(sortedAll, all, rows), [sortedAll, all, rows]);
  const orderedIds = useMemo(() => tableRows.map((r) => r.id), [tableRows]);
  const selectAll = useMemo(() => selectAllState(orderedIds, selectedIds), [orderedIds, selectedIds]);
  const focusedIndex = focusedId === null ? -1 : orderedIds.indexOf(focusedId);
  // A focused row that the caller's filter removed counts as no focus.
  const currentFocus = focusedIndex === -1 ? null : focusedId;

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    // Rows start below the sticky header, and scrolling a row into view must clear it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex);
  }, [focusedIndex, virtualizer]);

  // Another density: every row's place changes with its height.
  const measuredAt = useRef(rowHeight);
  useEffect(() => {
    if (measuredAt.current === rowHeight) return;
    measuredAt.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((c) => c.id).join(',');
  const listWidth = useListWidth(gridRef);
  const layout = columnLayout(visibleColumns, listWidth);
  const gridStyle = layout.style as CSSProperties;
  const scrollsSideways = layout.scrolls;

  const virtualItems = virtualizer.getVirtualItems();
  const rowDomId = (index: number) => `${baseId}-row-${index}`;
  const focusRendered = focusedIndex >= 0 && virtualItems.some((v) => v.index === focusedIndex);

  function setFocus(id: string) {
    if (id !== focusedId) onFocusChange(id);
  }

  function handleRowClick(id: string, modifiers: ClickModifiers, onCheckbox: boolean) {
    const result = clickRow({
      orderedIds,
      selected: selectedIds,
      anchor: anchorRef.current,
      fallbackAnchorId: currentFocus,
      id,
      modifiers,
      onCheckbox,
    });
    anchorRef.current = result.anchor;
    if (result.selected) onSelectionChange(result.selected);
    setFocus(id);
  }

  function pageRows(): number {
    const height = gridRef.current?.clientHeight ?? 0;
    return Math.max(1, Math.floor((height - HEADER_HEIGHT) / rowHeight) - 1);
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
        const step: FocusStep =
          action.kind === 'jump' ? { to: action.to } : { by: action.by * (action.unit === 'page' ? pageRows() : 1) };
        const next = moveFocus(orderedIds, currentFocus, step);
        if (!next) return;
        e.preventDefault();
        if (!onGrid) gridRef.current?.focus({ preventScroll: true });
        if (action.extend) {
          const result = extendSelection({
            orderedIds,
            selected: selectedIds,
            anchor: anchorRef.current,
            fallbackAnchorId: currentFocus,
            targetId: next,
          });
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
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> select · <kbd>Shift</kbd>+<kbd>j</kbd>/<kbd>k</kbd> extend ·{' '}
          <kbd>Enter</kbd> open · <kbd>Esc</kbd> clear
        </span>
        <ExportMenu
          rows={tableRows}
          selectedIds={selectedIds}
          columns={visibleColumns.map((c) => c.id).filter((id): id is TextColumnId => id !== 'select')}
        />
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
          className={scrollsSideways ? 'items-table__grid items-table__grid--scrolls' : 'items-table__grid'}
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
                  selected={selectedIds.has(row.id)}
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
