import { useState } from 'react';
import type { Attachment } from '#shared/reader/index.js';
import { ImageViewer } from './ImageViewer.js';

const describe = (a: Attachment) => `Image attached to the ${a.where === 'thread' ? 'thread' : 'reply'} by ${a.author}`;

/** Images people attached to the thread or its replies: thumbnails, each opening large. */
export function AttachmentsGallery({ attachments }: { attachments: Attachment[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (attachments.length === 0) return null;
  const current = open !== null ? attachments[open] : undefined;
  return (
    <section className="thread-section" aria-labelledby="attachments-heading">
      <h3 id="attachments-heading">
        Attachments <span className="muted">· {attachments.length}</span>
      </h3>
      <ul className="attachments">
        {attachments.map((a, i) => (
          <li key={`${a.url}-${i}`}>
            <button type="button" className="thumb" onClick={() => setOpen(i)} title="Open large">
              <img src={a.url} alt={describe(a)} loading="lazy" />
            </button>
            <span className="muted attachments__by">
              {a.author} · {a.where === 'thread' ? 'thread' : 'reply'}
            </span>
          </li>
        ))}
      </ul>
      {current && open !== null && (
        <ImageViewer
          src={current.url}
          alt={describe(current)}
          title={`Attachment ${open + 1} of ${attachments.length} · ${current.author}`}
          gallery={{
            index: open,
            count: attachments.length,
            go: (d) => setOpen((i) => Math.min(attachments.length - 1, Math.max(0, (i ?? 0) + d))),
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
