import { useEffect } from 'react';
import { useProjectItems } from '../server-state/project-items-store.js';
import { VIEW_LABEL, type WorkspaceView } from '../stores/filter-model.js';
import { useWorkspace } from '../stores/workspace-store.js';
import { isProjectScreen, useNavigation, type Screen } from '../stores/navigation-store.js';

const APP = 'Triage Desk';

const PROJECT_SECTION: Record<'reports' | 'dedupe', string> = { reports: 'Reports', dedupe: 'Dedupe queue' };
const PLAIN: Record<'starting' | 'connect' | 'projects' | 'inbox', string | null> = {
  starting: null,
  connect: 'Connections',
  projects: 'Projects',
  inbox: 'For me',
};

/**
 * The window's (or tab's) title names the screen and, inside a project, the project first,
 * so a window switcher or a list of tabs tells them apart: "Checkout app — Board · Triage Desk".
 */
export function screenTitle(screen: Screen, projectName: string, view: WorkspaceView): string {
  if (!isProjectScreen(screen)) {
    const place = PLAIN[screen.name];
    return place ? `${place} · ${APP}` : APP;
  }
  const section = screen.name === 'board' ? VIEW_LABEL[view] : PROJECT_SECTION[screen.name];
  const project = screen.projectName || projectName || 'Project';
  return `${project} — ${section} · ${APP}`;
}

export function useDocumentTitle(): void {
  const screen = useNavigation((s) => s.screen);
  const view = useWorkspace((s) => s.view);
  // A reloaded project address has no name in the route until the project loads.
  const loadedName = useProjectItems((s) =>
    isProjectScreen(screen) && s.data?.project.id === screen.projectId ? s.data.project.name : '',
  );
  useEffect(() => {
    document.title = screenTitle(screen, loadedName, view);
  }, [screen, loadedName, view]);
}
