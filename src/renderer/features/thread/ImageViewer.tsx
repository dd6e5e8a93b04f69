import { useCallback, useEffect, useLayoutEffect, useRef, useState, type WheelEvent } from 'react';
import { ActionDialog } from '../../components/ActionDialog.js';
import {
  canZoomIn,
  canZoomOut,
  clampPercent,
  fitScale,
  scrollToCentre,
  zoomIn,
  zoomLabel,
  zoomOut,
  type Zoom,
} from './zoom.js';

interface ImageViewerProps {
  src: string;
  alt: string;
  title: string;
  /** The reporter's click, as percentages of the image; the ring stays there at every zoom. */
  marker?: { x: number; y: number } | null;
  /** In a gallery: which image this is, and how to step to the neighbours (P / N). */
  gallery?: { index: number; count: number; go(delta: -1 | 1): void };
  onClose(): void;
}

interface Size {
  width: number;
  height: number;
}

/**
 * An image shown large: + and - (or Ctrl+wheel) zoom in steps, 0 shows it at 100 %, F fits
 * it to the window, Esc closes. The click marker is placed in percentages of the image, so it
 * stays on the clicked spot at every size, and each zoom scrolls it back into the middle.
 */
export function ImageViewer({ src, alt, title, marker, gallery, onClose }: ImageViewerProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<Zoom>(null);
  const [failed, setFailed] = useState(false);

  // A new image in the same viewer (gallery): start over at "fit".
  useEffect(() => {
    setNatural(null);
    setZoom(null);
    setFailed(false);
  }, [src]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => setBox({ width: stage.clientWidth, height: stage.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  const fit = natural ? fitScale(natural, box) : 1;
  const scale = zoom ?? fit;
  const shown: Size | null = natural
    ? { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) }
    : null;

  // After every zoom, bring the marker (or the middle) back into view.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !shown) return;
    const { left, top } = scrollToCentre(marker ?? { x: 50, y: 50 }, shown, {
      width: stage.clientWidth,
      height: stage.clientHeight,
    });
    stage.scrollTo({ left, top });
    // Only when the size changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown?.width, shown?.height]);

  const stepIn = useCallback(() => setZoom((z) => zoomIn(z, fit)), [fit]);
  const stepOut = useCallback(() => setZoom((z) => zoomOut(z, fit)), [fit]);

  // Keys anywhere in the viewer's dialog (its close button included), read before the dialog keeps them to itself.
  const keys = useRef({ stepIn, stepOut, setZoom, gallery });
  useEffect(() => {
    keys.current = { stepIn, stepOut, setZoom, gallery };
  }, [stepIn, stepOut, gallery]);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const dialog = stageRef.current?.closest('dialog');
      if (!dialog || !(e.target instanceof Node) || !dialog.contains(e.target) || e.ctrlKey || e.metaKey || e.altKey)
        return;
      const k = keys.current;
      if (e.key === '+' || e.key === '=') k.stepIn();
      else if (e.key === '-' || e.key === '_') k.stepOut();
      else if (e.key === '0') k.setZoom(1);
      else if (e.key === 'f' || e.key === 'F') k.setZoom(null);
      else if (k.gallery && (e.key === 'n' || e.key === 'p')) k.gallery.go(e.key === 'n' ? 1 : -1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    if (e.deltaY < 0) stepIn();
    else stepOut();
  };

  return (
    <ActionDialog title={title} onClose={onClose} size="full" testId="image-viewer" initialFocus={stageRef}>
      <div className="viewer">
        <div className="viewer__toolbar" role="toolbar" aria-label="Zoom">
          <button
            type="button"
            className="button"
            onClick={stepOut}
            disabled={!canZoomOut(zoom, fit)}
            aria-label="Zoom out"
            title="Zoom out (-)"
          >
            −
          </button>
          <span className="viewer__zoom" aria-live="polite" data-testid="viewer-zoom">
            {zoomLabel(zoom, fit)}
          </span>
          <button
            type="button"
            className="button"
            onClick={stepIn}
            disabled={!canZoomIn(zoom, fit)}
            aria-label="Zoom in"
            title="Zoom in (+)"
          >
            +
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setZoom(1)}
            aria-pressed={zoom === 1}
            title="Actual size (0)"
          >
            100 %
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setZoom(null)}
            aria-pressed={zoom === null}
            title="Fit to the window (F)"
          >
            Fit
          </button>
          {gallery && gallery.count > 1 && (
            <span className="viewer__gallery">
              <button
                type="button"
                className="button button--quiet"
                onClick={() => gallery.go(-1)}
                disabled={gallery.index === 0}
                title="Previous image (P)"
              >
                ‹ Previous
              </button>
              <span className="muted">
                {gallery.index + 1} of {gallery.count}
              </span>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => gallery.go(1)}
                disabled={gallery.index === gallery.count - 1}
                title="Next image (N)"
              >
                Next ›
              </button>
            </span>
          )}
          <span className="muted viewer__keys">
            <kbd>+</kbd> <kbd>-</kbd> zoom · <kbd>0</kbd> 100 % · <kbd>F</kbd> fit · <kbd>Esc</kbd> close
          </span>
        </div>
        <div
          ref={stageRef}
          className="viewer__stage"
          tabIndex={0}
          onWheel={onWheel}
          aria-label="Image; use + and - to zoom, arrow keys to scroll"
        >
          {failed ? (
            <p className="notice" role="alert">
              The image could not be loaded from storage. It may have been removed, or storage is unreachable from this
              network.
            </p>
          ) : (
            <div className="viewer__canvas" style={shown ? { width: shown.width, height: shown.height } : undefined}>
              <img
                src={src}
                alt={alt}
                className="viewer__image"
                draggable={false}
                onLoad={(e) =>
                  setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
                }
                onError={() => setFailed(true)}
              />
              {marker && natural && (
                <span
                  className="click-marker"
                  data-testid="viewer-marker"
                  aria-hidden="true"
                  style={{ left: `${clampPercent(marker.x)}%`, top: `${clampPercent(marker.y)}%` }}
                />
              )}
            </div>
          )}
        </div>
      </div>
    </ActionDialog>
  );
}
