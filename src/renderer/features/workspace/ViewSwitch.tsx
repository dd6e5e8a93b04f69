import { displayChord, keysFor, parseKeys } from '../../app/shortcuts.js';
import type { WorkspaceView } from '../../stores/filter-model.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { switchView } from './workspace-commands.js';

const VIEWS: Array<{ view: WorkspaceView; label: string; command: 'view.board' | 'view.table' }> = [
  { view: 'board', label: 'Board', command: 'view.board' },
  { view: 'table', label: 'Table', command: 'view.table' },
];

function keysHint(command: 'view.board' | 'view.table'): string {
  const keys = keysFor(command);
  return keys ? parseKeys(keys).map((k) => displayChord(k, false)).join(' then ') : '';
}

/** Board or table over the same filtered threads. */
export function ViewSwitch() {
  const current = useWorkspace((s) => s.view);
  return (
    <div className="view-switch" role="group" aria-label="View">
      {VIEWS.map(({ view, label, command }) => (
        <button
          key={view}
          type="button"
          className="view-switch__button"
          aria-pressed={current === view}
          title={`${label} (${keysHint(command)})`}
          data-testid={`view-${view}`}
          onClick={() => switchView(view)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
