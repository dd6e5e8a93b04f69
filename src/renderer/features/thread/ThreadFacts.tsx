import type { Status } from '../../../shared/api/common.js';
import type { ItemDetail } from '../../../shared/api/resources.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { BOARD_STATUSES, STATUS_KEY, STATUS_LABEL, TASK_LABEL, plural, typeLabel } from '../../format/labels.js';
import { ExternalLink } from './ExternalLink.js';

interface ThreadFactsProps {
  item: ItemDetail;
  /** The board's view of the status (it changes optimistically before the thread is refetched). */
  status: Status;
  /** Null when the thread is not on the board (e.g. opened by ID from elsewhere): status is then read-only. */
  onSetStatus: ((status: Status) => void) | null;
}

export function ThreadFacts({ item, status, onSetStatus }: ThreadFactsProps) {
  return (
    <section className="thread-section" aria-label="Details">
      <div className="status-switch" role="group" aria-label="Status">
        {BOARD_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`status-switch__option status-switch__option--${s}`}
            aria-pressed={s === status}
            disabled={!onSetStatus}
            onClick={() => onSetStatus?.(s)}
            title={onSetStatus ? `Set status to ${STATUS_LABEL[s]} (${STATUS_KEY[s]} on the board)` : 'This thread is not on the board shown, so its status cannot be changed here'}
          >
            {STATUS_LABEL[s]}
          </button>
        ))}
      </div>
      <dl className="facts">
        <div className="facts__row">
          <dt>Type</dt>
          <dd>
            {typeLabel(item.type)}
            {item.typeSource && <span className="muted"> · set by {item.typeSource}</span>}
          </dd>
        </div>
        <div className="facts__row">
          <dt>Assignee</dt>
          <dd>
            {item.assignee ? item.assignee.name : <span className="muted">Unassigned</span>}
            {item.assignee?.mode && <span className="muted"> · mode: {TASK_LABEL[item.assignee.mode]}</span>}
          </dd>
        </div>
        <div className="facts__row">
          <dt>Agent task</dt>
          <dd>{item.agentTask ? TASK_LABEL[item.agentTask] : <span className="muted">None</span>}</dd>
        </div>
        <div className="facts__row">
          <dt>Reports</dt>
          <dd>{item.reportCount > 0 ? `${plural(item.reportCount, 'duplicate report', 'duplicate reports')} merged in` : <span className="muted">No duplicates merged</span>}</dd>
        </div>
        <div className="facts__row">
          <dt>Page</dt>
          <dd>
            <span className="break">{item.pageTitle || item.page}</span>
            {item.url && (
              <>
                {' · '}
                <ExternalLink url={item.url}>{item.page}</ExternalLink>
              </>
            )}
          </dd>
        </div>
        <div className="facts__row">
          <dt>Created</dt>
          <dd>
            <RelativeTime ms={item.createdAt} />
            {item.resolvedAt !== null && (
              <span className="muted">
                {' '}
                · resolved <RelativeTime ms={item.resolvedAt} />
              </span>
            )}
          </dd>
        </div>
        {item.linear.length > 0 && (
          <div className="facts__row">
            <dt>Issues</dt>
            <dd>
              {item.linear.map((l, i) => (
                <span key={l.identifier}>
                  {i > 0 && ', '}
                  <ExternalLink url={l.url}>{l.identifier}</ExternalLink>
                  {l.delegateName && <span className="muted"> ({l.delegateName}{l.delegatedMode ? `, ${TASK_LABEL[l.delegatedMode]}` : ''})</span>}
                </span>
              ))}
            </dd>
          </div>
        )}
        {item.reactions.length > 0 && (
          <div className="facts__row">
            <dt>Reactions</dt>
            <dd>{item.reactions.map((r) => `${r.emoji} ${r.count}`).join('  ')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
