import { useUnreadCount } from '../features/inbox/inbox-query.js';
import { useProjectItems } from '../server-state/project-items-store.js';
import { useDialogs } from '../stores/dialogs-store.js';
import { useSession } from '../stores/session-store.js';
import { isProjectScreen, useNavigation, type ProjectScreen } from '../stores/navigation-store.js';
import { displayChord, isMacPlatform } from './shortcuts.js';

/** Where you are (connection › project) and the way back up. */
export function AppHeader() {
  const screen = useNavigation((s) => s.screen);
  const go = useNavigation((s) => s.go);
  const active = useSession((s) => s.active);
  const connection = active?.connection;
  const loadedName = useProjectItems((s) =>
    isProjectScreen(screen) && s.data?.project.id === screen.projectId ? s.data.project.name : '',
  );
  const openDialog = useDialogs((s) => s.open);
  const unread = useUnreadCount();
  return (
    <header className="shell__header">
      <span className="shell__brand">Triage Desk</span>
      <nav aria-label="Location" className="shell__crumbs">
        {connection && (
          <button
            type="button"
            className="crumb"
            aria-current={screen.name === 'connect' ? 'page' : undefined}
            onClick={() => go({ name: 'connect' })}
            title="Saved connections"
          >
            {connection.label}
            {active.you?.name ? <span className="crumb__meta"> · {active.you.name}</span> : null}
          </button>
        )}
        {connection && screen.name !== 'connect' && (
          <>
            <span className="crumb__sep" aria-hidden="true">
              /
            </span>
            <button
              type="button"
              className="crumb"
              aria-current={screen.name === 'projects' ? 'page' : undefined}
              onClick={() => go({ name: 'projects' })}
            >
              Projects
            </button>
            <span className="crumb__sep" aria-hidden="true">
              ·
            </span>
            <button
              type="button"
              className="crumb"
              aria-current={screen.name === 'inbox' ? 'page' : undefined}
              onClick={() => go({ name: 'inbox' })}
              data-testid="nav-inbox"
            >
              For me{unread > 0 ? ` (${unread})` : ''}
            </button>
          </>
        )}
        {isProjectScreen(screen) && (
          <>
            <span className="crumb__sep" aria-hidden="true">
              /
            </span>
            <span className="crumb crumb--current">{screen.projectName || loadedName || 'Project'}</span>
          </>
        )}
      </nav>
      {isProjectScreen(screen) && (
        <ProjectSections screen={{ ...screen, projectName: screen.projectName || loadedName }} />
      )}
      {connection && (
        <div className="shell__tools">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => openDialog({ kind: 'palette' })}
            title="Every action by name"
          >
            Commands <kbd>{displayChord('Mod+k', isMacPlatform())}</kbd>
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => openDialog({ kind: 'shortcuts' })}
            title="Keyboard shortcuts"
          >
            Shortcuts <kbd>?</kbd>
          </button>
        </div>
      )}
    </header>
  );
}

const SECTIONS: Array<{ name: ProjectScreen['name']; label: string }> = [
  { name: 'board', label: 'Threads' },
  { name: 'reports', label: 'Reports' },
  { name: 'dedupe', label: 'Dedupe queue' },
];

/** A project's places: its threads (board/table), its reports, and the dedupe queue. */
function ProjectSections({ screen }: { screen: ProjectScreen }) {
  const go = useNavigation((s) => s.go);
  return (
    <nav aria-label="Project sections" className="shell__sections">
      {SECTIONS.map((s) => (
        <button
          key={s.name}
          type="button"
          className="crumb"
          aria-current={screen.name === s.name ? 'page' : undefined}
          onClick={() => go({ name: s.name, projectId: screen.projectId, projectName: screen.projectName })}
        >
          {s.label}
        </button>
      ))}
    </nav>
  );
}
