import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { RelativeTime } from '../../../components/RelativeTime.js';
import { formatDateTime } from '../../../format/relative-time.js';
import { typeLabel } from '../../../format/labels.js';
import { Quote } from '../components/Quote.js';
import { StatusTag } from '../components/StatusTag.js';
import { ThreadRef } from '../components/ThreadRef.js';
import { showAllText, showingText, showMoreText } from '../model/paging.js';
import {
  briefingSections,
  moreRepliesText,
  type BriefingSectionKey,
  type BriefingSectionMeta,
} from '../model/whats-new-model.js';
import type { Details } from '../stores/whats-new-query.js';
import { BRIEFING_PAGE, useWhatsNew } from '../stores/whats-new-store.js';
import { formatCount } from '../../../format/counts.js';

const by = (verb: string, name: string | null) => (name ? `${verb} by ${name}` : `${verb} (who is not recorded)`);

/** "by Ada Lovelace · 3 h ago" once the items list said so; nothing while it is read or where it could not be. */
function Opened({ id, details }: { id: string; details: Details | null }) {
  const d = details?.kind === 'ready' ? details.byId.get(id) : undefined;
  if (!d) return null;
  return (
    <>
      {d.author && <span data-testid="briefing-row-author">· {d.author}</span>}
      <span>
        {'· '}
        {/* Paper is read later: it says the date, the screen how long ago. */}
        <span className="no-print">
          <RelativeTime ms={d.createdAt} />
        </span>
        <span className="print-only" data-testid="briefing-row-date">
          {formatDateTime(d.createdAt)}
        </span>
      </span>
    </>
  );
}

/**
 * One row per thread (or mention); each section differs in what follows the title. Every row
 * is in the page: those past the ones shown are printed only, so a PDF holds the whole
 * briefing, as the Markdown does, while the screen shows a page at a time.
 */
function rowsOf(key: BriefingSectionKey, b: WhatsNewResponse, shown: number, details: Details | null): ReactNode[] {
  const rowClass = (i: number) => (i < shown ? 'report-row' : 'report-row print-only');
  const rowTestId = (i: number) => (i < shown ? 'briefing-row' : 'briefing-row-print');
  switch (key) {
    case 'newThreads':
      return b.newThreads.map((t, i) => (
        <li key={t.id} className={rowClass(i)} data-testid={rowTestId(i)} data-item-id={t.id}>
          <ThreadRef row={t} />
          <p className="report-row__meta">
            <StatusTag status={t.status} /> <span className="tag">{typeLabel(t.type)}</span>{' '}
            <span className="break">{t.page}</span>
            <Opened id={t.id} details={details} />
          </p>
        </li>
      ));
    case 'newReplies':
      return b.newReplies.map((t, i) => (
        <li key={t.id} className={rowClass(i)} data-testid={rowTestId(i)} data-item-id={t.id}>
          <ThreadRef row={t} />
          <p className="report-row__meta">
            <StatusTag status={t.status} /> <span className="tag">{typeLabel(t.type)}</span>{' '}
            <span className="break">{t.page}</span>
          </p>
          <div className="report-row__quotes">
            {t.replies.map((m, i) => (
              <Quote key={`${m.at}-${i}`} message={m} />
            ))}
            {moreRepliesText(t.omittedReplies) && (
              <p className="muted">{moreRepliesText(t.omittedReplies)} in this window, not quoted here.</p>
            )}
          </div>
        </li>
      ));
    case 'resolved':
      return b.resolved.map((t, i) => (
        <li key={t.id} className={rowClass(i)} data-testid={rowTestId(i)} data-item-id={t.id}>
          <ThreadRef row={t} />
          <p className="report-row__meta">{by('Resolved', t.resolvedBy)}</p>
        </li>
      ));
    case 'deferred':
      return b.deferred.map((t, i) => (
        <li key={t.id} className={rowClass(i)} data-testid={rowTestId(i)} data-item-id={t.id}>
          <ThreadRef row={t} />
          <p className="report-row__meta">{by('Deferred', t.deferredBy)}</p>
        </li>
      ));
    case 'assignedToYou':
      return b.assignedToYou.map((t, i) => (
        <li key={t.id} className={rowClass(i)} data-testid={rowTestId(i)} data-item-id={t.id}>
          <ThreadRef row={t} />
          <p className="report-row__meta">{by('Assigned to you', t.assignedBy)}</p>
        </li>
      ));
    case 'mentionsYou':
      return b.mentionsYou.map((m, i) => (
        <li
          key={`${m.threadId}-${m.mention?.at ?? ''}-${i}`}
          className={rowClass(i)}
          data-testid={rowTestId(i)}
          data-item-id={m.threadId}
        >
          <ThreadRef
            row={
              m.thread ?? {
                id: m.threadId,
                line: `A thread this briefing could not read (it may be older than the ${formatCount(LIMITS.scanLimit)} most recent)`,
              }
            }
          />
          <Quote message={m.mention} label="Mention" />
        </li>
      ));
  }
}

/** What concerns the reader comes first and is short: those two sit side by side. */
const ABOUT_YOU = new Set<BriefingSectionKey>(['assignedToYou', 'mentionsYou']);

function Section({
  meta,
  briefing,
  details,
}: {
  meta: BriefingSectionMeta;
  briefing: WhatsNewResponse;
  details: Details | null;
}) {
  const shown = useWhatsNew((s) => s.shown[meta.key] ?? BRIEFING_PAGE);
  const { showMore, showAll } = useWhatsNew.getState();
  const listRef = useRef<HTMLUListElement>(null);
  // After "Show more", the keyboard lands on the first row that appeared, not back at the top.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null) return;
    listRef.current?.children[focusFrom]?.querySelector<HTMLElement>('.thread-ref')?.focus();
    setFocusFrom(null);
  }, [focusFrom, shown]);

  const visible = Math.min(meta.rows, shown);
  const remaining = meta.rows - visible;
  const headingId = `briefing-${meta.key}`;
  const more = (all: boolean) => {
    setFocusFrom(visible);
    if (all) showAll(meta.key);
    else showMore(meta.key);
  };
  return (
    <section
      className={`report-section panel-surface${ABOUT_YOU.has(meta.key) ? ' report-section--half' : ''}`}
      aria-labelledby={headingId}
      data-testid={`briefing-section-${meta.key}`}
    >
      <div className="report-section__head">
        <h3 id={headingId} className="report-section__title">
          {meta.title} <span className="report-section__count">{formatCount(meta.count)}</span>
          {meta.detail && <span className="report-section__detail"> {meta.detail}</span>}
        </h3>
        {meta.rows > BRIEFING_PAGE && (
          <>
            <p
              className="report-section__showing no-print"
              data-testid={`briefing-showing-${meta.key}`}
              data-shown={visible}
              data-total={meta.rows}
            >
              {showingText(visible, meta.rows, remaining === 0)}
            </p>
            <p className="report-section__showing print-only">{showingText(meta.rows, meta.rows, true)}</p>
          </>
        )}
      </div>
      {meta.rows === 0 ? (
        <p className="muted">{meta.empty}</p>
      ) : (
        <ul className="report-list" ref={listRef}>
          {rowsOf(meta.key, briefing, shown, details)}
        </ul>
      )}
      {meta.key === 'newThreads' && details?.kind === 'failed' && (
        <p className="muted" data-testid="briefing-details-problem">
          Who opened these threads, and when, could not be read: {details.problem.error.message}
        </p>
      )}
      {remaining > 0 && (
        <div className="report-section__more no-print">
          <button
            type="button"
            className="button"
            onClick={() => more(false)}
            data-testid={`briefing-more-${meta.key}`}
          >
            {showMoreText(BRIEFING_PAGE, remaining)}
          </button>
          {remaining > BRIEFING_PAGE && (
            <button type="button" className="button button--quiet" onClick={() => more(true)}>
              {showAllText(meta.rows)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

export function BriefingSections({ briefing, details }: { briefing: WhatsNewResponse; details: Details | null }) {
  return (
    <div className="briefing-sections">
      {briefingSections(briefing).map((meta) => (
        <Section key={meta.key} meta={meta} briefing={briefing} details={details} />
      ))}
    </div>
  );
}
