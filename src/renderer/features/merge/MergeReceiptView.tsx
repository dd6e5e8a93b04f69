import { ErrorMessage } from '../../components/ErrorMessage.js';
import { failure } from '../../stores/failure.js';
import { quoteThread } from '../actions/thread-words.js';
import { receiptHeadline, type MergeReceipt } from './merge-run.js';
import { plural, threadCount } from '../../format/counts.js';

interface MergeReceiptViewProps {
  receipt: MergeReceipt;
  excerptOf(id: string): string | undefined;
  onOpen(id: string): void;
  onClose(): void;
}

/** What the service did with each duplicate: merged, already merged, refused (and why), unknown or not sent. */
export function MergeReceiptView({ receipt: r, excerptOf, onOpen, onClose }: MergeReceiptViewProps) {
  const redirected = r.canonicalId !== r.keptId;
  return (
    <div className="merge-receipt" data-testid="merge-receipt">
      <p className="merge-receipt__headline" role="status">
        {receiptHeadline(r)}
      </p>
      <ul className="outcome-list">
        <li className="outcome--ok">
          {threadCount(r.merged)} merged into {quoteThread(excerptOf(r.canonicalId) ?? excerptOf(r.keptId))} in {plural(r.requests, 'request', 'requests')}; they have left every list.
        </li>
        {r.alreadyMerged > 0 && <li>{plural(r.alreadyMerged, 'thread was', 'threads were')} already merged before (here or into another thread) and stayed where they were: merges are not undone.</li>}
        {redirected && (
          <li className="outcome--note">
            The thread you kept had itself been merged into <code>{r.canonicalId}</code>, so everything went there. <button type="button" className="link-button" onClick={() => onOpen(r.canonicalId)}>Open {r.canonicalId}</button>
          </li>
        )}
        {r.refused.length > 0 && (
          <li className="outcome--bad">
            {plural(r.refused.length, 'thread was', 'threads were')} refused and not merged:
            <ul data-testid="merge-refused">
              {r.refused.map((x) => (
                <li key={x.id}>
                  <code>{x.id}</code> {excerptOf(x.id) && quoteThread(excerptOf(x.id))} — {x.message}
                </li>
              ))}
            </ul>
          </li>
        )}
        {r.uncertainIds.length > 0 && (
          <li className="outcome--bad">
            For {threadCount(r.uncertainIds.length)} the answer was lost, so they may or may not have been merged. They are still selected: refresh the list to see which are gone before merging again.
          </li>
        )}
        {r.notSentIds.length > 0 && <li className="outcome--bad">{plural(r.notSentIds.length, 'thread was', 'threads were')} not sent and stay selected; merge them again once the problem below is fixed.</li>}
      </ul>
      {r.stoppedBy && <ErrorMessage problem={failure('The merge stopped', r.stoppedBy)} compact />}
      <div className="action-dialog__actions">
        <button type="button" className="button button--primary" onClick={() => onOpen(r.canonicalId)} autoFocus>
          Open the kept thread
        </button>
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
