import { ErrorMessage } from '../../components/ErrorMessage.js';
import { failure } from '../../stores/failure.js';
import { quoteThread } from '../../format/thread-words.js';
import { itemLinkFor } from '../links/item-link.js';
import { receiptHeadline, type MergeReceipt } from './merge-run.js';
import { plural, threadCount } from '../../format/counts.js';

/** Merged threads named one by one; more are counted (a merge takes up to thousands). */
const SHOWN_MERGED = 20;

/** A thread as the lists name it: its opening words, quoted, with its ID to tell twins apart. */
function ThreadName({ id, excerptOf }: { id: string; excerptOf(id: string): string | undefined }) {
  const excerpt = excerptOf(id);
  return (
    <>
      {excerpt ? `${quoteThread(excerpt, 90)} ` : ''}
      <code>{id}</code>
    </>
  );
}

/** The kept thread as a link: its address (copyable, as Copy link gives it), opened here in the app. */
function KeptLink({
  id,
  excerptOf,
  onOpen,
}: {
  id: string;
  excerptOf(id: string): string | undefined;
  onOpen(id: string): void;
}) {
  const excerpt = excerptOf(id);
  return (
    <a
      href={itemLinkFor(id)}
      data-testid="merge-kept-link"
      onClick={(e) => {
        e.preventDefault();
        onOpen(id);
      }}
    >
      {excerpt ? quoteThread(excerpt, 90) : `thread ${id}`}
    </a>
  );
}

interface MergeReceiptViewProps {
  receipt: MergeReceipt;
  excerptOf(id: string): string | undefined;
  onOpen(id: string): void;
  onClose(): void;
}

/**
 * What the service did with each duplicate: merged (each named), already merged, refused (and
 * why), unknown or not sent; the thread they went into is a link that opens it.
 */
export function MergeReceiptView({ receipt: r, excerptOf, onOpen, onClose }: MergeReceiptViewProps) {
  const redirected = r.canonicalId !== r.keptId;
  const merged = r.acceptedIds;
  return (
    <div className="merge-receipt" data-testid="merge-receipt">
      <p className="merge-receipt__headline" role="status">
        {receiptHeadline(r)}
      </p>
      <ul className="outcome-list">
        <li className="outcome--ok">
          {threadCount(r.merged)} merged into <KeptLink id={r.canonicalId} excerptOf={excerptOf} onOpen={onOpen} /> (
          <code>{r.canonicalId}</code>) in {plural(r.requests, 'request', 'requests')}; they have left every list.
          {merged.length > 0 && (
            <ul className="merge-receipt__merged" aria-label="Merged threads" data-testid="merge-merged">
              {merged.slice(0, SHOWN_MERGED).map((id) => (
                <li key={id} data-item-id={id}>
                  <ThreadName id={id} excerptOf={excerptOf} />
                </li>
              ))}
              {merged.length > SHOWN_MERGED && (
                <li className="muted">…and {threadCount(merged.length - SHOWN_MERGED)} more.</li>
              )}
            </ul>
          )}
        </li>
        {r.alreadyMerged > 0 && (
          <li>
            {plural(r.alreadyMerged, 'thread was', 'threads were')} already merged before (here or into another thread)
            and stayed where they were: merges are not undone.
          </li>
        )}
        {redirected && (
          <li className="outcome--note">
            The thread you kept had itself been merged into <code>{r.canonicalId}</code>, so everything went there.{' '}
            <button type="button" className="link-button" onClick={() => onOpen(r.canonicalId)}>
              Open {r.canonicalId}
            </button>
          </li>
        )}
        {r.refused.length > 0 && (
          <li className="outcome--bad">
            {plural(r.refused.length, 'thread was', 'threads were')} refused and not merged:
            <ul data-testid="merge-refused">
              {r.refused.map((x) => (
                <li key={x.id}>
                  <ThreadName id={x.id} excerptOf={excerptOf} /> — {x.message}
                </li>
              ))}
            </ul>
          </li>
        )}
        {r.uncertainIds.length > 0 && (
          <li className="outcome--bad">
            For {threadCount(r.uncertainIds.length)} the answer was lost, so they may or may not have been merged. They
            are still selected: refresh the list to see which are gone before merging again.
          </li>
        )}
        {r.notSentIds.length > 0 && (
          <li className="outcome--bad">
            {plural(r.notSentIds.length, 'thread was', 'threads were')} not sent and stay selected; merge them again
            once the problem below is fixed.
          </li>
        )}
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
