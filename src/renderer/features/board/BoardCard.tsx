import { memo, useEffect, useRef, type MouseEvent } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { taskLabel, typeLabel, typeTagClass } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import type { ClickModifiers } from '../workspace/selection.js';
import { startCardDrag } from './card-drag.js';
import { plural } from '../../format/counts.js';

interface BoardCardProps {
  row: ItemRow;
  focused: boolean;
  selected: boolean;
  /** The one card Tab lands on (roving tabindex). */
  tabbable: boolean;
  pending: boolean;
  onOpen(itemId: string): void;
  /** Checkbox, Shift+click (range) or Ctrl/Cmd+click (toggle). */
  onSelect(itemId: string, modifiers: ClickModifiers, onCheckbox: boolean): void;
}

/** Focus follows the board's focusedId only when focus is already on the board, so it never jumps out of a form or the thread panel. */
function mayTakeFocus(el: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (el.closest('[data-board-columns]')?.contains(active) ?? false);
}

const modifiersOf = (e: MouseEvent) => ({ range: e.shiftKey, toggle: e.ctrlKey || e.metaKey });

export const BoardCard = memo(function BoardCard({
  row,
  focused,
  selected,
  tabbable,
  pending,
  onOpen,
  onSelect,
}: BoardCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusTick = useProjectItems((s) => s.focusTick);
  const focusCard = useProjectItems((s) => s.focusCard);

  useEffect(() => {
    const el = ref.current;
    if (focused && focusTick > 0 && el && document.activeElement !== el && mayTakeFocus(el))
      el.focus({ preventScroll: true });
  }, [focused, focusTick]);

  const assignee = row.assignee?.trim();
  const excerptId = `card-${row.id}-excerpt`;
  const metaId = `card-${row.id}-meta`;
  let className = 'card';
  if (focused) className += ' card--focused';
  if (selected) className += ' card--selected';
  if (pending) className += ' card--pending';
  return (
    <div
      ref={ref}
      // An article, not a button: a button may hold no control (the checkbox), and its name
      // would have to repeat every visible word. The board's keys open it (Enter, Space).
      role="article"
      tabIndex={tabbable ? 0 : -1}
      className={className}
      data-testid="card"
      data-item-id={row.id}
      data-status={row.status}
      data-selected={selected || undefined}
      aria-labelledby={excerptId}
      aria-describedby={metaId}
      aria-busy={pending || undefined}
      draggable
      onDragStart={(e) => startCardDrag(e, row.id)}
      onFocus={() => {
        if (!focused) focusCard(row.id, false);
      }}
      onMouseDown={(e) => {
        // Shift+click selects a range; without this it would also select the text between.
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={(e) => {
        const modifiers = modifiersOf(e);
        if (modifiers.range || modifiers.toggle) onSelect(row.id, modifiers, false);
        else onOpen(row.id);
      }}
    >
      <div className="card__top">
        {/* A mouse affordance, drawn rather than a native checkbox (one of those per card cost a
            sixth of a filter key's work): keyboard users select with x, and the card's description says "Selected". */}
        <span
          className="card__check"
          aria-hidden="true"
          data-testid="card-check"
          data-checked={selected || undefined}
          onClick={(e) => {
            e.stopPropagation();
            onSelect(row.id, { range: e.shiftKey, toggle: true }, true);
          }}
        />
        <span className={typeTagClass(row.type)}>{typeLabel(row.type)}</span>
        <span className="card__page" title={row.page}>
          {row.page}
        </span>
        {row.agentTask && (
          <span className="tag tag--task" title={`Agent task: ${taskLabel(row.agentTask)}`}>
            {taskLabel(row.agentTask)}
          </span>
        )}
      </div>
      <p className="card__excerpt" id={excerptId} title={row.excerpt}>
        {row.excerpt || <span className="muted">(no text)</span>}
      </p>
      <div className="card__meta" id={metaId}>
        {selected && <span className="visually-hidden">Selected.</span>}
        <span className={assignee ? 'card__assignee' : 'card__assignee muted'}>{assignee || 'Unassigned'}</span>
        <span>{plural(row.replyCount, 'reply', 'replies')}</span>
        {row.reportCount > 0 && (
          <span
            className="card__reports"
            title={`${plural(row.reportCount, 'duplicate report', 'duplicate reports')} merged into this thread`}
          >
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
