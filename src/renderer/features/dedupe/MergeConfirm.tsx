import { useRef } from 'react';
import { ActionDialog } from '../../components/ActionDialog.js';
import { quoteThread } from '../../format/thread-words.js';
import { formatCount, plural, threadCount } from '../../format/counts.js';

/** A thread named in the confirmation: its words and its ID, which tells same-titled threads apart. */
export interface ConfirmThread {
  id: string;
  excerpt: string;
  reportCount: number;
}

interface MergeConfirmProps {
  kept: ConfirmThread;
  duplicates: readonly ConfirmThread[];
  onConfirm(): void;
  onCancel(): void;
}

function ThreadLine({ t }: { t: ConfirmThread }) {
  return (
    <>
      {quoteThread(t.excerpt, 80)} <code className="muted">{t.id}</code>
      {t.reportCount > 0 && <span className="muted"> · {plural(t.reportCount, 'report', 'reports')}</span>}
    </>
  );
}

/**
 * The queue's last word before a merge, which the API cannot undo: what goes into what.
 * Focus starts on Cancel, so a second key press by habit (Enter, Space) changes nothing.
 */
export function MergeConfirm({ kept, duplicates, onConfirm, onCancel }: MergeConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const label = `Merge ${threadCount(duplicates.length)} into ${quoteThread(kept.excerpt, 32)}`;
  return (
    <ActionDialog title="Merge these threads?" onClose={onCancel} initialFocus={cancelRef} testId="dedupe-confirm">
      <p>
        {duplicates.length === 1 ? 'This thread' : `These ${formatCount(duplicates.length)} threads`} will be merged and
        leave every list (they stay readable by ID, marked as duplicates):
      </p>
      <ul className="merge-confirm__list">
        {duplicates.map((d) => (
          <li key={d.id}>
            <ThreadLine t={d} />
          </li>
        ))}
      </ul>
      <p>into the thread that stays:</p>
      <ul className="merge-confirm__list">
        <li>
          <ThreadLine t={kept} />
        </li>
      </ul>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
      <div className="action-dialog__actions">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {label}
        </button>
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="muted">
        <kbd>Enter</kbd> cancels · <kbd>Shift</kbd>+<kbd>Tab</kbd> then <kbd>Enter</kbd> merges · <kbd>Esc</kbd> closes
      </p>
    </ActionDialog>
  );
}
