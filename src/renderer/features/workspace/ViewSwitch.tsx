import { displayChord, keysFor, parseKeys } from '../../app/shortcuts.js';
import { VIEW_LABEL, type WorkspaceView } from '../../stores/filter-model.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { switchView } from '../../app/use-cases/workspace.js';

type ViewCommand = 'view.board' | 'view.table' | 'view.elements' | 'view.evidence';

const VIEWS: Array<{ view: WorkspaceView; command: ViewCommand }> = [
  { view: 'board', command: 'view.board' },
  { view: 'table', command: 'view.table' },
  { view: 'elements', command: 'view.elements' },
  { view: 'evidence', command: 'view.evidence' },
];

function keysHint(command: ViewCommand): string {
  const keys = keysFor(command);
  return keys
    ? parseKeys(keys)
        .map((k) => displayChord(k, false))
        .join(' then ')
    : '';
}

/** Board, table, hot elements or evidence over the same filtered threads. */
export function ViewSwitch() {
  const current = useWorkspace((s) => s.view);
  return (
    <div className="view-switch" role="group" aria-label="View">
      {VIEWS.map(({ view, command }) => (
        <button
          key={view}
          type="button"
          className="view-switch__button"
          aria-pressed={current === view}
          title={`${VIEW_LABEL[view]} (${keysHint(command)})`}
          data-testid={`view-${view}`}
          onClick={() => switchView(view)}
        >
          {VIEW_LABEL[view]}
        </button>
      ))}
    </div>
  );
}
