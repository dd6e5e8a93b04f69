import { refreshMembers } from '../../server-state/project-members.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useBulk } from '../../stores/bulk-store.js';
import { useSavedViews } from '../../stores/saved-views-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { useTextSearch } from '../../stores/text-search-store.js';
import { useThread } from '../../stores/thread-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';

/**
 * Entering and leaving a project: what belongs to the project open in the workspace is asked
 * for on the way in and dropped on the way out, here and nowhere else.
 */

/**
 * Opens a project: its rows, people and saved views; filters and selection are its own.
 * A first load of its rows already under way (the start begins one before the workspace is
 * drawn) is joined, not asked again.
 */
export function enterProject(projectId: string): void {
  if (useWorkspace.getState().projectId !== projectId) useWorkspace.getState().enter(projectId);
  if (useSelection.getState().projectId !== projectId) useSelection.getState().setSelection(projectId, []);
  useSavedViews.getState().load(projectId);
  refreshMembers(projectId);
  void useProjectItems.getState().load(projectId, { join: true });
}

/** Leaves the open project: its rows go (kept a while for a quick return), the thread closes, a bulk receipt is dismissed. */
export function leaveProject(): void {
  useProjectItems.getState().leave();
  useThread.getState().close();
  useBulk.getState().dismissReceipt();
}

/** Reads the open project's threads again, and its text search when one is shown. */
export function refreshProject(): void {
  const { projectId, load } = useProjectItems.getState();
  if (!projectId) return;
  void load(projectId);
  const q = useWorkspace.getState().filters.q;
  if (q) void useTextSearch.getState().search(projectId, q, { force: true });
}
