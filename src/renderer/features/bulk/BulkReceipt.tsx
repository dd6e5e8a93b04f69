import { ErrorMessage } from '../../components/ErrorMessage.js';
import { conflictText, refusalText, receiptSummary } from '../../format/bulk-text.js';
import { truncate } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import type { Receipt } from '../../stores/bulk-model.js';
import { useBulk } from '../../stores/bulk-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { bulkReopenAndAssign } from './bulk-actions.js';
import { formatCount, plural } from '../../format/counts.js';
import { undoReceiptText } from '../../format/undo-words.js';

const SHOWN_REFUSALS = 50;

function useExcerpts(): (id: string) => string {
  const rows = useProjectItems((s) => s.data?.rows);
  return (id) => {
    const text = rows?.find((r) => r.id === id)?.excerpt.trim();
    return text ? truncate(text, 90) : id;
  };
}

/** An undo's receipt names the change it undid and what each kind of thread now records. */
function summaryOf(receipt: Receipt, excerpt: (id: string) => string): string {
  return receipt.plan.kind === 'undo'
    ? undoReceiptText(receipt, (id) => (excerpt(id) === id ? undefined : excerpt(id)))
    : receiptSummary(receipt);
}

/**
 * What a bulk action did, thread by thread: how many changed, how many already were so,
 * and every refusal with its reason. Refusals that have a way out offer it.
 */
export function BulkReceipt({ receipt, projectId }: { receipt: Receipt; projectId: string }) {
  const dismiss = useBulk((s) => s.dismissReceipt);
  const excerpt = useExcerpts();
  const { plan, refused, reopenable } = receipt;
  const failed = refused.length > 0 || receipt.notSent.length > 0;
  const reassignTo = plan.kind === 'assign' ? plan.to : null;

  return (
    <section
      className={`receipt${failed ? ' receipt--problem' : ''}`}
      aria-label={plan.kind === 'undo' ? 'Result of the undo' : 'Result of the bulk change'}
      data-testid="bulk-receipt"
    >
      <p className="receipt__summary" role="status">
        {summaryOf(receipt, excerpt)}
      </p>
      {receipt.halted && <ErrorMessage problem={{ title: 'Sending stopped early', error: receipt.halted }} compact />}
      {receipt.changedSince.length > 0 && (
        <ul className="receipt__refused" aria-label="Threads changed since, left as they are">
          {receipt.changedSince.slice(0, SHOWN_REFUSALS).map((c) => (
            <li key={c.itemId} data-testid="changed-since-thread" data-item-id={c.itemId}>
              <span className="receipt__thread">{excerpt(c.itemId)}</span> —{' '}
              <span className="receipt__reason">{conflictText(c.conflict)}</span>
            </li>
          ))}
          {receipt.changedSince.length > SHOWN_REFUSALS && (
            <li className="muted">…and {receipt.changedSince.length - SHOWN_REFUSALS} more.</li>
          )}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className="receipt__refused" aria-label="Refused threads">
          {refused.slice(0, SHOWN_REFUSALS).map((r) => (
            <li key={r.itemId} data-testid="refused-thread" data-item-id={r.itemId}>
              <span className="receipt__thread">{excerpt(r.itemId)}</span> —{' '}
              <span className="receipt__reason">{refusalText(r.error, r.step, r.partial)}</span>
            </li>
          ))}
          {refused.length > SHOWN_REFUSALS && (
            <li className="muted">…and {refused.length - SHOWN_REFUSALS} more (select them to see which).</li>
          )}
        </ul>
      )}
      <div className="receipt__actions">
        {reopenable.length > 0 && plan.kind === 'assign' && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void bulkReopenAndAssign(projectId, reopenable, reassignTo)}
          >
            Reopen and {reassignTo ? 'assign' : 'unassign'}{' '}
            {reopenable.length === 1 ? 'this thread' : `these ${formatCount(reopenable.length)}`}
          </button>
        )}
        {refused.length > 0 && (
          <button
            type="button"
            className="button"
            onClick={() =>
              useSelection.getState().setSelection(
                projectId,
                refused.map((r) => r.itemId),
              )
            }
          >
            Select the {plural(refused.length, 'refused thread', 'refused threads')}
          </button>
        )}
        <button type="button" className="button button--quiet" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
