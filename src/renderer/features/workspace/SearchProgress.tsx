import { useTextSearch } from '../../stores/text-search-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { threadCount } from '../../format/counts.js';

type Phase = 'idle' | 'searching' | 'done' | 'failed';

/**
 * Whether the text search has looked in the replies yet. The list first shows threads whose
 * first message matches and grows when the service's answer (which searched the replies)
 * arrives; this says so while it waits, and gives the final count once it is in. A polite
 * live region that is always present, so each change is announced.
 */
export function SearchProgress({ shown }: { shown: number }) {
  const q = useWorkspace((s) => s.filters.q ?? null);
  const phase = useTextSearch((s): Phase => {
    if (q === null || s.q !== q) return q === null ? 'idle' : 'searching';
    if (s.loading) return 'searching';
    if (s.matches) return 'done';
    return s.problem ? 'failed' : 'idle';
  });
  const count = threadCount(shown);
  return (
    <p
      className={`search-progress search-progress--${phase}`}
      role="status"
      data-testid="search-progress"
      data-phase={phase}
    >
      {phase === 'searching' && 'Searching replies…'}
      {phase === 'done' && (
        <>
          {/* The count is on the line above; said here too for whoever listens rather than looks. */}
          Replies searched<span className="visually-hidden">: {count}</span>
        </>
      )}
      {phase === 'failed' && 'Replies not searched'}
    </p>
  );
}
