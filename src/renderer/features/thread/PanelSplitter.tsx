import { useRef, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { widthForKey } from './panel-width.js';
import type { PanelWidth } from './use-panel-width.js';

interface PanelSplitterProps {
  splitterRef: Ref<HTMLDivElement>;
  panel: PanelWidth;
  /** The id of the panel it sizes (aria-controls). */
  controls: string;
}

/**
 * The handle between the list and the thread panel: drag it, or focus it and use the
 * arrow keys (Shift or Page Up/Down for larger steps, Home/End for the narrowest and the
 * widest). The value it reports is the panel's width in pixels.
 */
export function PanelSplitter({ splitterRef, panel, controls }: PanelSplitterProps) {
  const drag = useRef<{ startX: number; startWidth: number; pointerId: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = widthForKey(e.key, e.shiftKey, panel.width, panel.range);
    if (next === null) return;
    e.preventDefault();
    // The board's own keys (j/k, arrows between cards) must not also act on this key.
    e.stopPropagation();
    panel.setWidth(next, true);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { startX: e.clientX, startWidth: panel.width, pointerId: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    panel.setWidth(d.startWidth + (d.startX - e.clientX), false);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    panel.setWidth(d.startWidth + (d.startX - e.clientX), true);
  };

  return (
    <div
      ref={splitterRef}
      className="panel-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Thread panel width"
      aria-controls={controls}
      aria-valuenow={panel.width}
      aria-valuemin={panel.range.min}
      aria-valuemax={panel.range.max}
      aria-valuetext={`${panel.width} pixels wide`}
      tabIndex={0}
      title="Drag, or use the arrow keys, to resize the thread panel"
      data-testid="thread-panel-splitter"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    />
  );
}
