import { useEffect, useRef, type KeyboardEventHandler, type Ref } from 'react';
import type { ItemDetail } from '#shared/reader/index.js';
import { isPlainKey, isTypingTarget } from '../../app/keyboard.js';
import { Banner } from '../../components/Banner.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { BOARD_STATUSES, statusLabel, truncate } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useThread } from '../../stores/thread-store.js';
import { ReplyComposer } from './ReplyComposer.js';
import { useDrafts } from './reply-drafts-store.js';
import { AnchorSection } from './AnchorSection.js';
import { AttachmentsGallery } from './AttachmentsGallery.js';
import { EvidenceSection } from './EvidenceSection.js';
import { PanelSplitter } from './PanelSplitter.js';
import { SourceSection } from './SourceSection.js';
import { ThreadActions } from './ThreadActions.js';
import { ThreadFacts } from './ThreadFacts.js';
import { ThreadMessages } from './ThreadMessages.js';
import { usePanelWidth } from './use-panel-width.js';
import { useThreadStatus, type HostStatusWriter } from './use-thread-status.js';
import './thread-view.css';
import { problemsOf, UnreadablePart, type ThreadItem } from './unreadable.js';
import { CopyLinkButton } from '../links/CopyLinkButton.js';

interface ThreadPanelProps {
  onClose(): void;
  /** The host's status writer (the board's moves its card at once); without one the panel writes itself. */
  onSetStatus?: HostStatusWriter;
  /** The heading, focused when the thread is opened from the keyboard. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Board shortcuts that also work while reading (j/k to the next thread). */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return truncate(line, 120);
}

function DuplicateBanner({ item }: { item: ItemDetail }) {
  const open = useThread((s) => s.open);
  const canonical = item.duplicateOf!;
  return (
    <div className="banner banner--warning" role="status" data-testid="duplicate-of">
      <span>
        This thread was merged into <code>{canonical}</code> as a duplicate: its status and assignee live there, so work
        on that thread instead.
      </span>
      <button
        type="button"
        className="button"
        onClick={() => {
          // A reply started here belongs with the thread that is worked on now.
          useDrafts.getState().move(item.id, canonical);
          void open(canonical, { via: 'duplicate' });
        }}
      >
        Open the thread it was merged into
      </button>
    </div>
  );
}

function ThreadBody({ item, hostWriter }: { item: ThreadItem; hostWriter: HostStatusWriter | undefined }) {
  const status = useThreadStatus(item, hostWriter);
  return (
    <>
      {item.duplicateOf && <DuplicateBanner item={item} />}
      <p className="muted thread-panel__where">
        {item.project?.name ? `${item.project.name} · ` : ''}
        <span className="break">{item.page}</span> · <code>{item.id}</code> <CopyLinkButton itemId={item.id} />
      </p>
      <ThreadActions item={item} status={status} />
      {/* What the reporter saw comes first: a designer reads the screenshot before the conversation. */}
      <EvidenceSection item={item} />
      <ThreadFacts item={item} />
      <UnreadablePart
        what="Part of the conversation"
        problems={problemsOf(item, ['conversation', 'first message', 'reply'])}
      />
      <ThreadMessages root={item.thread.root} replies={item.thread.replies} />
      {!item.duplicateOf && <ReplyComposer item={item} onResolve={() => status.change('resolved')} />}
      <AnchorSection item={item} />
      <SourceSection item={item} />
      <AttachmentsGallery attachments={item.attachments} />
    </>
  );
}

/**
 * The thread just asked for, until its detail arrives: where it is and its ID, and the
 * actions shown but disabled, so nothing can be pressed for the thread before it.
 */
function SwitchingPlaceholder({ itemId, page }: { itemId: string; page: string | undefined }) {
  return (
    <div data-testid="thread-switching">
      <p className="muted thread-panel__where">
        {page && (
          <>
            <span className="break">{page}</span> ·{' '}
          </>
        )}
        <code>{itemId}</code>
      </p>
      <section className="thread-section thread-actions" aria-label="Actions">
        <div className="thread-actions__row">
          <div className="status-switch" role="group" aria-label="Status">
            {BOARD_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className={`status-switch__option status-switch__option--${s}`}
                aria-pressed={false}
                disabled
              >
                {statusLabel(s)}
              </button>
            ))}
          </div>
          <div className="thread-actions__buttons">
            {['Assign…', 'Find duplicates…', 'Reply'].map((label) => (
              <button key={label} type="button" className="button" disabled>
                {label}
              </button>
            ))}
          </div>
        </div>
        <p className="muted" role="status">
          Loading this thread… its actions work once it is here.
        </p>
      </section>
    </div>
  );
}

/** One thread in full beside the board, behind a splitter that sizes it: evidence, conversation, reply, actions and source. */
export function ThreadPanel({ onClose, onSetStatus, headingRef, onKeyDown }: ThreadPanelProps) {
  const { itemId, item, loading, problem, notice, trail, open, back } = useThread();
  // Another thread asked for while the last one is still on screen (a slow or rate-limited
  // answer): its body and actions must not stay, or a press acts on the thread left behind.
  const switching = !!item && !!itemId && item.id !== itemId && (loading || !!problem);
  const shown = switching ? null : item;
  const askedRow = useProjectItems((s) =>
    switching || (!item && itemId) ? s.data?.rows.find((r) => r.id === itemId) : undefined,
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog or a menu inside the panel that handled Esc has the last word.
      if (e.key === 'Escape' && !e.defaultPrevented && isPlainKey(e) && !isTypingTarget(e.target)) {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const splitterRef = useRef<HTMLDivElement>(null);
  const width = usePanelWidth(splitterRef);

  return (
    <>
      <PanelSplitter splitterRef={splitterRef} panel={width} controls="thread-panel" />
      <aside
        id="thread-panel"
        className="thread-panel panel-surface"
        style={{ flexBasis: width.width }}
        data-testid="thread-view"
        aria-labelledby="thread-heading"
        aria-busy={loading}
        data-item-id={shown?.id ?? itemId ?? undefined}
        onKeyDown={onKeyDown}
      >
        <div className="thread-panel__bar">
          {trail.length > 0 && (
            <button type="button" className="button button--quiet" onClick={() => void back()}>
              ← Back
            </button>
          )}
          <h2 id="thread-heading" ref={headingRef} tabIndex={-1} className="thread-panel__title">
            {shown
              ? firstLine(shown.thread.root?.content ?? '') || 'Thread'
              : askedRow
                ? firstLine(askedRow.excerpt) || 'Thread'
                : loading
                  ? 'Loading thread…'
                  : 'Thread'}
          </h2>
          <button
            type="button"
            className="button button--quiet"
            onClick={onClose}
            aria-label="Close thread"
            title="Close (Esc)"
          >
            ✕
          </button>
        </div>
        <div className={loading && shown ? 'thread-panel__body thread-panel__body--stale' : 'thread-panel__body'}>
          {notice && <Banner tone="info">{notice}</Banner>}
          {problem && <ErrorMessage problem={problem} onRetry={() => itemId && void open(itemId)} />}
          {switching && loading && <SwitchingPlaceholder itemId={itemId} page={askedRow?.page} />}
          {/* Keyed by thread: the composer's and the status buttons' state belong to one thread. */}
          {shown && <ThreadBody key={shown.id} item={shown} hostWriter={onSetStatus} />}
        </div>
      </aside>
    </>
  );
}
