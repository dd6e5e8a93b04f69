import { useProjectItems } from '../../server-state/project-items-store.js';
import { listedProjectName } from '../../server-state/project-list.js';
import { useSession } from '../../stores/session-store.js';
import { useThread } from '../../stores/thread-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { useReportTab } from '../../features/reports/stores/tab-store.js';
import { useNavigation } from '../../stores/navigation-store.js';
import type { Route } from '../route.js';

/** A project's name, if any list already knows it (a restored URL carries only the id). */
function knownProjectName(projectId: string): string {
  const board = useProjectItems.getState().data?.project;
  if (board?.id === projectId) return board.name;
  return listedProjectName(projectId) ?? '';
}

/**
 * Shows what a route describes, but a thread's own address (`applyRoute` in use-url-sync.ts
 * sends that to the link opener, which ends here once it knows the thread's project). A
 * project route needs an active connection.
 */
export function showRoute(route: Exclude<Route, { screen: 'item' }> | null): void {
  const { go, screen } = useNavigation.getState();
  const connected = useSession.getState().active !== null;
  if (!route || route.screen === 'projects') {
    go({ name: connected ? 'projects' : 'connect' });
    return;
  }
  if (route.screen === 'connect' || !connected) {
    go({ name: 'connect' });
    return;
  }
  if (route.screen === 'inbox') {
    go({ name: 'inbox' });
    return;
  }
  if (route.screen === 'reports' || route.screen === 'dedupe') {
    if (route.screen === 'reports' && route.tab) useReportTab.getState().setTab(route.tab);
    if (screen.name !== route.screen || !('projectId' in screen) || screen.projectId !== route.projectId)
      go({ name: route.screen, projectId: route.projectId, projectName: knownProjectName(route.projectId) });
    return;
  }
  useWorkspace.getState().enter(route.projectId, { view: route.view, filters: route.filters });
  if (screen.name !== 'board' || screen.projectId !== route.projectId) {
    go({ name: 'board', projectId: route.projectId, projectName: knownProjectName(route.projectId) });
  }
  const thread = useThread.getState();
  const shown = thread.item?.id ?? thread.itemId;
  if (route.threadId && route.threadId !== shown && route.threadId !== thread.itemId) void thread.open(route.threadId);
  else if (!route.threadId && thread.itemId) thread.close();
}
