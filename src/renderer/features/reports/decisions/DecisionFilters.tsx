import { useId, useMemo } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { BOARD_STATUSES, statusLabel } from '../../../format/labels.js';
import { Loading } from '../components/Loading.js';
import {
  decisionFacets,
  decisionFilterOptions,
  isFiltering,
  queryText,
  type FilterOption,
} from '../model/decisions-filter.js';
import { useReportsContext } from '../components/reports-context.js';
import { useDecisionLog } from '../stores/decisions-query.js';
import { useDecisions } from '../stores/decisions-store.js';
import { formatCount } from '../../../format/counts.js';

/**
 * Search and filters over the whole log. The service neither searches nor filters decisions,
 * so the log is read in full (30 at a time) as soon as the filters show: the person and type
 * lists count the whole log, and a count taken from one page would be wrong.
 */
export function DecisionFilters() {
  const { projectId } = useReportsContext();
  const query = useDecisions((s) => s.query);
  const { whole, matches, page, readWhole } = useDecisionLog(projectId);
  const { setQuery, clearQuery } = useDecisions.getState();
  const base = useId();
  const ids = { text: `${base}-text`, outcome: `${base}-outcome`, person: `${base}-person`, type: `${base}-type` };
  const wholeRows = whole?.rows;
  const pageRows = page?.decisions;
  const counted = whole?.state === 'done';
  // Until the whole log is read, the lists offer the people and types seen so far without counts.
  const options = useMemo(() => {
    if (counted && wholeRows) return decisionFacets(wholeRows, query);
    return decisionFilterOptions([...(pageRows ?? []), ...(wholeRows ?? [])]);
  }, [counted, wholeRows, pageRows, query]);
  const filtering = isFiltering(query);
  const optionText = (o: FilterOption) => (counted ? `${o.label} (${formatCount(o.count)})` : o.label);
  const counting = whole?.state === 'loading' ? ' (counting…)' : '';

  return (
    <div className="decision-filters no-print" role="search" aria-label="Search the decision log">
      <div className="decision-filters__fields">
        <div className="field decision-filters__text">
          <label htmlFor={ids.text}>Search decisions</label>
          <input
            id={ids.text}
            type="search"
            value={query.text}
            placeholder="Words in the title, question or conversation"
            onChange={(e) => setQuery({ text: e.target.value })}
            data-testid="decisions-search"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.outcome}>Outcome</label>
          <select id={ids.outcome} value={query.outcome} onChange={(e) => setQuery({ outcome: e.target.value })}>
            <option value="">Any outcome</option>
            {BOARD_STATUSES.filter((s) => s !== 'open').map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.person}>Decided by</label>
          <select
            id={ids.person}
            value={query.person}
            onChange={(e) => setQuery({ person: e.target.value })}
            data-testid="decisions-person"
          >
            <option value="">Anyone{counting}</option>
            {options.person.map((o) => (
              <option key={o.value} value={o.value}>
                {optionText(o)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            value={query.type}
            onChange={(e) => setQuery({ type: e.target.value })}
            data-testid="decisions-type"
          >
            <option value="">Any type{counting}</option>
            {options.type.map((o) => (
              <option key={o.value} value={o.value}>
                {optionText(o)}
              </option>
            ))}
          </select>
        </div>
        {filtering && (
          <button type="button" className="button button--quiet" onClick={clearQuery}>
            Clear search
          </button>
        )}
      </div>
      {filtering && whole?.state === 'loading' && (
        <Loading testId="decisions-reading">
          Reading the whole log to search it: {formatCount(whole.rows.length)}{' '}
          {whole.total > 0 ? `of ${formatCount(whole.total)} ` : ''}decisions so far…
        </Loading>
      )}
      {whole?.state === 'failed' && whole.problem && (
        <ErrorMessage problem={whole.problem} onRetry={readWhole} compact />
      )}
      <p
        className="decision-filters__result"
        aria-live="polite"
        data-testid="decisions-matches"
        data-matched={matches?.length ?? ''}
      >
        {filtering && matches && whole
          ? `${formatCount(matches.length)} of ${formatCount(whole.rows.length)} decisions ${queryText(query)}${whole.state === 'failed' ? ' (in the part of the log that could be read)' : ''}.`
          : ''}
      </p>
    </div>
  );
}
