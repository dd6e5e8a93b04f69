import type { ReactNode } from 'react';
import type { ReviewSection } from '../../../../shared/api/requests.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { Loading } from '../components/Loading.js';
import { remainingRows, showingText } from '../model/paging.js';
import { SECTION_META, type ReviewRow } from '../model/review-model.js';
import { useReview, type SectionState } from '../stores/review-store.js';
import { SECTION_ROW } from './section-rows.js';
import { formatCount } from '../../../format/counts.js';

/**
 * One review section, paged: "Showing 125 of 412" counts the rows loaded against the
 * service's total, and "Load more" reads from nextOffset until there is none.
 */
export function ReviewSectionView<S extends ReviewSection>({ section }: { section: S }) {
  const state = useReview((s) => s.sections?.[section]) as SectionState<S> | undefined;
  const loadMore = useReview((s) => s.loadMore);
  const loadAll = useReview((s) => s.loadAll);
  if (!state) return null;
  const meta = SECTION_META[section];
  const render = SECTION_ROW[section] as (row: ReviewRow<S>) => ReactNode;
  const remaining = remainingRows(state);
  const complete = state.nextOffset === null;
  const headingId = `review-section-${section}`;

  return (
    <section className="report-section panel-surface review-section" aria-labelledby={headingId} data-testid={`review-section-${section}`} aria-busy={state.loading !== null}>
      <div className="report-section__head">
        <h2 id={headingId} tabIndex={-1}>
          {meta.title} <span className="report-section__count">{formatCount(state.total)}</span>
        </h2>
        <p className="report-section__showing" data-testid={`review-showing-${section}`} data-shown={state.rows.length} data-total={state.total}>
          {showingText(state.rows.length, state.total, complete)}
        </p>
      </div>
      {state.rows.length === 0 ? (
        <p className="muted">{meta.empty}</p>
      ) : (
        <ol className="report-list">
          {state.rows.map((row) => (
            <li key={row.id} className="report-row" data-testid="review-row" data-item-id={row.id}>
              {render(row)}
            </li>
          ))}
        </ol>
      )}
      {state.problem && <ErrorMessage problem={state.problem} onRetry={() => void loadMore(section)} compact />}
      {state.loading && (
        <Loading>
          {state.loading === 'all'
            ? `Loading every remaining ${meta.noun}: ${formatCount(state.rows.length)} of ${formatCount(state.total)} so far…`
            : `Loading more ${meta.noun}…`}
        </Loading>
      )}
      {!complete && (
        <div className="report-section__more no-print">
          <button type="button" className="button" onClick={() => void loadMore(section)} disabled={state.loading !== null} data-testid={`review-more-${section}`}>
            Load more ({formatCount(Math.min(meta.pageSize, remaining))} of {formatCount(remaining)} left)
          </button>
          {remaining > meta.pageSize && (
            <button type="button" className="button button--quiet" onClick={() => void loadAll(section)} disabled={state.loading !== null}>
              Load all {formatCount(remaining)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
