import type { Row } from '#shared/reader/index.js';
import { useReportsContext } from './reports-context.js';

/**
 * A thread as a report row: its one line first (what a person reads), then its ID (kept,
 * smaller, so paper copies cite it). Activating it opens the thread.
 */
export function ThreadRef({ row }: { row: Pick<Row, 'id' | 'line'> }) {
  const { openThread } = useReportsContext();
  return (
    <button
      type="button"
      className="row-button thread-ref"
      data-testid="thread-ref"
      data-item-id={row.id}
      onClick={() => openThread(row.id)}
      title={`Open thread ${row.id}`}
    >
      <span className="thread-ref__line">{row.line || 'No text in the first message'}</span>
      <code className="thread-ref__id">{row.id}</code>
    </button>
  );
}
