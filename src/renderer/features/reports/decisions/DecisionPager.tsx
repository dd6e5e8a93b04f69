import { useId, useState, type FormEvent } from 'react';
import { pageCount, parsePageNumber } from '../model/decisions-filter.js';
import { previousOffset, rangeText } from '../model/paging.js';
import { useReportsContext } from '../components/reports-context.js';
import { useDecisionLog } from '../stores/decisions-query.js';
import { DECISION_PAGE_SIZES, useDecisions } from '../stores/decisions-store.js';

/** Go to a page number or to a date: a log of 70 pages is not read from the top. */
function JumpForms({ pages, current }: { pages: number; current: number }) {
  const { projectId } = useReportsContext();
  const { loading, jumpToDate } = useDecisionLog(projectId);
  const jumpProblem = useDecisions((s) => s.jumpProblem);
  const { jumpToPage } = useDecisions.getState();
  const [pageText, setPageText] = useState('');
  const [pageProblem, setPageProblem] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const base = useId();
  const ids = {
    page: `${base}-page`,
    pageProblem: `${base}-page-problem`,
    date: `${base}-date`,
    dateProblem: `${base}-date-problem`,
  };

  const goPage = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePageNumber(pageText, pages);
    setPageProblem(parsed.problem);
    if (parsed.page !== null) jumpToPage(parsed.page);
  };
  const goDate = (e: FormEvent) => {
    e.preventDefault();
    void jumpToDate(date);
  };

  return (
    <div className="decision-jump">
      <form className="decision-jump__form" onSubmit={goPage} aria-label="Go to a page">
        <label htmlFor={ids.page}>
          Page{' '}
          <span className="muted">
            (now {current} of {pages})
          </span>
        </label>
        <input
          id={ids.page}
          className="decision-jump__page"
          inputMode="numeric"
          value={pageText}
          onChange={(e) => {
            setPageText(e.target.value);
            setPageProblem(null);
          }}
          aria-invalid={pageProblem ? true : undefined}
          aria-describedby={pageProblem ? ids.pageProblem : undefined}
          data-testid="decisions-page-input"
        />
        <button type="submit" className="button" disabled={loading}>
          Go
        </button>
      </form>
      <form className="decision-jump__form" onSubmit={goDate} aria-label="Go to a date">
        <label htmlFor={ids.date}>Decided on or before</label>
        <input
          id={ids.date}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={jumpProblem ? true : undefined}
          aria-describedby={jumpProblem ? ids.dateProblem : undefined}
          data-testid="decisions-date-input"
        />
        <button type="submit" className="button" disabled={loading}>
          Go
        </button>
      </form>
      {pageProblem && (
        <p id={ids.pageProblem} className="inline-error" role="alert">
          {pageProblem}
        </p>
      )}
      {jumpProblem && (
        <p id={ids.dateProblem} className="inline-error" role="alert" data-testid="decisions-jump-problem">
          {jumpProblem}
        </p>
      )}
    </div>
  );
}

/** Page size, where we are in the log (or in the matches of a search), Previous / Next, and jumps. */
export function DecisionPager({ where }: { where: 'top' | 'bottom' }) {
  const { projectId } = useReportsContext();
  const { view, loading } = useDecisionLog(projectId);
  const limit = useDecisions((s) => s.limit);
  const offset = useDecisions((s) => s.at.offset);
  const { goTo, setLimit } = useDecisions.getState();
  const sizeId = useId();
  if (!view || view.total === 0) return null;
  const previous = previousOffset(view.offset, limit);
  const pages = pageCount(view.total, limit);
  const current = Math.min(pages, Math.floor(view.offset / limit) + 1);
  const noun = view.filtered ? 'Matches' : 'Decisions';
  return (
    <nav className="decision-pager no-print" aria-label={`Decision pages (${where})`}>
      <div className="decision-pager__row">
        {where === 'top' && (
          <span className="field field--inline">
            <label htmlFor={sizeId}>Per page</label>
            <select id={sizeId} value={limit} onChange={(e) => setLimit(Number(e.target.value))} disabled={loading}>
              {DECISION_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        )}
        <span
          className="decision-pager__range"
          data-testid={where === 'top' ? 'decisions-range' : undefined}
          aria-live={where === 'top' ? 'polite' : undefined}
        >
          {noun} {rangeText(view.offset, view.rows.length, view.total)}
        </span>
        <button
          type="button"
          className="button"
          onClick={() => previous !== null && goTo(previous)}
          disabled={loading || previous === null}
        >
          Previous
        </button>
        <button
          type="button"
          className="button"
          onClick={() => view.nextOffset !== null && goTo(view.nextOffset)}
          disabled={loading || view.nextOffset === null}
          data-testid={where === 'top' ? 'decisions-next' : undefined}
        >
          {loading && !view.filtered && offset > view.offset ? 'Loading…' : 'Next'}
        </button>
      </div>
      {where === 'top' && pages > 1 && <JumpForms pages={pages} current={current} />}
    </nav>
  );
}
