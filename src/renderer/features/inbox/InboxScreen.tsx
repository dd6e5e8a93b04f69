import { useEffect, useRef, useState } from 'react';
import { isPlainKey, isTypingTarget } from '../../app/keyboard.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { unreadCount, type InboxEntry } from './inbox-model.js';
import { MENTION_WINDOW_DAYS, markAllRead, useInboxScreen } from './inbox-query.js';
import { useInbox } from './inbox-store.js';
import { NotificationsToggle } from './NotificationsToggle.js';
import { openInboxEntry } from './open-entry.js';
import './inbox.css';

/**
 * For me: threads assigned to me (open and deferred) and mentions of me across every project
 * of the connection, newest first. j/k move, Enter opens (and marks read), like the board.
 */
export function InboxScreen() {
  const { entries, loading, loadedAt, problem, partial, refresh } = useInboxScreen();
  const notificationsOn = useInbox((s) => s.notificationsOn);
  const [focus, setFocus] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);

  const moveTo = (index: number) => {
    setFocus(index);
    listRef.current?.querySelectorAll<HTMLElement>('[data-inbox-entry]')[index]?.focus();
  };

  // Like the board: j/k (or arrows) move, Enter opens, from anywhere on the screen.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (
        e.defaultPrevented ||
        !isPlainKey(e) ||
        isTypingTarget(e.target) ||
        useDialogs.getState().dialog ||
        entries.length === 0
      )
        return;
      const current = Math.min(focus, entries.length - 1);
      if (e.key === 'j' || e.key === 'ArrowDown') moveTo(Math.min(current + 1, entries.length - 1));
      else if (e.key === 'k' || e.key === 'ArrowUp') moveTo(Math.max(current - 1, 0));
      else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) openInboxEntry(entries[current]!);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  const unread = unreadCount(entries);
  return (
    <main
      className="screen inbox"
      aria-labelledby="inbox-heading"
      aria-busy={loading}
      data-loaded={loadedAt !== null && !loading}
    >
      <div className="inbox__bar">
        <h1 id="inbox-heading">
          For me <span className="muted">· {unread} unread</span>
        </h1>
        <button type="button" className="button button--quiet" onClick={refresh} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
        <button type="button" className="button button--quiet" onClick={markAllRead} disabled={unread === 0}>
          Mark all read
        </button>
        <NotificationsToggle on={notificationsOn} />
      </div>
      <p className="muted">
        Threads assigned to you (open and deferred) and mentions of you from the last {MENTION_WINDOW_DAYS} days, in
        every project of this connection. Read marks are kept on this computer.
      </p>
      {problem && <ErrorMessage problem={problem} onRetry={refresh} />}
      {partial.length > 0 && (
        <p className="banner banner--warning" role="status" data-testid="inbox-partial">
          Some projects could not be read, so they are missing here: {partial.join('; ')}.
        </p>
      )}
      {loadedAt !== null && !loading && !problem && entries.length === 0 && (
        <p data-testid="inbox-empty">Nothing for you: no threads assigned to you and no recent mentions.</p>
      )}
      <ol className="inbox__list" ref={listRef} data-testid="inbox-list" aria-label="Threads for you, newest first">
        {entries.map((e, i) => (
          <InboxRow key={e.key} entry={e} focused={i === focus} onFocus={() => setFocus(i)} />
        ))}
      </ol>
    </main>
  );
}

function InboxRow({ entry, focused, onFocus }: { entry: InboxEntry; focused: boolean; onFocus: () => void }) {
  const what =
    entry.kind === 'assigned'
      ? `Assigned to you${entry.by ? ` by ${entry.by}` : ''} · ${entry.status}`
      : `${entry.by ?? 'Someone'} mentioned you`;
  return (
    <li>
      <button
        type="button"
        className={`inbox__entry${entry.read ? '' : ' inbox__entry--unread'}`}
        data-inbox-entry
        data-testid="inbox-entry"
        data-item-id={entry.itemId}
        data-kind={entry.kind}
        data-read={entry.read}
        tabIndex={focused ? 0 : -1}
        onFocus={onFocus}
        onClick={() => openInboxEntry(entry)}
      >
        <span className="inbox__what">
          {entry.read ? '' : <span className="visually-hidden">Unread. </span>}
          {what} · {entry.projectName} ·{' '}
          <RelativeTime ms={entry.at} {...(entry.kind === 'assigned' ? { prefix: 'opened' } : {})} />
        </span>
        <span className="inbox__line">{entry.line}</span>
        {entry.excerpt && <span className="inbox__excerpt muted">“{entry.excerpt}”</span>}
      </button>
    </li>
  );
}
