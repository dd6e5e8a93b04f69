import type { ReactNode, Ref } from 'react';
import { receiptHeadline, type MergeReceipt } from '../merge/merge-run.js';

/** What a merge did, warning-styled when some of it was refused or it stopped early; focusable so the screen can move focus to it. */
export function MergeReceiptNotice({
  receipt,
  testId,
  ref,
}: {
  receipt: MergeReceipt;
  testId: string;
  ref: Ref<HTMLParagraphElement>;
}) {
  return (
    <p
      className={receipt.refused.length > 0 || receipt.stoppedBy ? 'notice notice--warning' : 'notice'}
      role="status"
      data-testid={testId}
      ref={ref}
      tabIndex={-1}
    >
      {receiptHeadline(receipt)}
      {receipt.refused.map((r) => ` ${r.message}`).join('')}
      {receipt.stoppedBy && ` ${receipt.stoppedBy.message}`}
    </p>
  );
}

/** The end of a queue: what was reviewed (`summary`) and the way back. */
export function QueueDone({ summary, onExit }: { summary: ReactNode; onExit(): void }) {
  return (
    <div className="dedupe__done" role="status">
      <p>
        <strong>Done.</strong> {summary}
      </p>
      <button type="button" className="button button--primary" onClick={onExit} autoFocus>
        Back to the project
      </button>
    </div>
  );
}

/** The end of a queue's action bar: Skip, the key hint (`keys`) and, while a merge runs, word of it. */
export function QueueFooterEnd({ onSkip, busy, keys }: { onSkip(): void; busy: boolean; keys: ReactNode }) {
  return (
    <>
      <button type="button" className="button button--quiet" onClick={onSkip} disabled={busy}>
        <kbd>s</kbd> Skip
      </button>
      <span className="muted dedupe__keys">{keys}</span>
      {busy && (
        <span role="status" className="muted">
          Merging…
        </span>
      )}
    </>
  );
}
