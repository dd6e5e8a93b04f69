import type { ThreadMessage } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { formatDateTime } from '../../format/relative-time.js';

function Message({ message, isRoot }: { message: ThreadMessage; isRoot: boolean }) {
  return (
    <li className={isRoot ? 'message message--root' : 'message'}>
      <div className="message__head">
        <span className="message__author">{message.author}</span>
        <RelativeTime ms={message.createdAt} />
        {message.editedAt !== null && (
          <span className="message__edited" title={`Edited ${formatDateTime(message.editedAt)}`}>
            edited
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
      <ol className="messages">
        <Message message={root} isRoot />
        {replies.map((m, i) => (
          <Message key={m.id ?? `${m.createdAt}-${i}`} message={m} isRoot={false} />
        ))}
      </ol>
      {replies.length === 0 && <p className="muted">No replies yet.</p>}
    </section>
  );
}
