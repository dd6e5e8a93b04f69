import { useEffect, type KeyboardEvent } from 'react';
import type { Status } from '../../../shared/api/common.js';
import { isPlainKey, isTypingTarget } from '../../app/keyboard.js';
import { type Columns, firstCard, locate, neighbourAfterRemoval, nextFocus } from '../../stores/board-model.js';
import { useBoard } from '../../stores/board-store.js';

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

const STATUS_KEYS: Record<string, Status> = { o: 'open', d: 'deferred', r: 'resolved' };

/**
 * j/k (and arrows) move between cards, h/l between columns, Enter opens the thread,
 * o/d/r set the focused card's status and move focus to its neighbour so triage can
 * continue down the column. With the thread panel open, it follows the focused card like
 * a reading pane.
 */
export function useBoardKeyboard(columns: Columns, openThread: (itemId: string) => void, followThread: (itemId: string) => void) {
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!isPlainKey(e) || isTypingTarget(e.target)) return;
    const { focusedId, focusCard, setStatus } = useBoard.getState();
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const next = nextFocus(columns, focusedId, move);
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
    const to = STATUS_KEYS[e.key];
    const from = locate(columns, focusedId);
    if (to && from) {
      e.preventDefault();
      if (from.status === to) return;
      const neighbour = neighbourAfterRemoval(columns[from.status], focusedId);
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
    const { focusedId, focusCard } = useBoard.getState();
    const next = nextFocus(columns, focusedId, e.key === 'j' ? 'down' : 'up');
    if (!next || next === focusedId) return;
    e.preventDefault();
    focusCard(next, true);
    followThread(next);
  };

  // With nothing focused (e.g. right after the board loads), j or k enters the board.
  useEffect(() => {
    const onWindowKey = (e: globalThis.KeyboardEvent) => {
      if (!isPlainKey(e) || (e.key !== 'j' && e.key !== 'k')) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const { focusedId, focusCard } = useBoard.getState();
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
