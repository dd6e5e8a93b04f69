import { useProjectCount } from '../../server-state/project-counts.js';
import { formatCount } from '../../format/counts.js';

/**
 * "12 open · 40 threads" on a project row: a quiet placeholder while it is asked, and "—"
 * with the reason (on hover, and for screen readers) when the service did not say.
 */
export function ProjectCounts({ connectionId, projectId }: { connectionId: string; projectId: string }) {
  const count = useProjectCount(connectionId, projectId);
  if (count.state === 'loading') {
    return <span className="project-row__count muted">Counting…</span>;
  }
  if (count.state === 'failed') {
    return (
      <span
        className="project-row__count muted"
        data-testid="project-counts"
        data-state="failed"
        title={`No thread count: ${count.why}`}
      >
        —<span className="visually-hidden"> (no thread count: {count.why})</span>
      </span>
    );
  }
  const more = count.capped ? '+' : '';
  return (
    <span
      className="project-row__count"
      data-testid="project-counts"
      data-state="ready"
      title={
        count.capped
          ? `At least these many: the service counted only its newest threads, and the project has more.`
          : undefined
      }
    >
      {`${formatCount(count.open)}${more} open · ${formatCount(count.total)}${more} ${count.total === 1 && !more ? 'thread' : 'threads'}`}
    </span>
  );
}
