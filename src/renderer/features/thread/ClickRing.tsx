import { clampPercent } from './zoom.js';

/** The ring on a screenshot where the reporter clicked; x and y in percent of the image it sits on. */
export function ClickRing({ x, y }: { x: number; y: number }) {
  return (
    <span
      className="click-marker"
      data-testid="click-marker"
      aria-hidden="true"
      style={{ left: `${clampPercent(x)}%`, top: `${clampPercent(y)}%` }}
    />
  );
}
