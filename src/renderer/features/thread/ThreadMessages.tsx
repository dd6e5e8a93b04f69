import type { ThreadMessage } from '#shared/reader/index.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { formatDateTime } from '../../format/relative-time.js';
import { isMine, useMe, type Me } from './authorship.js';
import { plural } from '../../format/counts.js';

function Message({ message, isRoot, me }: { message: ThreadMessage; isRoot: boolean; me: Me }) {
  // Our service names the tool a message was posted with ("api"); other services may not.
  // One's own messages go without it: this app posts through the API, that says nothing new.
  const via = isMine(message, me) ? null : message.via || null;
  return (
    <li
      className={isRoot ? 'message message--root' : 'message'}
      data-testid="message"
      data-message-id={message.id ?? undefined}
    >
      <div className="message__head">
        <span className="message__author">{message.author || 'Unknown author'}</span>
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
export function ThreadMessages({ root, replies }: { root: ThreadMessage | null; replies: ThreadMessage[] }) {
  const me = useMe();
  return (
    <section aria-label="Conversation" className="thread-section">
      <h3>
        Conversation{' '}
        <span className="muted">
          · {replies.length === 0 ? 'no replies yet' : plural(replies.length, 'reply', 'replies')}
        </span>
      </h3>
      <ol className="messages">
        {root ? (
          <Message message={root} isRoot me={me} />
        ) : (
          <li className="message message--root muted">The opening message was not in the service&apos;s answer.</li>
        )}
        {replies.map((m, i) => (
          <Message key={m.id ?? `${m.createdAt}-${i}`} message={m} isRoot={false} me={me} />
        ))}
      </ol>
    </section>
  );
}
