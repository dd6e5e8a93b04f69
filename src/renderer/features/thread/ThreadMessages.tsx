import type { ThreadMessage } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { formatDateTime } from '../../format/relative-time.js';

/** Our service names the tool a message was posted with ("api"); other services may not. */
function viaOf(message: ThreadMessage): string | null {
  const via = (message as { via?: unknown }).via;
  return typeof via === 'string' && via ? via : null;
}

function Message({ message, isRoot }: { message: ThreadMessage; isRoot: boolean }) {
  const via = viaOf(message);
  return (
    <li className={isRoot ? 'message message--root' : 'message'} data-testid="message" data-message-id={message.id}>
      <div className="message__head">
        <span className="message__author">{message.author}</span>
        <RelativeTime ms={message.createdAt} />
        {via && <span className="tag">via {via}</span>}
        {message.editedAt !== null && (
          <span className="message__edited" title={`Edited ${formatDateTime(message.editedAt)}`}>
            edited <RelativeTime ms={message.editedAt} />
          </span>
        )}
      </div>
      {/* Plain text: thread content is never interpreted as HTML. */}
      <p className="message__body">{message.content}</p>
    </li>
  );
}

/** The opening message, then the replies in the order they were posted. */
export function ThreadMessages({ root, replies }: { root: ThreadMessage; replies: ThreadMessage[] }) {
  return (
    <section aria-label="Conversation" className="thread-section">
      <h3>
        Conversation <span className="muted">· {replies.length === 0 ? 'no replies yet' : replies.length === 1 ? '1 reply' : `${replies.length} replies`}</span>
      </h3>
      <ol className="messages">
        <Message message={root} isRoot />
        {replies.map((m, i) => (
          <Message key={m.id ?? `${m.createdAt}-${i}`} message={m} isRoot={false} />
        ))}
      </ol>
    </section>
  );
}
