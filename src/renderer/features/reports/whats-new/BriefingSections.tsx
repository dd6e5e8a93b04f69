import type { ReactNode } from 'react';
import type { WhatsNewResponse } from '../../../../shared/reader/index.js';
import { typeLabel } from '../../../format/labels.js';
import { Quote } from '../components/Quote.js';
import { StatusTag } from '../components/StatusTag.js';
import { ThreadRef } from '../components/ThreadRef.js';
import { briefingSections, moreRepliesText, type BriefingSectionKey, type BriefingSectionMeta } from '../model/whats-new-model.js';
import { formatCount } from '../model/numbers.js';
import { LIMITS } from '../../../../shared/api/limits.js';

const by = (verb: string, name: string | null) => (name ? `${verb} by ${name}` : `${verb} (who is not recorded)`);

/** One renderer per section: the rows differ (quotes for replies and mentions, "by whom" for changes). */
const RENDER: { [K in BriefingSectionKey]: (b: WhatsNewResponse) => ReactNode[] } = {
  newThreads: (b) =>
    b.newThreads.map((t) => (
      <li key={t.id} className="report-row">
        <ThreadRef row={t} />
        <p className="report-row__meta">
          <StatusTag status={t.status} /> {typeLabel(t.type)} · {t.page}
        </p>
      </li>
    )),
  newReplies: (b) =>
    b.newReplies.map((t) => (
      <li key={t.id} className="report-row">
        <ThreadRef row={t} />
        <p className="report-row__meta">
          <StatusTag status={t.status} /> {t.page}
        </p>
        <div className="report-row__quotes">
          {t.replies.map((m, i) => (
            <Quote key={`${m.at}-${i}`} message={m} />
          ))}
          {moreRepliesText(t.omittedReplies) && <p className="muted">{moreRepliesText(t.omittedReplies)} in this window, not quoted here.</p>}
        </div>
      </li>
    )),
  resolved: (b) =>
    b.resolved.map((t) => (
      <li key={t.id} className="report-row">
        <ThreadRef row={t} />
        <p className="report-row__meta">{by('Resolved', t.resolvedBy)}</p>
      </li>
    )),
  deferred: (b) =>
    b.deferred.map((t) => (
      <li key={t.id} className="report-row">
        <ThreadRef row={t} />
        <p className="report-row__meta">{by('Deferred', t.deferredBy)}</p>
      </li>
    )),
  assignedToYou: (b) =>
    b.assignedToYou.map((t) => (
      <li key={t.id} className="report-row">
        <ThreadRef row={t} />
        <p className="report-row__meta">{by('Assigned to you', t.assignedBy)}</p>
      </li>
    )),
  mentionsYou: (b) =>
    b.mentionsYou.map((m, i) => (
      <li key={`${m.threadId}-${m.mention?.at ?? ''}-${i}`} className="report-row">
        <ThreadRef row={m.thread ?? { id: m.threadId, line: `A thread this briefing could not read (it may be older than the ${formatCount(LIMITS.scanLimit)} most recent)` }} />
        <Quote message={m.mention} label="Mention" />
      </li>
    )),
};

/** What concerns the reader comes first and is short: those two sit side by side. */
const ABOUT_YOU = new Set<BriefingSectionKey>(['assignedToYou', 'mentionsYou']);

function Section({ meta, briefing }: { meta: BriefingSectionMeta; briefing: WhatsNewResponse }) {
  const headingId = `briefing-${meta.key}`;
  return (
    <section className={`report-section panel-surface${ABOUT_YOU.has(meta.key) ? ' report-section--half' : ''}`} aria-labelledby={headingId} data-testid={`briefing-section-${meta.key}`}>
      <h3 id={headingId} className="report-section__title">
        {meta.title} <span className="report-section__count">{formatCount(meta.count)}</span>
        {meta.detail && <span className="report-section__detail"> {meta.detail}</span>}
      </h3>
      {meta.rows === 0 ? <p className="muted">{meta.empty}</p> : <ul className="report-list">{RENDER[meta.key](briefing)}</ul>}
    </section>
  );
}

export function BriefingSections({ briefing }: { briefing: WhatsNewResponse }) {
  return (
    <div className="briefing-sections">
      {briefingSections(briefing).map((meta) => (
        <Section key={meta.key} meta={meta} briefing={briefing} />
      ))}
    </div>
  );
}
