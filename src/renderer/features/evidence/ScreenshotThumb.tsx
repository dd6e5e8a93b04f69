import { useState } from 'react';
import { ClickRing } from '../thread/ClickRing.js';
import type { DetailState } from './evidence-model.js';

/**
 * A thread's screenshot at tile size with the click ring (the element's box is drawn into
 * the screenshot itself), or what stands in its place: not read yet, expired, none taken,
 * unreadable. Each state is said in words, never only shown.
 */
export function ScreenshotThumb({ detail }: { detail: DetailState | undefined }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!detail) return <span className="thumb thumb--empty">Reading…</span>;
  if (detail.state === 'failed')
    return <span className="thumb thumb--empty thumb--problem">Could not read this thread: {detail.message}</span>;
  const { evidence } = detail;
  if (evidence.expired) {
    return (
      <span className="thumb thumb--empty" data-testid="thumb-expired">
        Evidence expired: the retention period removed the screenshot.
      </span>
    );
  }
  if (!evidence.screenshotUrl)
    return (
      <span className="thumb thumb--empty">
        {evidence.missing ? 'The service sent no evidence.' : 'No screenshot was taken.'}
      </span>
    );
  if (broken === evidence.screenshotUrl)
    return <span className="thumb thumb--empty thumb--problem">The screenshot could not be loaded from storage.</span>;
  return (
    <span className="thumb">
      <span className="thumb__frame">
        {/* Decorative here: the tile's own name says whose screenshot it is. */}
        <img
          src={evidence.screenshotUrl}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken(evidence.screenshotUrl)}
        />
        {evidence.click && <ClickRing x={evidence.click.x} y={evidence.click.y} />}
      </span>
    </span>
  );
}
