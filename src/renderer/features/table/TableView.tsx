import { useCallback, useEffect, type ReactNode } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { isPlainKey } from '../../app/keyboard.js';
import { PERF_MARKS, usePaintedMark } from '../../perf-marks.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { ItemsTable } from './ItemsTable.js';

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

interface TableViewProps {
  projectId: string;
  /** Every loaded thread, and those the filters show (some of them). */
  all: ItemRow[];
  rows: ItemRow[];
  onOpen(itemId: string): void;
  panel: ReactNode;
  /** The project summary, on the table's own line above the rows. */
  summary: ReactNode;
  /** Row height at the person's density. */
  rowHeight: number;
}

/** The items table over the same filtered rows, selection and focused thread as the board. */
export function TableView({ projectId, all, rows, onOpen, panel, summary, rowHeight }: TableViewProps) {
  const selected = useSelection((s) => (s.projectId === projectId ? s.selected : NOTHING_SELECTED));
  const focusedId = useProjectItems((s) => s.focusedId);
  // For performance tooling (bench/renderer): marks the frame after a load (or the table opening) was painted.
  const loadedAt = useProjectItems((s) => s.loadedAt);
  usePaintedMark(PERF_MARKS.tablePainted, loadedAt);

  const onSelectionChange = useCallback(
    (next: Set<string>) => useSelection.getState().setSelection(projectId, next),
    [projectId],
  );
  const onFocusChange = useCallback((id: string | null) => useProjectItems.getState().focusCard(id, false), []);

  // With nothing focused (e.g. right after switching views), j or k puts the keyboard in the table.
  useEffect(() => {
    const onWindowKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isPlainKey(e) || (e.key !== 'j' && e.key !== 'k')) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const grid = document.querySelector<HTMLElement>('[data-testid="items-table"]');
      if (!grid) return;
      e.preventDefault();
      grid.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onWindowKey);
    return () => window.removeEventListener('keydown', onWindowKey);
  }, []);

  return (
    <>
      <ItemsTable
        projectId={projectId}
        all={all}
        rows={rows}
        selectedIds={selected}
        onSelectionChange={onSelectionChange}
        focusedId={focusedId}
        onFocusChange={onFocusChange}
        onOpen={onOpen}
        lead={summary}
        rowHeight={rowHeight}
      />
      {panel}
    </>
  );
}
