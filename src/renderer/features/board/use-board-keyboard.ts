import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import type { Status } from '#shared/api/common.js';
import { isPlainKey, isTypingTarget } from '../../app/keyboard.js';
import {
  type Columns,
  columnRows,
  firstCard,
  locate,
  neighbourAfterRemoval,
  nextFocus,
} from '../../stores/board-model.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { BOARD_STATUSES } from '../../format/labels.js';
import { anchorAt, extendSelection, type RangeAnchor } from '../workspace/selection.js';
import { toggleSelected } from '../../app/use-cases/workspace.js';

const MOVES: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  j: 'down',
  ArrowDown: 'down',
  k: 'up',
  ArrowUp: 'up',
  h: 'left',
  ArrowLeft: 'left',
  l: 'right',
  ArrowRight: 'right',
};

/** Shift+J/K (and Shift+arrows) extend the selection down or up a column, as in the table. */
const EXTENDS: Record<string, 'up' | 'down'> = { J: 'down', K: 'up', ArrowDown: 'down', ArrowUp: 'up' };

const STATUS_KEYS: Record<string, Status> = { o: 'open', d: 'deferred', r: 'resolved' };

/**
 * j/k (and arrows) move between cards, h/l between columns, Enter opens the thread, x
 * selects the focused card, Shift+J/K extend the selection from it. o/d/r move the focused card and put focus on its neighbour so
 * triage continues down the column; with a selection they are left to the workspace, which
 * changes the whole selection. With the thread panel open, it follows the focused card.
 */
export function useBoardKeyboard(
  columns: Columns,
  projectId: string,
  openThread: (itemId: string) => void,
  followThread: (itemId: string) => void,
  anchorRef: RefObject<RangeAnchor | null>,
) {
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!isPlainKey(e) || isTypingTarget(e.target)) return;
    const { focusedId, focusCard, setStatus } = useProjectItems.getState();
    const extend = e.shiftKey ? EXTENDS[e.key] : undefined;
    if (extend) {
      e.preventDefault();
      const next = nextFocus(columns, focusedId, extend);
      if (!next) return;
      const selection = useSelection.getState();
      const orderedIds = BOARD_STATUSES.flatMap((s) => columnRows(columns, s).map((r) => r.id));
      const result = extendSelection({
        orderedIds,
        selected: selection.projectId === projectId ? selection.selected : new Set<string>(),
        anchor: anchorRef.current,
        fallbackAnchorId: focusedId,
        targetId: next,
      });
      anchorRef.current = result.anchor;
      selection.setSelection(projectId, result.selected);
      focusCard(next, true);
      if (next !== focusedId) followThread(next);
      return;
    }
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const next = nextFocus(columns, focusedId, move);
      // A plain move starts the next range where it lands, as in the table.
      if (next) anchorRef.current = anchorAt(next);
      focusCard(next, true);
      if (next && next !== focusedId) followThread(next);
      return;
    }
    if (!focusedId) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openThread(focusedId);
      return;
    }
    if (e.key === 'x') {
      e.preventDefault();
      anchorRef.current = anchorAt(focusedId);
      toggleSelected(focusedId);
      return;
    }
    const to = STATUS_KEYS[e.key];
    const from = locate(columns, focusedId);
    const selection = useSelection.getState();
    const hasSelection = selection.projectId === projectId && selection.selected.size > 0;
    if (to && from && !hasSelection) {
      e.preventDefault();
      if (from.status === to) return;
      const neighbour = neighbourAfterRemoval(columnRows(columns, from.status), focusedId);
      focusCard(neighbour ?? focusedId, true);
      if (neighbour) followThread(neighbour);
      void setStatus(focusedId, to);
    }
  };

  /**
   * Inside the thread panel only j/k browse (arrows keep scrolling the panel): the
   * next card's thread replaces this one and focus stays in the panel.
   */
  const onPanelKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!isPlainKey(e) || isTypingTarget(e.target) || (e.key !== 'j' && e.key !== 'k')) return;
    const { focusedId, focusCard } = useProjectItems.getState();
    const next = nextFocus(columns, focusedId, e.key === 'j' ? 'down' : 'up');
    if (!next || next === focusedId) return;
    e.preventDefault();
    focusCard(next, true);
    followThread(next);
  };

  // With nothing focused (e.g. right after the board loads), j or k enters the board.
  useEffect(() => {
    const onWindowKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !isPlainKey(e) || (e.key !== 'j' && e.key !== 'k')) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const { focusedId, focusCard } = useProjectItems.getState();
      const target = focusedId && locate(columns, focusedId) ? focusedId : firstCard(columns);
      if (!target) return;
      e.preventDefault();
      focusCard(target, true);
    };
    window.addEventListener('keydown', onWindowKey);
    return () => window.removeEventListener('keydown', onWindowKey);
  }, [columns]);

  return { onBoardKeyDown: onKeyDown, onPanelKeyDown };
}
