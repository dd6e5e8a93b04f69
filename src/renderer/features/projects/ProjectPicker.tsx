import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Project } from '#shared/reader/index.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { readLastProject, rememberLastProject } from '../../stores/last-project.js';
import { useProjectList } from '../../server-state/project-list.js';
import { ProjectCounts } from './ProjectCounts.js';
import { useCountsWhenVisible } from './use-counts-when-visible.js';
import { useSession } from '../../stores/session-store.js';

/** "github.com/acme/web" from "https://github.com/acme/web.git": the part people recognise. */
function shortRepo(repo: string): string {
  return repo
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^git@([^:]+):/, '$1/')
    .replace(/\.git$/, '');
}

function matches(project: Project, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return (
    !f ||
    project.name.toLowerCase().includes(f) ||
    (project.workspace?.name ?? '').toLowerCase().includes(f) ||
    (project.repo ?? '').toLowerCase().includes(f)
  );
}

/** Moves focus among the project buttons with arrows, Home and End (Enter/Space activate natively). */
function onListKeyDown(e: KeyboardEvent<HTMLUListElement>) {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.project-row')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const target =
    e.key === 'ArrowDown' || e.key === 'j'
      ? Math.min(buttons.length - 1, index + 1)
      : e.key === 'ArrowUp' || e.key === 'k'
        ? Math.max(0, index - 1)
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? buttons.length - 1
            : null;
  if (target === null || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  buttons[target]?.focus();
}

export function ProjectPicker() {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  // Asked on every visit: a project created since shows.
  const { projects, loading, problem, reload } = useProjectList({ fresh: true });
  const go = useNavigation((s) => s.go);
  const [filter, setFilter] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const lastProjectId = connectionId ? readLastProject(connectionId) : null;
  const shown = useMemo(() => projects.filter((p) => matches(p, filter)), [projects, filter]);
  useCountsWhenVisible(listRef, connectionId, shown);

  useEffect(() => {
    if (!connectionId) go({ name: 'connect' });
  }, [connectionId, go]);

  // Land on the project opened last time, so returning to it is one Enter away.
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (focusedOnce.current || loading || projects.length === 0) return;
    focusedOnce.current = true;
    const selector = lastProjectId ? `button[data-project-id="${CSS.escape(lastProjectId)}"]` : 'button.project-row';
    (
      listRef.current?.querySelector<HTMLButtonElement>(selector) ??
      listRef.current?.querySelector<HTMLButtonElement>('button.project-row')
    )?.focus();
  }, [projects, loading, lastProjectId]);

  function open(project: Project) {
    if (connectionId) rememberLastProject(connectionId, project.id);
    go({ name: 'board', projectId: project.id, projectName: project.name });
  }

  return (
    <main className="screen projects-screen">
      <div className="projects-screen__head">
        <h1>Projects</h1>
        <div className="field field--inline">
          <label htmlFor="project-filter">Filter projects</label>
          <input
            id="project-filter"
            type="search"
            value={filter}
            placeholder="Name, workspace or repo"
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                listRef.current?.querySelector<HTMLButtonElement>('button.project-row')?.focus();
              }
            }}
          />
        </div>
      </div>
      {projects.length > 0 && (
        <p className="muted projects-screen__hint" data-testid="projects-hint">
          Open a project to triage its feedback threads: ↑ and ↓ choose, Enter opens. New here? Start with the project
          active most recently, at the top, and the Open column of its board.
        </p>
      )}
      {problem && <ErrorMessage problem={problem} onRetry={reload} />}
      {loading && projects.length === 0 && (
        <p className="muted" aria-busy="true">
          Loading projects…
        </p>
      )}
      {!loading && !problem && projects.length === 0 && (
        <p className="muted">
          No projects yet in the workspaces this connection can use. Projects appear here once someone pins feedback to
          a site.
        </p>
      )}
      {projects.length > 0 && shown.length === 0 && <p className="muted">No project matches “{filter}”.</p>}
      <ul
        className="project-list"
        data-testid="project-list"
        ref={listRef}
        onKeyDown={onListKeyDown}
        aria-label="Projects, most recent activity first"
      >
        {shown.map((p) => (
          <li key={p.id}>
            <button type="button" className="project-row" data-project-id={p.id} onClick={() => open(p)}>
              <span className="project-row__name">
                {p.name}
                {p.id === lastProjectId && <span className="tag tag--accent">Last opened</span>}
              </span>
              <span id={`project-${p.id}-meta`} className="project-row__meta">
                {/* Always named: with one workspace too, the row says whose project it is. */}
                {connectionId && <ProjectCounts connectionId={connectionId} projectId={p.id} />}
                {p.workspace?.name && (
                  <span className="tag" data-testid="project-workspace">
                    {p.workspace.name}
                  </span>
                )}
                <span className={p.repo ? 'project-row__repo' : 'project-row__repo muted'}>
                  {p.repo ? shortRepo(p.repo) : 'No repository linked'}
                </span>
                {/* The live service may leave lastActivityAt out: the last update stands in, or nothing. */}
                {(p.lastActivityAt ?? p.updatedAt) !== null && (
                  <span className="muted">
                    <RelativeTime
                      ms={p.lastActivityAt ?? p.updatedAt}
                      prefix={p.lastActivityAt !== null ? 'active' : 'updated'}
                    />
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
