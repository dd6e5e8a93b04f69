import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { formatCount, threadCount } from '../../format/counts.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { elementIdentity } from './element-key.js';
import { readProgress, type DetailState } from './evidence-model.js';
import { galleryLayout, moveFrom, nearestFirst, ROW_HEIGHT, type GalleryRow, type Move } from './gallery-layout.js';
import { ReadProgress } from './ReadProgress.js';
import { ScreenshotThumb } from './ScreenshotThumb.js';
import { useEvidenceReads } from './use-evidence-reads.js';
import './evidence.css';

/** A tile's width with its gap; the columns are as many as fit. */
const TILE_PITCH = 232;

type Edge = Extract<Move, 'first' | 'last'>;

const KEY_MOVES: Record<string, Move> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

const Tile = memo(function Tile({
  row,
  detail,
  tabbable,
  active,
  onOpen,
  onFocusTile,
}: {
  row: ItemRow;
  detail: DetailState | undefined;
  tabbable: boolean;
  active: boolean;
  onOpen(id: string): void;
  onFocusTile(id: string): void;
}) {
  return (
    <button
      type="button"
      className={active ? 'gallery-tile gallery-tile--active' : 'gallery-tile'}
      data-item-id={row.id}
      data-testid="gallery-tile"
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen(row.id)}
      onFocus={() => onFocusTile(row.id)}
    >
      <ScreenshotThumb detail={detail} />
      <span className="gallery-tile__caption">
        <span className="gallery-tile__excerpt">{row.excerpt || row.id}</span>
        <span className="muted">
          {statusLabel(row.status)} · {typeLabel(row.type)}
        </span>
      </span>
    </button>
  );
});

function Heading({
  row,
  failedHere,
  onRetry,
}: {
  row: Exclude<GalleryRow, { kind: 'tiles' }>;
  failedHere: number;
  onRetry(): void;
}) {
  if (row.kind === 'page') {
    return (
      <h3 className="gallery__page" data-testid="gallery-page">
        <span className="gallery__page-name">{row.page}</span> <span className="muted">{threadCount(row.count)}</span>
      </h3>
    );
  }
  if (row.kind === 'element') {
    return (
      <h4 className="gallery__element" data-testid="gallery-element">
        <span className="gallery__element-name">{row.element.label}</span>
        {row.element.kind !== 'page' && <code className="gallery__element-key">{elementIdentity(row.element)}</code>}
        <span className="muted">{formatCount(row.count)}</span>
      </h4>
    );
  }
  return (
    <h4 className="gallery__element gallery__element--pending">
      <span className="gallery__element-name">Not read yet</span>
      <span className="muted">{formatCount(row.count)}</span>
      {failedHere > 0 && (
        <button type="button" className="button button--quiet" onClick={onRetry}>
          Try the {formatCount(failedHere)} that failed again
        </button>
      )}
    </h4>
  );
}

/**
 * The evidence gallery: a screenshot for each thread of the filter, grouped by page, then by
 * element. Only the rows on screen are drawn and only their threads read (nearest the middle
 * first); arrow keys, Home and End move between tiles, Enter opens the thread beside.
 */
export function EvidenceGallery({
  rows,
  onOpen,
  panel,
}: {
  rows: ItemRow[];
  onOpen(itemId: string): void;
  panel: ReactNode;
}) {
  const reads = useEvidenceReads();
  const { lookup, want } = reads;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(3);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const layout = useMemo(() => galleryLayout(rows, lookup, columns), [rows, lookup, columns]);
  const progress = useMemo(() => readProgress(rows, lookup), [rows, lookup]);
  const focusedId = useProjectItems((s) => s.focusedId);
  const focusTick = useProjectItems((s) => s.focusTick);
  const [active, setActive] = useState<string | null>(null);
  /** The tile to focus once it is drawn; Home and End ask for whichever tile is first or last by then. */
  const pendingFocus = useRef<{ id: string; edge: Edge | null } | null>(null);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setColumns(Math.max(1, Math.floor((el.clientWidth - 16) / TILE_PITCH)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => ROW_HEIGHT[layout.rows[i]!.kind],
    getItemKey: (i) => layout.rows[i]!.key,
    overscan: 1,
  });
  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  const height = scrollRef.current?.clientHeight ?? 0;

  // What is drawn is what is wanted, nearest the middle of the view first.
  const drawn = items.map((i) => i.index).join(',');
  useEffect(() => {
    const middle = offset + height / 2;
    const middleRow = items.find((i) => i.start <= middle && i.end > middle)?.index ?? items[0]?.index ?? 0;
    want(
      nearestFirst(
        layout,
        items.map((i) => i.index),
        middleRow,
      ),
    );
    // `drawn` stands for `items`, whose array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn, layout, want]);

  // The panel closing gives the focus back to the thread's tile (WorkspaceScreen's focusCard).
  const handledTick = useRef(focusTick);
  useEffect(() => {
    if (focusTick === handledTick.current || !focusedId) return;
    handledTick.current = focusTick;
    if (layout.at.has(focusedId)) goTo(focusedId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick]);

  const current = active && layout.at.has(active) ? active : null;
  const drawnIds = new Set(
    items.flatMap((i) =>
      layout.rows[i.index]?.kind === 'tiles' ? (layout.rows[i.index] as { ids: string[] }).ids : [],
    ),
  );
  const tabbableId = current && drawnIds.has(current) ? current : (layout.order.find((id) => drawnIds.has(id)) ?? null);

  /** Scrolls a tile into view; the first tile brings its page's heading too. */
  function reveal(id: string) {
    const at = layout.at.get(id);
    if (id === layout.order[0]) virtualizer.scrollToOffset(0);
    else if (at) virtualizer.scrollToIndex(at.row, { align: 'auto' });
  }

  function goTo(id: string, edge: Edge | null = null) {
    // The tile that has the focus may scroll out and unmount: the list holds the focus (and
    // so the keys) until the next tile is drawn.
    if (!scrollRef.current?.querySelector(`[data-item-id="${CSS.escape(id)}"]`))
      scrollRef.current?.focus({ preventScroll: true });
    setActive(id);
    reveal(id);
    pendingFocus.current = { id, edge };
  }

  // React moves a regrouped tile's node, and the browser drops the focus of a node it moves:
  // while the keyboard is in the gallery, the active tile takes it back after each change.
  const keyboardInside = useRef(false);
  const empty = rows.length === 0;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onIn = () => (keyboardInside.current = true);
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) keyboardInside.current = false;
    };
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node && el.contains(e.target))) keyboardInside.current = false;
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [empty]);
  // A read can also regroup the tile the keyboard is on out of the rows drawn (it joins its
  // element's group higher up): then the view follows it there, as the keys would have.
  const seen = useRef<{ layout: typeof layout; drawn: boolean }>({ layout, drawn: false });
  useLayoutEffect(() => {
    const before = seen.current;
    const drawnNow = current !== null && drawnIds.has(current);
    seen.current = { layout, drawn: drawnNow };
    if (!keyboardInside.current || pendingFocus.current || !current) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    if (!drawnNow) {
      if (before.drawn && before.layout !== layout && (lost || focused === scrollRef.current)) goTo(current);
      return;
    }
    if (!lost) return;
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(current)}"]`)
      ?.focus({ preventScroll: true });
  });

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    // A read can regroup the tiles while the view scrolls: Home still means the first tile.
    const id = target.edge === 'first' ? layout.order[0] : target.edge === 'last' ? layout.order.at(-1) : target.id;
    if (!id) {
      pendingFocus.current = null;
      return;
    }
    target.id = id; // the tile's focus makes it the active one
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);
    if (el) {
      pendingFocus.current = null;
      el.focus({ preventScroll: true });
      return;
    }
    // A read regrouped the tile while the view scrolled to it: follow it to its new row.
    if (layout.at.has(id)) reveal(id);
    else pendingFocus.current = null;
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || !(e.target instanceof HTMLElement)) return;
    const from = e.target === scrollRef.current ? current : (e.target.dataset.itemId ?? null);
    if (!from) return;
    e.preventDefault();
    const next = moveFrom(layout, from, move);
    if (next) goTo(next, move === 'first' || move === 'last' ? move : null);
  };

  const onFocusTile = (id: string) => {
    setActive(id);
    useProjectItems.getState().focusCard(id, false);
  };

  const failedIn = (key: string) => {
    const index = layout.rows.findIndex((r) => r.key === key);
    let n = 0;
    for (let r = index + 1; r < layout.rows.length && layout.rows[r]!.kind === 'tiles'; r++) {
      for (const id of (layout.rows[r] as { ids: string[] }).ids) if (lookup(id)?.state === 'failed') n++;
    }
    return n;
  };
  const retryIn = (key: string) => {
    const index = layout.rows.findIndex((r) => r.key === key);
    for (let r = index + 1; r < layout.rows.length && layout.rows[r]!.kind === 'tiles'; r++) {
      for (const id of (layout.rows[r] as { ids: string[] }).ids) if (lookup(id)?.state === 'failed') reads.retry(id);
    }
  };

  return (
    <>
      <section className="gallery panel-surface" aria-labelledby="gallery-heading" data-testid="evidence-gallery">
        <div className="gallery__bar">
          <h2 id="gallery-heading" className="gallery__title">
            Evidence
          </h2>
          <ReadProgress
            done={progress.done}
            total={progress.total}
            failed={progress.failed}
            what="screenshots"
            rest="the others are read as you scroll to them"
          />
        </div>
        {rows.length === 0 ? (
          <p className="muted gallery__empty">No thread matches these filters, so there is no evidence to show.</p>
        ) : (
          <div
            ref={scrollRef}
            className="gallery__scroll"
            onKeyDown={onKeyDown}
            tabIndex={-1}
            role="group"
            aria-label="Screenshots by page and element"
            data-testid="gallery-scroll"
          >
            <div className="gallery__canvas" style={{ height: virtualizer.getTotalSize() }}>
              {/* Tiles are keyed by thread, straight under the canvas: a change of columns or a
                  regrouping moves a tile rather than making a new one, so the focus stays on it. */}
              {items.flatMap((item) => {
                const row = layout.rows[item.index]!;
                if (row.kind !== 'tiles') {
                  return [
                    <div
                      key={item.key}
                      className={`gallery__row gallery__row--${row.kind}`}
                      style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                    >
                      <Heading
                        row={row}
                        failedHere={row.kind === 'pending' ? failedIn(row.key) : 0}
                        onRetry={() => retryIn(row.key)}
                      />
                    </div>,
                  ];
                }
                return row.ids.map((id, col) => {
                  const r = byId.get(id);
                  return r ? (
                    <div
                      key={id}
                      className="gallery__cell"
                      style={{ transform: `translate(${col * TILE_PITCH}px, ${item.start}px)`, height: item.size }}
                    >
                      <Tile
                        row={r}
                        detail={lookup(id)}
                        tabbable={id === tabbableId}
                        active={id === current}
                        onOpen={onOpen}
                        onFocusTile={onFocusTile}
                      />
                    </div>
                  ) : null;
                });
              })}
            </div>
          </div>
        )}
      </section>
      {panel}
    </>
  );
}
