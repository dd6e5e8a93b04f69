import { useCallback, useLayoutEffect, useMemo, useRef, type KeyboardEventHandler, type ReactNode } from 'react';
import type { Status } from '#shared/api/common.js';
import type { ItemRow, ItemsSummary } from '#shared/reader/index.js';
import { PERF_MARKS, usePaintedMark } from '../../perf-marks.js';
import { isStatus } from '../../format/labels.js';
import { columnOrder, columnRows, firstCard, groupByStatus, locate } from '../../stores/board-model.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { clickRow, type ClickModifiers, type RangeAnchor } from '../workspace/selection.js';
import { BoardColumn } from './BoardColumn.js';
import { useBoardKeyboard } from './use-board-keyboard.js';
import { EmptyResult } from '../workspace/EmptyResult.js';

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

interface BoardViewProps {
  projectId: string;
  /** The filtered rows, newest first. */
  rows: ItemRow[];
  summary: ItemsSummary;
  capped: boolean;
  /** Filters are active: columns count the matching threads instead of the whole project. */
  filtered: boolean;
  onOpen(itemId: string): void;
  /** Opened from the keyboard: focus moves into the thread panel. */
  onOpenFromKeyboard(itemId: string): void;
  /** The panel (when open) follows the focused card like a reading pane. */
  onFollow(itemId: string): void;
  /** The thread panel, given the keys that keep browsing the board from inside it. */
  renderPanel(onPanelKeyDown: KeyboardEventHandler<HTMLElement>): ReactNode;
  /** Card height at the person's density (board.css draws the same). */
  cardHeight: number;
}

/** Three status columns over the filtered threads; drag or o/d/r to move, x or Shift+click to select. */
export function BoardView({
  projectId,
  rows,
  summary,
  capped,
  filtered,
  onOpen,
  onOpenFromKeyboard,
  onFollow,
  renderPanel,
  cardHeight,
}: BoardViewProps) {
  const focusedId = useProjectItems((s) => s.focusedId);
  const setStatus = useProjectItems((s) => s.setStatus);
  const selected = useSelection((s) => (s.projectId === projectId ? s.selected : NOTHING_SELECTED));
  // For performance tooling (bench/renderer): marks the frame after a load (or the board opening) was painted.
  const loadedAt = useProjectItems((s) => s.loadedAt);
  usePaintedMark(PERF_MARKS.boardPainted, loadedAt);
  usePaintedMark(PERF_MARKS.boardFirstCards, rows.length > 0 ? projectId : null);
  const columns = useMemo(() => groupByStatus(rows), [rows]);
  const tabbableId = focusedId && locate(columns, focusedId) ? focusedId : firstCard(columns);

  // Ranges run in reading order: down the Open column, then Deferred, then Resolved.
  const order = useMemo(() => columnOrder(columns), [columns]);
  const orderedIds = useMemo(() => order.flatMap((s) => columnRows(columns, s).map((r) => r.id)), [columns, order]);
  // Read at click time, so `select` stays the same function when the rows change: a new one
  // would re-render every memoized card on each filter keystroke, even cards that stay.
  const orderedIdsRef = useRef(orderedIds);
  useLayoutEffect(() => {
    orderedIdsRef.current = orderedIds;
  }, [orderedIds]);
  const anchorRef = useRef<RangeAnchor | null>(null);
  const select = useCallback(
    (itemId: string, modifiers: ClickModifiers, onCheckbox: boolean) => {
      const current = useSelection.getState();
      const base = current.projectId === projectId ? current.selected : NOTHING_SELECTED;
      const result = clickRow({
        orderedIds: orderedIdsRef.current,
        selected: base,
        anchor: anchorRef.current,
        fallbackAnchorId: useProjectItems.getState().focusedId,
        id: itemId,
        modifiers,
        onCheckbox,
      });
      anchorRef.current = result.anchor;
      if (result.selected) current.setSelection(projectId, result.selected);
      useProjectItems.getState().focusCard(itemId, false);
    },
    [projectId],
  );

  const changeStatus = useCallback((itemId: string, status: Status) => void setStatus(itemId, status), [setStatus]);
  const { onBoardKeyDown, onPanelKeyDown } = useBoardKeyboard(
    columns,
    projectId,
    onOpenFromKeyboard,
    onFollow,
    anchorRef,
  );

  return (
    <>
      {filtered && rows.length === 0 && <EmptyResult />}
      <div className="board" data-testid="board" data-board-columns onKeyDown={onBoardKeyDown}>
        {order.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            rows={columnRows(columns, status)}
            // The summary counts only the contract's statuses; another status counts its listed threads.
            count={filtered || !isStatus(status) ? columnRows(columns, status).length : summary[status]}
            atLeast={capped && !filtered}
            filtered={filtered}
            selected={selected}
            tabbableId={tabbableId}
            onOpen={onOpen}
            onSelect={select}
            onDropCard={changeStatus}
            cardHeight={cardHeight}
          />
        ))}
      </div>
      {renderPanel(onPanelKeyDown)}
    </>
  );
}
