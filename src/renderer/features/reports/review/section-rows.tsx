import type { ReactNode } from 'react';
import type { ReviewSection } from '#shared/api/requests.js';
import { formatDateTime } from '../../../format/relative-time.js';
import { Quote } from '../components/Quote.js';
import { StatusTag } from '../components/StatusTag.js';
import { ThreadRef } from '../components/ThreadRef.js';
import type { ReviewRow } from '../model/review-model.js';
import { formatCount } from '../../../format/counts.js';

const by = (name: string | null) => (name ? ` by ${name}` : '');
/** "1 day", "1,250 replies". */
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** How one row of each review section reads: what was decided, by whom, and the words that go with it. */
export const SECTION_ROW: { [S in ReviewSection]: (row: ReviewRow<S>) => ReactNode } = {
  resolved: (r) => (
    <>
      <ThreadRef row={r} />
      <p className="report-row__meta">
        Resolved{by(r.resolvedBy)} on {formatDateTime(r.resolvedAt)}
      </p>
      {r.lastWord ? <Quote message={r.lastWord} label="Last word" /> : <p className="muted">No messages to quote.</p>}
    </>
  ),
  deferred: (r) => (
    <>
      <ThreadRef row={r} />
      <p className="report-row__meta">
        Deferred{by(r.deferredBy)} on {formatDateTime(r.deferredAt)}
      </p>
      {r.reason ? <Quote message={r.reason} label="Reason" /> : <p className="report-row__none">No reason written.</p>}
    </>
  ),
  open: (r) => (
    <>
      <ThreadRef row={r} />
      <p className="report-row__meta">
        {r.ageDays === null ? 'Open for an unknown time' : `Open for ${plural(r.ageDays, 'day', 'days')}`} ·{' '}
        {r.assignee ? `Assigned to ${r.assignee}` : 'Unassigned'} · {r.page}
      </p>
    </>
  ),
  discussions: (r) => (
    <>
      <ThreadRef row={r} />
      <p className="report-row__meta">
        <StatusTag status={r.status} /> {plural(r.replyCount, 'reply', 'replies')} · {r.page}
      </p>
      <div className="report-row__quotes">
        <Quote message={r.opening} label="Opened" />
        {r.omittedReplies > 0 && (
          <p className="muted">{plural(r.omittedReplies, 'earlier reply', 'earlier replies')} not quoted.</p>
        )}
        {r.replies.map((m, i) => (
          <Quote key={`${m.at}-${i}`} message={m} />
        ))}
      </div>
    </>
  ),
};
