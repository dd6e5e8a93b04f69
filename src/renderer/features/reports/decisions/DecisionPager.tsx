import { useId } from 'react';
import { previousOffset, rangeText } from '../model/paging.js';
import { DECISION_PAGE_SIZES, useDecisions } from '../stores/decisions-store.js';

/** Page size, where we are in the log, and Previous / Next (from the service's nextOffset). */
export function DecisionPager({ where }: { where: 'top' | 'bottom' }) {
  const page = useDecisions((s) => s.page);
  const limit = useDecisions((s) => s.limit);
  const offset = useDecisions((s) => s.offset);
  const loading = useDecisions((s) => s.loading);
  const { goTo, setLimit } = useDecisions.getState();
  const sizeId = useId();
  if (!page) return null;
  const previous = previousOffset(page.offset, limit);
  return (
    <nav className="decision-pager no-print" aria-label={`Decision pages (${where})`}>
      {where === 'top' && (
        <span className="field field--inline">
          <label htmlFor={sizeId}>Per page</label>
          <select id={sizeId} value={limit} onChange={(e) => void setLimit(Number(e.target.value))} disabled={loading}>
            {DECISION_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
      <span className="decision-pager__range" data-testid={where === 'top' ? 'decisions-range' : undefined} aria-live={where === 'top' ? 'polite' : undefined}>
        Decisions {rangeText(page.offset, page.decisions.length, page.decided)}
      </span>
      <button type="button" className="button" onClick={() => previous !== null && void goTo(previous)} disabled={loading || previous === null}>
        Previous
      </button>
      <button
        type="button"
        className="button"
        onClick={() => page.nextOffset !== null && void goTo(page.nextOffset)}
        disabled={loading || page.nextOffset === null}
        data-testid={where === 'top' ? 'decisions-next' : undefined}
      >
        {loading && offset > page.offset ? 'Loading…' : 'Next'}
      </button>
    </nav>
  );
}
