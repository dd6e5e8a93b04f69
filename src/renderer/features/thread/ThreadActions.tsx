import { useState, type KeyboardEvent } from 'react';
import type { Status } from '#shared/api/common.js';
import type { ItemDetail } from '#shared/reader/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { BOARD_STATUSES, STATUS_KEY, statusLabel } from '../../format/labels.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { hasContent, useDrafts } from './reply-drafts-store.js';
import { isMine, useMe, type Me } from './authorship.js';
import type { ThreadStatus } from './use-thread-status.js';
import { useItemProjectId } from './use-item-project.js';
import '../../components/action-dialog.css';

/**
 * Whether the thread already says what changed: the last reply is the caller's own. Then
 * resolving needs no "post what changed first?" question.
 */
function lastWordIsMine(item: ItemDetail, me: Me): boolean {
  const last = item.thread.replies[item.thread.replies.length - 1];
  return !!last && isMine(last, me);
}

/** Status, assignment and duplicates for the thread on screen. */
export function ThreadActions({ item, status }: { item: ItemDetail; status: ThreadStatus }) {
  const me = useMe();
  const openDialog = useDialogs((s) => s.open);
  const draft = useDrafts((s) => s.drafts[item.id]);
  const [askingBeforeResolve, setAskingBeforeResolve] = useState(false);
  const merged = item.duplicateOf !== null;
  const projectId = useItemProjectId(item);

  const choose = (to: Status) => {
    setAskingBeforeResolve(false);
    if (to === 'resolved' && status.shown !== 'resolved' && !lastWordIsMine(item, me)) {
      setAskingBeforeResolve(true);
      return;
    }
    void status.change(to);
  };

  const writeFirst = () => {
    setAskingBeforeResolve(false);
    useDrafts.getState().requestFocus(item.id, { resolveAfter: true });
  };

  const onPromptKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setAskingBeforeResolve(false);
    }
  };

  return (
    <section className="thread-section thread-actions" aria-label="Actions">
      <div className="thread-actions__row">
        <div className="status-switch" role="group" aria-label="Status">
          {BOARD_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`status-switch__option status-switch__option--${s}`}
              aria-pressed={s === status.shown}
              disabled={merged || status.pending !== null}
              onClick={() => choose(s)}
              title={
                merged
                  ? 'A merged duplicate keeps no status of its own: change the thread it was merged into'
                  : `Set status to ${statusLabel(s)} (${STATUS_KEY[s]} on the board)`
              }
            >
              {statusLabel(s)}
            </button>
          ))}
        </div>
        {/* One group: on a narrow panel the buttons wrap together, never "Reply" alone. */}
        <div className="thread-actions__buttons">
          <button
            type="button"
            className="button"
            disabled={merged}
            onClick={() => openDialog({ kind: 'assign', projectId, itemIds: [item.id] })}
          >
            Assign…
          </button>
          <button
            type="button"
            className="button"
            disabled={merged}
            onClick={() => openDialog({ kind: 'find-duplicates', projectId, itemId: item.id })}
          >
            Find duplicates…
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={merged}
            onClick={() => useDrafts.getState().requestFocus(item.id)}
          >
            Reply
          </button>
        </div>
      </div>
      {status.pending && (
        <p className="muted" role="status">
          Moving to {statusLabel(status.pending)}…
        </p>
      )}
      {status.problem && <ErrorMessage problem={status.problem} onDismiss={status.dismissProblem} compact />}
      {askingBeforeResolve && (
        <div
          className="decision"
          role="group"
          aria-labelledby="resolve-question"
          onKeyDown={onPromptKey}
          data-testid="resolve-prompt"
        >
          <p id="resolve-question">
            <strong>Post what changed first?</strong> People following this thread learn it was fixed, and how, from a
            reply; the API advises one before resolving.
          </p>
          <div className="decision__actions">
            <button type="button" className="button button--primary" onClick={writeFirst} autoFocus>
              {hasContent(draft) ? 'Finish my reply, then resolve' : 'Write what changed, then resolve'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setAskingBeforeResolve(false);
                void status.change('resolved');
              }}
            >
              Resolve without a reply
            </button>
            <button type="button" className="button button--quiet" onClick={() => setAskingBeforeResolve(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
