import { useState } from 'react';
import type { ItemDetail } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { DomContext } from './DomContext.js';
import { ImageViewer } from './ImageViewer.js';
import { clampPercent } from './zoom.js';

function Screenshot({ url, x, y }: { url: string; x: number; y: number }) {
  const [failed, setFailed] = useState(false);
  const [large, setLarge] = useState(false);
  if (failed) {
    return (
      <p className="notice" role="alert">
        The screenshot could not be loaded from storage. It may have been removed, or storage is unreachable from this network.
      </p>
    );
  }
  return (
    <figure className="evidence__figure">
      <button type="button" className="evidence__frame" onClick={() => setLarge(true)} title="Open the screenshot large (zoom with + and -)">
        <img src={url} alt="Evidence screenshot" onError={() => setFailed(true)} />
        <span className="click-marker" data-testid="click-marker" aria-hidden="true" style={{ left: `${clampPercent(x)}%`, top: `${clampPercent(y)}%` }} />
      </button>
      <figcaption className="muted">The ring marks where the reporter clicked. Click the screenshot to open it large.</figcaption>
      {large && <ImageViewer src={url} alt="Evidence screenshot, large" title="Evidence screenshot" marker={{ x, y }} onClose={() => setLarge(false)} />}
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
          Evidence expired: screenshots and page context are kept for the workspace&apos;s retention period, and this thread is older. The conversation, source and attachments remain.
        </p>
      )}
      {item.movedAt !== null && (
        <p className="notice notice--warning" data-testid="pin-moved">
          The pin was moved to another element after capture: the source below describes the new element, the screenshot and page context the original (moved <RelativeTime ms={item.movedAt} />).
        </p>
      )}
      {evidence.screenshotUrl ? (
        <Screenshot url={evidence.screenshotUrl} x={anchor.viewport.x} y={anchor.viewport.y} />
      ) : (
        !evidence.expired && <p className="muted">No screenshot was taken for this thread.</p>
      )}
      {evidence.capturedAt !== null && (
        <p className="muted">
          Captured <RelativeTime ms={evidence.capturedAt} />
          {anchor.viewport.width > 0 && ` · viewport ${anchor.viewport.width}×${anchor.viewport.height}`}
        </p>
      )}
      {evidence.domContext && (
        <>
          <h4>Page context around the element</h4>
          <DomContext markup={evidence.domContext} />
        </>
      )}
    </section>
  );
}
