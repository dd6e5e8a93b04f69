import { memo, useEffect, useRef } from 'react';
import type { ItemRow } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { TASK_LABEL, plural, typeLabel } from '../../format/labels.js';
import { useBoard } from '../../stores/board-store.js';
import { startCardDrag } from './card-drag.js';

interface BoardCardProps {
  row: ItemRow;
  focused: boolean;
  /** The one card Tab lands on (roving tabindex). */
  tabbable: boolean;
  pending: boolean;
  onOpen(itemId: string): void;
}

/** Focus follows the board's focusedId only when focus is already on the board, so it never jumps out of a form or the thread panel. */
function mayTakeFocus(el: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (el.closest('[data-board-columns]')?.contains(active) ?? false);
}

export const BoardCard = memo(function BoardCard({ row, focused, tabbable, pending, onOpen }: BoardCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusTick = useBoard((s) => s.focusTick);
  const focusCard = useBoard((s) => s.focusCard);

  useEffect(() => {
    const el = ref.current;
    if (focused && focusTick > 0 && el && document.activeElement !== el && mayTakeFocus(el)) el.focus({ preventScroll: true });
  }, [focused, focusTick]);

  const assignee = row.assignee?.trim();
  const excerptId = `card-${row.id}-excerpt`;
  const metaId = `card-${row.id}-meta`;
  return (
    <div
      ref={ref}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      className={`card${focused ? ' card--focused' : ''}${pending ? ' card--pending' : ''}`}
      data-testid="card"
      data-item-id={row.id}
      data-status={row.status}
      aria-labelledby={excerptId}
      aria-describedby={metaId}
      aria-busy={pending || undefined}
      draggable
      onDragStart={(e) => startCardDrag(e, row.id)}
      onFocus={() => {
        if (!focused) focusCard(row.id, false);
      }}
      onClick={() => onOpen(row.id)}
    >
      <div className="card__top">
        <span className={`type-tag type-tag--${row.type}`}>{typeLabel(row.type)}</span>
        <span className="card__page" title={row.page}>
          {row.page}
        </span>
        {row.agentTask && (
          <span className="tag tag--task" title={`Agent task: ${TASK_LABEL[row.agentTask]}`}>
            {TASK_LABEL[row.agentTask]}
          </span>
        )}
      </div>
      <p className="card__excerpt" id={excerptId} title={row.excerpt}>
        {row.excerpt || <span className="muted">(no text)</span>}
      </p>
      <div className="card__meta" id={metaId}>
        <span className={assignee ? 'card__assignee' : 'card__assignee muted'}>{assignee || 'Unassigned'}</span>
        <span>{plural(row.replyCount, 'reply', 'replies')}</span>
        {row.reportCount > 0 && (
          <span className="card__reports" title={`${plural(row.reportCount, 'duplicate report', 'duplicate reports')} merged into this thread`}>
            +{plural(row.reportCount, 'report', 'reports')}
          </span>
        )}
        <span className="card__time">
          <RelativeTime ms={row.createdAt} />
        </span>
      </div>
    </div>
  );
});
