import { useMemo } from 'react';
import { describeFilters } from '../../format/filters-text.js';
import { useOpenProjectMembers } from '../../server-state/project-members.js';
import { useSession } from '../../stores/session-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { dropSuggestions } from './drop-suggestions.js';
import { threadCount } from '../../format/counts.js';

/** Names the filters of an empty result and offers to drop the one that would show the most. */
export function EmptyResult() {
  const all = useProjectItems((s) => s.data?.rows);
  const filters = useWorkspace((s) => s.filters);
  const setFilter = useWorkspace((s) => s.setFilter);
  const { members } = useOpenProjectMembers();
  const meId = useSession((s) => s.active?.you?.id ?? null);
  const q = filters.q ?? null;
  const textMatches = useTextSearch((s) => (q !== null && s.q === q ? s.matches : null));
  const suggestions = useMemo(
    () => dropSuggestions(all ?? [], filters, { meId, textMatches }),
    [all, filters, meId, textMatches],
  );
  if (!all || suggestions.length === 0)
    return (
      <p className="muted">{all && all.length === 0 ? 'This project has no threads yet.' : 'No threads to show.'}</p>
    );
  const memberName = (id: string) => members.find((m) => m.id === id)?.name;
  return (
    <div className="empty-result" data-testid="empty-result">
      <p>No threads match {describeFilters(filters, memberName)}.</p>
      <ul className="empty-result__drops">
        {suggestions.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              className="button button--quiet"
              disabled={s.shown === 0}
              onClick={() => setFilter(s.key, undefined)}
            >
              Drop {describeFilters({ [s.key]: filters[s.key] }, memberName)}
            </button>{' '}
            <span className="muted">{s.shown === 0 ? 'still nothing' : `shows ${threadCount(s.shown)}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
