import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ReviewSection } from '#shared/api/requests.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { Loading } from '../components/Loading.js';
import { REPORT_STEP, shownPart, showAllText, showingText, showMoreText } from '../model/paging.js';
import { SECTION_META, sectionShown, topText, type ReviewRow } from '../model/review-model.js';
import { useReportsContext } from '../components/reports-context.js';
import { useReviewSection, type OverviewRead } from '../stores/review-query.js';
import { SECTION_ROW } from './section-rows.js';
import { formatCount } from '../../../format/counts.js';

/**
 * One review section, shown a step at a time like every report list: "Showing 50 of 412"
 * counts the rows on screen against the service's total, and "Show 25 more" reads the
 * service's next page when the rows in hand run out. After it, the keyboard lands on the
 * first row that appeared, not back at the top.
 */
export function ReviewSectionView<S extends ReviewSection>({
  section,
  overview,
}: {
  section: S;
  overview: OverviewRead;
}) {
  const { projectId } = useReportsContext();
  const whole = useReviewSection(projectId, section, overview);
  const { list: read, showMore, showAll, loadMore } = whole;
  const listRef = useRef<HTMLOListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const shownCount = whole.shown;
  useEffect(() => {
    if (focusFrom === null) return;
    const row = listRef.current?.children[focusFrom]?.querySelector<HTMLElement>('.thread-ref');
    if (!row) return;
    row.focus();
    setFocusFrom(null);
  }, [focusFrom, shownCount]);

  const { list: cut, topOf } = sectionShown(section, read);
  const list = topOf === null ? shownPart(cut, whole.shown) : cut;
  const meta = SECTION_META[section];
  const render = SECTION_ROW[section] as (row: ReviewRow<S>) => ReactNode;
  const remaining = list.nextOffset === null ? 0 : Math.max(0, list.total - list.rows.length);
  const complete = remaining === 0;
  const headingId = `review-section-${section}`;
  const more = (all: boolean) => {
    setFocusFrom(list.rows.length);
    void (all ? showAll() : showMore());
  };

  return (
    <section
      className="report-section panel-surface review-section"
      aria-labelledby={headingId}
      data-testid={`review-section-${section}`}
      aria-busy={whole.loading !== null}
    >
      <div className="report-section__head">
        <h2 id={headingId} tabIndex={-1}>
          {meta.title} {topOf === null && <span className="report-section__count">{formatCount(list.total)}</span>}
        </h2>
        <p
          className="report-section__showing"
          data-testid={`review-showing-${section}`}
          data-shown={list.rows.length}
          data-total={topOf ?? list.total}
        >
          {topOf === null ? showingText(list.rows.length, list.total, complete) : topText(list.rows.length, topOf)}
        </p>
      </div>
      {list.rows.length === 0 ? (
        <p className="muted">{meta.empty}</p>
      ) : (
        <ol className="report-list" ref={listRef}>
          {list.rows.map((row) => (
            <li key={row.id} className="report-row" data-testid="review-row" data-item-id={row.id}>
              {render(row)}
            </li>
          ))}
        </ol>
      )}
      {whole.problem && <ErrorMessage problem={whole.problem} onRetry={() => void loadMore()} compact />}
      {whole.loading && (
        <Loading>
          {whole.loading === 'all'
            ? `Loading every remaining ${meta.noun}: ${formatCount(read.rows.length)} of ${formatCount(read.total)} so far…`
            : `Loading more ${meta.noun}…`}
        </Loading>
      )}
      {!complete && (
        <div className="report-section__more no-print">
          <button
            type="button"
            className="button"
            onClick={() => more(false)}
            disabled={whole.loading !== null}
            data-testid={`review-more-${section}`}
          >
            {showMoreText(REPORT_STEP, remaining)}
          </button>
          {remaining > REPORT_STEP && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => more(true)}
              disabled={whole.loading !== null}
              data-testid={`review-all-${section}`}
            >
              {showAllText(list.total)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
