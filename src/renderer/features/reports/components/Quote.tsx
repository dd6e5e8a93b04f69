import type { Message } from '#shared/reader/index.js';
import { formatDateTime } from '../../../format/relative-time.js';

/**
 * A quoted message: who, when (an absolute time, since reports are printed and read
 * later) and the words.
 */
export function Quote({ message, label }: { message: Message | null; label?: string }) {
  // The service may leave the message out (or send one that can't be read): say so in its place.
  if (!message)
    return (
      <p className="report-quote report-quote--missing muted">
        {label ? `${label}: not` : 'Not'} included in the service's answer.
      </p>
    );
  return (
    <figure className="report-quote">
      <figcaption className="report-quote__who">
        {label && <span className="report-quote__label">{label}: </span>}
        <span className="report-quote__author">{message.author || 'Unknown author'}</span>
        {message.via && <span className="muted"> via {message.via}</span>}
        <span className="muted">
          {' · '}
          {message.at === null ? (
            formatDateTime(null)
          ) : (
            <time dateTime={new Date(message.at).toISOString()}>{formatDateTime(message.at)}</time>
          )}
        </span>
      </figcaption>
      <blockquote className="report-quote__text">{message.text}</blockquote>
    </figure>
  );
}
