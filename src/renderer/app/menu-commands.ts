import type { MenuCommand } from '#shared/bridge/events.js';
import { getBridge } from '../bridge/index.js';
import { refreshProject } from './use-cases/project-session.js';
import { focusSearch, openCreate, switchView } from './use-cases/workspace.js';
import { copyThreadLink } from '../features/links/copy-link.js';
import { useDialogs } from '../stores/dialogs-store.js';
import { explain } from '../stores/notice-store.js';
import type { WorkspaceView } from '../stores/filter-model.js';
import { useSession } from '../stores/session-store.js';
import { isProjectScreen, useNavigation } from '../stores/navigation-store.js';

/**
 * What each native menu command does in the page. Each reads the stores when it runs and
 * says in words why it did nothing when it cannot act (no project open, not connected).
 */
const OPEN_A_PROJECT = 'Open a project first (Go → Projects).';

function onProjectBoard(): boolean {
  const screen = useNavigation.getState().screen;
  if (screen.name === 'board') return true;
  if (isProjectScreen(screen)) useNavigation.getState().go({ ...screen, name: 'board' });
  else explain(OPEN_A_PROJECT);
  return isProjectScreen(screen);
}

const VIEW_OF = {
  'view.board': 'board',
  'view.table': 'table',
  'view.elements': 'elements',
  'view.evidence': 'evidence',
} as const satisfies Partial<Record<MenuCommand, WorkspaceView>>;

export function runMenuCommand(command: MenuCommand): void {
  const nav = useNavigation.getState();
  const screen = nav.screen;
  switch (command) {
    case 'thread.create':
      if (onProjectBoard()) openCreate();
      return;
    case 'thread.copyLink':
      void copyThreadLink();
      return;
    case 'view.board':
    case 'view.table':
    case 'view.elements':
    case 'view.evidence':
      if (onProjectBoard()) switchView(VIEW_OF[command]);
      return;
    case 'view.refresh':
      if (onProjectBoard()) refreshProject();
      return;
    case 'search.focus':
      if (onProjectBoard()) requestAnimationFrame(focusSearch);
      return;
    case 'palette.open': {
      const dialogs = useDialogs.getState();
      if (dialogs.dialog?.kind === 'palette') dialogs.close();
      else if (!dialogs.dialog) dialogs.open({ kind: 'palette' });
      return;
    }
    case 'shortcuts.show':
      if (!useDialogs.getState().dialog) useDialogs.getState().open({ kind: 'shortcuts' });
      return;
    case 'go.projects':
      if (useSession.getState().active) nav.go({ name: 'projects' });
      else explain('Connect first: the projects are those your token reaches.');
      return;
    case 'go.inbox':
      if (useSession.getState().active) nav.go({ name: 'inbox' });
      else explain('Connect first: the inbox shows what concerns you in that connection.');
      return;
    case 'go.reports':
    case 'go.dedupe':
      if (isProjectScreen(screen))
        nav.go({
          name: command === 'go.reports' ? 'reports' : 'dedupe',
          projectId: screen.projectId,
          projectName: screen.projectName,
        });
      else explain(OPEN_A_PROJECT);
      return;
    case 'go.connections':
      nav.go({ name: 'connect' });
      return;
  }
}

/** Menu commands from the desktop shell; nothing arrives in browser mode. */
export function subscribeMenuCommands(): () => void {
  return getBridge().app.onMenuCommand(runMenuCommand);
}
