import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { Status } from '#shared/api/common.js';
import type { ItemRow, StatusValue } from '#shared/reader/index.js';
import { countText } from '../../format/counts.js';
import { isStatus, statusLabel } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import type { ClickModifiers } from '../workspace/selection.js';
import { BoardCard } from './BoardCard.js';
import { draggedCardId, isCardDrag } from './card-drag.js';

const CARD_GAP = 8;

interface BoardColumnProps {
  /** A status this version doesn't know gets a column too, but cards can't be dropped there: the API sets only the contract's. */
  status: StatusValue;
  rows: ItemRow[];
  /** What the header counts: the whole project's figure, or the matching threads when filtered. */
  count: number;
  /** The count is a minimum (capped scan, unfiltered). */
  atLeast: boolean;
  filtered: boolean;
  selected: ReadonlySet<string>;
  /** The card Tab lands on in this column, if it is here. */
  tabbableId: string | null;
  onOpen(itemId: string): void;
  onSelect(itemId: string, modifiers: ClickModifiers, onCheckbox: boolean): void;
  onDropCard(itemId: string, status: Status): void;
  /** Fixed card height (CSS .card keeps to it, per density) so 2,000 cards position without measuring. */
  cardHeight: number;
}

export function BoardColumn({
  status,
  rows,
  count,
  atLeast,
  filtered,
  selected,
  tabbableId,
  onOpen,
  onSelect,
  onDropCard,
  cardHeight,
}: BoardColumnProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dropping, setDropping] = useState(false);
  const focusedId = useProjectItems((s) => s.focusedId);
  const focusTick = useProjectItems((s) => s.focusTick);
  const pending = useProjectItems((s) => s.pending);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => cardHeight + CARD_GAP,
    // Cards rendered beyond each edge. A filter change rewrites every rendered card, so
    // off-screen ones are pure cost there: 6 made more than half the board's cards invisible.
    // Two cards (224 px) still cover two frames of a fast flick (bench/renderer scrolls 100 px a frame).
    overscan: 2,
  });

  // Another density: every card's place changes with its height.
  const measuredAt = useRef(cardHeight);
  useEffect(() => {
    if (measuredAt.current === cardHeight) return;
    measuredAt.current = cardHeight;
    virtualizer.measure();
  }, [cardHeight, virtualizer]);

  // Keyboard focus moved to a card of this column: scroll it into the rendered window first.
  // Only a new focus request scrolls; rows changing (a move elsewhere, a refetch) must not yank the view.
  const handledTick = useRef(focusTick);
  useEffect(() => {
    if (focusTick === handledTick.current || !focusedId) return;
    handledTick.current = focusTick;
    const index = rows.findIndex((r) => r.id === focusedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [focusTick, focusedId, rows, virtualizer]);

  const label = statusLabel(status);
  const counted = countText(
    count,
    atLeast,
    filtered ? { one: 'matching thread', many: 'matching threads' } : { one: 'thread', many: 'threads' },
  );
  const headingId = `column-${status}-heading`;
  const empty = filtered
    ? 'No matching threads.'
    : count > 0
      ? 'None of these threads could be listed.'
      : `Nothing ${label.toLowerCase()}.`;

  return (
    <section
      className={`column column--${status}${dropping ? ' column--drop' : ''}`}
      data-testid={`column-${status}`}
      aria-labelledby={headingId}
      onDragOver={(e) => {
        if (!isCardDrag(e) || !isStatus(status)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!dropping) setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        setDropping(false);
        const id = draggedCardId(e);
        if (!id || !isStatus(status)) return;
        e.preventDefault();
        onDropCard(id, status);
      }}
    >
      <h2 className="column__head" id={headingId}>
        <span className="column__title">{label}</span>
        <span className="column__count" aria-label={counted.phrase}>
          {counted.qualifier && <span className="column__qualifier">{counted.qualifier} </span>}
          <span data-testid={`column-count-${status}`}>{counted.digits}</span>
        </span>
      </h2>
      {/* Not a tab stop: Chromium makes a scroller with no tabbable card one (unnamed), but the
          board's one card stop and its arrow keys reach every card, and scroll the column to it. */}
      <div className="column__scroll" ref={scrollRef} tabIndex={-1}>
        {rows.length === 0 ? (
          <p className="column__empty muted">
            {empty}
            {isStatus(status) ? ' Drop a card here to move it.' : ''}
          </p>
        ) : (
          <div
            className="column__canvas"
            role="list"
            aria-label={`${label} threads`}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index]!;
              return (
                <div
                  // Keyed by place, not by thread (as the table's rows are): when a filter changes, each
                  // rendered card keeps its elements and only its text and classes change, instead of
                  // every card being removed and rebuilt. Focus follows the thread: the card that now
                  // shows the focused thread takes it (BoardCard's effect).
                  key={v.index}
                  role="listitem"
                  aria-setsize={rows.length}
                  aria-posinset={v.index + 1}
                  className="column__slot"
                  style={{ transform: `translateY(${v.start}px)`, height: cardHeight }}
                >
                  <BoardCard
                    row={row}
                    focused={row.id === focusedId}
                    selected={selected.has(row.id)}
                    tabbable={row.id === tabbableId}
                    pending={Boolean(pending[row.id])}
                    onOpen={onOpen}
                    onSelect={onSelect}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
