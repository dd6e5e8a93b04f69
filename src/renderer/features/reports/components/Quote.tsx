import type { Message } from '../../../../shared/api/common.js';
import { formatDateTime } from '../../../format/relative-time.js';

/**
 * A quoted message: who, when (an absolute time, since reports are printed and read
 * later) and the words.
 */
export function Quote({ message, label }: { message: Message; label?: string }) {
  return (
    <figure className="report-quote">
      <figcaption className="report-quote__who">
        {label && <span className="report-quote__label">{label}: </span>}
        <span className="report-quote__author">{message.author}</span>
        {message.via && <span className="muted"> via {message.via}</span>}
        <span className="muted">
          {' · '}
          <time dateTime={new Date(message.at).toISOString()}>{formatDateTime(message.at)}</time>
        </span>
      </figcaption>
      <blockquote className="report-quote__text">{message.text}</blockquote>
    </figure>
  );
}
