import { useState } from 'react';
import { RelativeTime } from '../../components/RelativeTime.js';
import { ClickRing } from './ClickRing.js';
import { DomContext } from './DomContext.js';
import { ImageViewer } from './ImageViewer.js';
import { problemsOf, UnreadablePart, type ThreadItem } from './unreadable.js';

/** x and y: the click position in percent; null when the service didn't send it (no ring then). */
function Screenshot({ url, x, y }: { url: string; x: number | null; y: number | null }) {
  const [failed, setFailed] = useState(false);
  const [large, setLarge] = useState(false);
  if (failed) {
    return (
      <p className="notice" role="alert">
        The screenshot could not be loaded from storage. It may have been removed, or storage is unreachable from this
        network.
      </p>
    );
  }
  return (
    <figure className="evidence__figure">
      <button
        type="button"
        className="evidence__frame"
        onClick={() => setLarge(true)}
        title="Open the screenshot large (zoom with + and -)"
      >
        <img src={url} alt="Evidence screenshot" onError={() => setFailed(true)} />
        {x !== null && y !== null && <ClickRing x={x} y={y} />}
      </button>
      <figcaption className="muted">
        {x !== null && y !== null
          ? 'The ring marks where the reporter clicked. '
          : 'The service did not say where the reporter clicked. '}
        Click the screenshot to open it large.
      </figcaption>
      {large && (
        <ImageViewer
          src={url}
          alt="Evidence screenshot, large"
          title="Evidence screenshot"
          marker={x !== null && y !== null ? { x, y } : null}
          onClose={() => setLarge(false)}
        />
      )}
    </figure>
  );
}

export function EvidenceSection({ item }: { item: ThreadItem }) {
  const { evidence } = item;
  const viewport = item.anchor?.viewport ?? null;
  const unreadable = problemsOf(item, ['evidence', 'click position']);
  return (
    <section className="thread-section" aria-labelledby="evidence-heading">
      <h3 id="evidence-heading">Evidence</h3>
      <UnreadablePart what="Part of the evidence" problems={unreadable} />
      {!evidence && unreadable.length === 0 && <p className="muted">The service sent no evidence for this thread.</p>}
      {evidence?.expired && (
        <p className="notice" data-testid="evidence-expired">
          Evidence expired: screenshots and page context are kept for the workspace&apos;s retention period, and this
          thread is older. The conversation, source and attachments remain.
        </p>
      )}
      {item.movedAt !== null && (
        <p className="notice notice--warning" data-testid="pin-moved">
          The pin was moved to another element after capture: the source below describes the new element, the screenshot
          and page context the original (moved <RelativeTime ms={item.movedAt} />
          ).
        </p>
      )}
      {evidence?.screenshotUrl ? (
        <Screenshot url={evidence.screenshotUrl} x={viewport?.x ?? null} y={viewport?.y ?? null} />
      ) : (
        evidence && !evidence.expired && <p className="muted">No screenshot was taken for this thread.</p>
      )}
      {evidence?.capturedAt != null && (
        <p className="muted">
          Captured <RelativeTime ms={evidence.capturedAt} />
          {viewport && viewport.width > 0 && ` · viewport ${viewport.width}×${viewport.height}`}
        </p>
      )}
      {evidence?.domContext && (
        // Folded: the evidence now comes before the conversation, and the markup is for whoever fixes it.
        <details className="evidence__context">
          <summary>Page context around the element</summary>
          <DomContext markup={evidence.domContext} />
        </details>
      )}
    </section>
  );
}
