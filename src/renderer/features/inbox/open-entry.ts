import { showRoute } from '../../app/use-cases/show-route.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { useInbox } from './inbox-store.js';
import type { InboxEntry } from './inbox-model.js';

/** Opens an inbox entry's thread beside its project's list, and marks the entry read. */
export function openInboxEntry(entry: InboxEntry): void {
  useInbox.getState().markRead(entry.key);
  const ws = useWorkspace.getState();
  showRoute({
    screen: 'project',
    projectId: entry.projectId,
    view: ws.view,
    filters: ws.projectId === entry.projectId ? ws.filters : {},
    threadId: entry.itemId,
  });
}
