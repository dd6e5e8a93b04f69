import { useEffect, type KeyboardEventHandler, type Ref } from 'react';
import type { Status } from '../../../shared/api/common.js';
import { isPlainKey, isTypingTarget } from '../../app/keyboard.js';
import { Banner } from '../../components/Banner.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { truncate } from '../../format/labels.js';
import { useBoard } from '../../stores/board-store.js';
import { useThread } from '../../stores/thread-store.js';
import { AnchorSection } from './AnchorSection.js';
import { EvidenceSection } from './EvidenceSection.js';
import { ExternalLink } from './ExternalLink.js';
import { SourceSection } from './SourceSection.js';
import { ThreadFacts } from './ThreadFacts.js';
import { ThreadMessages } from './ThreadMessages.js';

interface ThreadPanelProps {
  onClose(): void;
  onSetStatus(itemId: string, status: Status): void;
  /** The heading, focused when the thread is opened from the keyboard. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Board shortcuts that also work while reading (j/k to the next thread). */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return truncate(line, 120);
}

/** One thread in full beside the board: conversation, facts, evidence and source. */
export function ThreadPanel({ onClose, onSetStatus, headingRef, onKeyDown }: ThreadPanelProps) {
  const { itemId, item, loading, problem, notice, trail, open, back } = useThread();
  const boardStatus = useBoard((s) => (item ? s.data?.rows.find((r) => r.id === item.id)?.status : undefined));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && isPlainKey(e) && !isTypingTarget(e.target)) {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside className="thread-panel" data-testid="thread-view" aria-labelledby="thread-heading" aria-busy={loading} onKeyDown={onKeyDown}>
      <div className="thread-panel__bar">
        {trail.length > 0 && (
          <button type="button" className="button button--quiet" onClick={() => void back()}>
            ← Back
          </button>
        )}
        <h2 id="thread-heading" ref={headingRef} tabIndex={-1} className="thread-panel__title">
          {item ? firstLine(item.thread.root.content) || 'Thread' : loading ? 'Loading thread…' : 'Thread'}
        </h2>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close thread" title="Close (Esc)">
          ✕
        </button>
      </div>
      <div className={loading && item ? 'thread-panel__body thread-panel__body--stale' : 'thread-panel__body'}>
        {notice && <Banner tone="info">{notice}</Banner>}
        {problem && <ErrorMessage problem={problem} onRetry={() => itemId && void open(itemId)} />}
        {item && (
          <>
            {item.duplicateOf && (
              <div className="banner banner--warning" role="status" data-testid="duplicate-of">
                <span>
                  This thread was merged into <code>{item.duplicateOf}</code> as a duplicate: work on that thread instead.
                </span>
                <button type="button" className="button" onClick={() => void open(item.duplicateOf!, { via: 'duplicate' })}>
                  Open the thread it was merged into
                </button>
              </div>
            )}
            <p className="muted thread-panel__where">
              {item.project.name} · <span className="break">{item.page}</span> · <code>{item.id}</code>
              {item.project.repo && (
                <>
                  {' · '}
                  <ExternalLink url={item.project.repo.url}>repository</ExternalLink>
                </>
              )}
            </p>
            <ThreadFacts item={item} status={boardStatus ?? item.status} onSetStatus={boardStatus && !item.duplicateOf ? (s) => onSetStatus(item.id, s) : null} />
            <ThreadMessages root={item.thread.root} replies={item.thread.replies} />
            <EvidenceSection item={item} />
            <AnchorSection anchor={item.anchor} />
            <SourceSection item={item} />
            {item.attachments.length > 0 && (
              <section className="thread-section" aria-labelledby="attachments-heading">
                <h3 id="attachments-heading">Attachments</h3>
                <ul className="attachments">
                  {item.attachments.map((a, i) => (
                    <li key={`${a.url}-${i}`}>
                      <img src={a.url} alt={`Image attached to the ${a.where === 'thread' ? 'thread' : 'reply'} by ${a.author}`} loading="lazy" />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
