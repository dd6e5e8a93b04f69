import { useState, type FormEvent } from 'react';
import { Popover } from '../../components/Popover.js';
import { describeFilters } from '../../format/filters-text.js';
import { announce } from '../../stores/announcer-store.js';
import { useOpenProjectMembers } from '../../server-state/project-members.js';
import { VIEW_LABEL } from '../../stores/filter-model.js';
import { matchingView, type SavedView } from '../../stores/saved-views.js';
import { useSavedViews } from '../../stores/saved-views-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { openSavedView } from '../../app/use-cases/workspace.js';

function useMemberName() {
  const { members } = useOpenProjectMembers();
  return (id: string) => members.find((m) => m.id === id)?.name;
}

function SaveForm() {
  const views = useSavedViews((s) => s.views);
  const save = useSavedViews((s) => s.save);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const updating = views.some(
    (v) => v.name.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase() && name.trim() !== '',
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { view, filters } = useWorkspace.getState();
    const result = save(name, view, filters);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setName('');
    announce(`${result.replaced ? 'Updated' : 'Saved'} the view “${result.saved.name}”.`);
  };

  return (
    <form className="saved-views__save" onSubmit={submit}>
      <label htmlFor="saved-view-name">Save what is shown as</label>
      <div className="saved-views__row">
        <input
          id="saved-view-name"
          type="text"
          value={name}
          placeholder="e.g. Open checkout bugs"
          autoComplete="off"
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'saved-view-name-problem' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button button--primary">
          {updating ? 'Update' : 'Save'}
        </button>
      </div>
      {problem && (
        <p id="saved-view-name-problem" className="inline-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function RenameForm({ view, onDone }: { view: SavedView; onDone(): void }) {
  const rename = useSavedViews((s) => s.rename);
  const [name, setName] = useState(view.name);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `rename-${view.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issue = rename(view.id, name);
    if (issue) return setProblem(issue);
    announce(`Renamed the view to “${name.trim()}”.`);
    onDone();
  };
  return (
    <form className="saved-views__rename" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        New name for {view.name}
      </label>
      <div className="saved-views__row">
        <input
          id={inputId}
          type="text"
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          aria-invalid={problem !== null}
        />
        <button type="submit" className="button button--primary">
          Rename
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function SavedViewRow({ view, current, close }: { view: SavedView; current: boolean; close(): void }) {
  const remove = useSavedViews((s) => s.remove);
  const memberName = useMemberName();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  if (mode === 'rename') return <RenameForm view={view} onDone={() => setMode('idle')} />;
  return (
    <div className="saved-view" data-testid="saved-view">
      <button
        type="button"
        className="row-button saved-view__open"
        aria-current={current || undefined}
        onClick={() => {
          openSavedView(view);
          close();
        }}
      >
        <span className="saved-view__name">{view.name}</span>
        <span className="saved-view__what muted">
          {VIEW_LABEL[view.view]} · {describeFilters(view.filters, memberName)}
        </span>
      </button>
      {mode === 'delete' ? (
        <span className="saved-view__confirm" role="group" aria-label={`Delete ${view.name}?`}>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              remove(view.id);
              announce(`Deleted the view “${view.name}”.`);
            }}
          >
            Delete
          </button>
          <button type="button" className="button button--quiet" onClick={() => setMode('idle')}>
            Keep
          </button>
        </span>
      ) : (
        <span className="saved-view__actions">
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Rename ${view.name}`}
            onClick={() => setMode('rename')}
          >
            Rename
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Delete ${view.name}`}
            onClick={() => setMode('delete')}
          >
            Delete
          </button>
        </span>
      )}
    </div>
  );
}

function SavedViewsPanel({ close }: { close(): void }) {
  const views = useSavedViews((s) => s.views);
  const problem = useSavedViews((s) => s.problem);
  const view = useWorkspace((s) => s.view);
  const filters = useWorkspace((s) => s.filters);
  const current = matchingView(views, view, filters);
  return (
    <div className="saved-views" aria-label="Saved views" role="region">
      <SaveForm />
      {problem && (
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
      )}
      {views.length === 0 ? (
        <p className="muted saved-views__empty">
          No saved views yet. Set the filters and view you keep coming back to, then save them here.
        </p>
      ) : (
        <ul className="saved-views__list" aria-label="Saved views of this project">
          {views.map((v) => (
            <li key={v.id}>
              <SavedViewRow view={v} current={v.id === current?.id} close={close} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Save the current filters and view under a name; reopen, rename or delete saved ones. */
export function SavedViewsMenu() {
  const views = useSavedViews((s) => s.views);
  const view = useWorkspace((s) => s.view);
  const filters = useWorkspace((s) => s.filters);
  const current = matchingView(views, view, filters);
  return (
    <Popover
      label={current ? `View: ${current.name} ▾` : 'Saved views ▾'}
      ariaLabel={current ? `Saved views (showing ${current.name})` : 'Saved views'}
      testId="saved-views-button"
    >
      {(close) => <SavedViewsPanel close={close} />}
    </Popover>
  );
}
