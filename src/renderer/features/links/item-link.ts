import { showRoute } from '../../app/use-cases/show-route.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { getBridge } from '../../bridge/index.js';
import { explain } from '../../stores/notice-store.js';
import { useSession } from '../../stores/session-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { desktopItemLink } from './item-address.js';
import { locateItem } from './locate-item.js';

/** The address that opens a thread: the desktop scheme in Electron, this page's own route in a browser. */
export function itemLinkFor(itemId: string): string {
  if (getBridge().mode === 'electron') return desktopItemLink(itemId);
  return `${window.location.origin}${window.location.pathname}#/item/${encodeURIComponent(itemId)}`;
}

let opening = 0;

/** Opens a thread from its link in the connection that can see it, or says why it cannot. */
export async function openItemLink(itemId: string): Promise<void> {
  const seq = ++opening;
  const bridge = getBridge();
  const located = await locateItem(itemId, {
    activeId: () => useSession.getState().active?.connection.id ?? null,
    list: () => bridge.connections.list(),
    activate: (id) => bridge.connections.activate(id),
    getItem: (id) => bridge.api.getItem({ itemId: id }),
  });
  if (located.connection) useSession.setState({ active: located.connection });
  if (seq !== opening) return; // a newer link arrived meanwhile
  if (!located.ok) {
    explain(located.message);
    if (!useSession.getState().active) useNavigation.getState().go({ name: 'connect' });
    else if (useNavigation.getState().screen.name === 'starting') useNavigation.getState().go({ name: 'projects' });
    return;
  }
  const { item } = located;
  const ws = useWorkspace.getState();
  // A lean service may not name the thread's project: the project open now stands in.
  const projectId = item.project?.id ?? ws.projectId;
  if (!projectId) {
    explain(
      `The service did not say which project thread ${item.id} belongs to. Open its project, then the link again.`,
    );
    return;
  }
  const sameProject = ws.projectId === projectId;
  showRoute({ screen: 'project', projectId, view: ws.view, filters: sameProject ? ws.filters : {}, threadId: item.id });
  const screen = useNavigation.getState().screen;
  if (screen.name === 'board' && !screen.projectName && item.project)
    useNavigation.getState().go({ ...screen, projectName: item.project.name });
}
