import type { Row } from '../../../../shared/reader/index.js';
import { useReportsContext } from './reports-context.js';

/**
 * A thread as a report row: its ID (always shown, so paper copies cite it) and its one
 * line. Activating it opens the thread.
 */
export function ThreadRef({ row }: { row: Pick<Row, 'id' | 'line'> }) {
  const { openThread } = useReportsContext();
  return (
    <button type="button" className="thread-ref" data-testid="thread-ref" data-item-id={row.id} onClick={() => openThread(row.id)} title={`Open thread ${row.id}`}>
      <code className="thread-ref__id">{row.id}</code>
      <span className="thread-ref__line">{row.line}</span>
    </button>
  );
}
