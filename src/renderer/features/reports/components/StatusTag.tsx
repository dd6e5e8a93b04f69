import { statusLabel } from '../../../format/labels.js';

/** Any status or outcome the service sends, known or not; null when it sent none. */
export function StatusTag({ status }: { status: string | null }) {
  if (status === null) return <span className="tag status-tag">Status not given</span>;
  return <span className={`tag status-tag status-tag--${status}`}>{statusLabel(status)}</span>;
}
