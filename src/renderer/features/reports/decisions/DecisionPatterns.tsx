import type { DecisionsResponse } from '#shared/reader/index.js';
import { typeLabel } from '../../../format/labels.js';
import { ThreadRef } from '../components/ThreadRef.js';
import { formatCount } from '../../../format/counts.js';

/** Types people corrected by hand: where the automatic type was wrong, and what it should have been. */
export function CorrectionsPanel({ corrections }: { corrections: DecisionsResponse['corrections'] }) {
  return (
    <section className="report-panel panel-surface" aria-labelledby="corrections-title">
      <h2 id="corrections-title">Types corrected by hand</h2>
      {corrections.length === 0 ? (
        <p className="muted">No type was corrected by hand.</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Thread</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
            </tr>
          </thead>
          <tbody>
            {corrections.map((c, i) => (
              <tr key={`${c.id}-${i}`}>
                <td>
                  <ThreadRef row={c} />
                </td>
                <td>{c.from ? typeLabel(c.from) : 'Unclassified'}</td>
                <td>{typeLabel(c.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Pages and files where threads keep getting resolved: candidates for a rule or a fix at the root. */
export function RecurringPanel({ recurring }: { recurring: DecisionsResponse['recurring'] }) {
  return (
    <section className="report-panel panel-surface" aria-labelledby="recurring-title">
      <h2 id="recurring-title">Where outcomes recur</h2>
      {recurring.length === 0 ? (
        <p className="muted">No page or file has two or more resolved threads.</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Page or file</th>
              <th scope="col" className="num">
                Resolved
              </th>
            </tr>
          </thead>
          <tbody>
            {recurring.map((r) => (
              <tr key={r.where}>
                <td className="break">{r.where}</td>
                <td className="num">{formatCount(r.resolved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
