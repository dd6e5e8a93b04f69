import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { clampWidth, readPanelWidth, rememberPanelWidth, widthRange, type WidthRange } from './panel-width.js';

/** The room the panel shares with the list: the body's width less the splitter and the gaps. */
function availableWidth(splitter: HTMLElement): number | null {
  const body = splitter.parentElement;
  if (!body) return null;
  const px = (value: string) => Number.parseFloat(value) || 0;
  const style = getComputedStyle(body);
  const own = getComputedStyle(splitter);
  const splitterRoom = splitter.offsetWidth + px(own.marginLeft) + px(own.marginRight) + 2 * px(style.columnGap);
  return body.clientWidth - px(style.paddingLeft) - px(style.paddingRight) - splitterRoom;
}

export interface PanelWidth {
  width: number;
  range: WidthRange;
  /** Sets the width (clamped); `remember` stores it for the next session. */
  setWidth(next: number, remember: boolean): void;
}

/**
 * The stored width, clamped to the room the body has now and again whenever the window
 * or the body resizes, so a width chosen on a wide screen never squeezes the board on a
 * narrow one (the stored choice is kept and comes back when there is room again).
 */
export function usePanelWidth(splitterRef: RefObject<HTMLElement | null>): PanelWidth {
  const wanted = useRef(readPanelWidth());
  const [range, setRange] = useState<WidthRange>(() =>
    widthRange(typeof window === 'undefined' ? 1400 : window.innerWidth - 60),
  );
  const width = clampWidth(wanted.current, range);
  const [, rerender] = useState(0);

  useLayoutEffect(() => {
    const splitter = splitterRef.current;
    const body = splitter?.parentElement;
    if (!splitter || !body) return;
    const measure = () => {
      const available = availableWidth(splitter);
      if (available === null) return;
      setRange((prev) => {
        const next = widthRange(available);
        return prev.min === next.min && prev.max === next.max ? prev : next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, [splitterRef]);

  const setWidth = useCallback(
    (next: number, remember: boolean) => {
      const clamped = clampWidth(next, range);
      wanted.current = clamped;
      if (remember) rememberPanelWidth(clamped);
      rerender((n) => n + 1);
    },
    [range],
  );

  return { width, range, setWidth };
}
