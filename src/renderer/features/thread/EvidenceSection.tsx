import { useState } from 'react';
import type { ItemDetail } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';

/** Keeps the marker on the image even if the service sends a slightly out-of-range percentage. */
const clampPercent = (n: number) => Math.min(100, Math.max(0, Number.isFinite(n) ? n : 50));

function Screenshot({ url, x, y }: { url: string; x: number; y: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="notice" role="alert">
        The screenshot could not be loaded from storage. It may have been removed, or storage is unreachable from this network.
      </p>
    );
  }
  return (
    <figure className="evidence__figure">
      <div className="evidence__frame">
        <img src={url} alt="Evidence screenshot" onError={() => setFailed(true)} />
        <span className="click-marker" data-testid="click-marker" aria-hidden="true" style={{ left: `${clampPercent(x)}%`, top: `${clampPercent(y)}%` }} />
      </div>
      <figcaption className="muted">The ring marks where the reporter clicked.</figcaption>
    </figure>
  );
}

export function EvidenceSection({ item }: { item: ItemDetail }) {
  const { evidence, anchor } = item;
  return (
    <section className="thread-section" aria-labelledby="evidence-heading">
      <h3 id="evidence-heading">Evidence</h3>
      {evidence.expired && (
        <p className="notice" data-testid="evidence-expired">
          Evidence expired: screenshots and page context are kept for the workspace&apos;s retention period
        </p>
      )}
      {item.movedAt !== null && (
        <p className="notice notice--warning" data-testid="pin-moved">
          The pin was moved to another element after capture: the source below describes the new element, the screenshot the original (moved <RelativeTime ms={item.movedAt} />).
        </p>
      )}
      {evidence.screenshotUrl ? (
        <Screenshot url={evidence.screenshotUrl} x={anchor.viewport.x} y={anchor.viewport.y} />
      ) : (
        !evidence.expired && <p className="muted">No screenshot was taken for this thread.</p>
      )}
      {evidence.capturedAt !== null && (
        <p className="muted">
          Captured <RelativeTime ms={evidence.capturedAt} /> · viewport {anchor.viewport.width}×{anchor.viewport.height}
        </p>
      )}
      {evidence.domContext && (
        <>
          <h4>Page context around the element</h4>
          {/* Escaped text, never HTML: this markup came from someone else's page. */}
          <pre className="code-block">{evidence.domContext}</pre>
        </>
      )}
    </section>
  );
}
