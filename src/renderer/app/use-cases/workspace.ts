import type { Status } from '#shared/api/common.js';
import { announce } from '../../stores/announcer-store.js';
import { explain } from '../../stores/notice-store.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { VIEW_LABEL, type WorkspaceView } from '../../stores/filter-model.js';
import type { SavedView } from '../../stores/saved-views.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { useSelection } from '../../stores/selection-store.js';
import { useThread } from '../../stores/thread-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { bulkSetStatus } from '../../features/bulk/bulk-actions.js';
import { threadCount } from '../../format/counts.js';

/**
 * What the workspace's keys, palette entries and buttons do, in one place. Each command
 * reads the stores when it runs, and says in words why it did nothing when it cannot act.
 */

export const SEARCH_INPUT_ID = 'workspace-search';
const TABLE_GRID_SELECTOR = '[data-testid="items-table"]';

/** Keyboard work in the table goes through its grid, which keeps its own focused row. */
const focusTableGrid = () => document.querySelector<HTMLElement>(TABLE_GRID_SELECTOR)?.focus({ preventScroll: true });

/** Selected ids of the current project that are still listed. */
export function selectedIds(): string[] {
  const { projectId, data } = useProjectItems.getState();
  const sel = useSelection.getState();
  if (!projectId || !data || sel.projectId !== projectId || sel.selected.size === 0) return [];
  return data.rows.filter((r) => sel.selected.has(r.id)).map((r) => r.id);
}

/** The threads an action applies to: the selection when there is one, else the focused thread. */
export function actionTargets(): { projectId: string; ids: string[]; fromSelection: boolean } | null {
  const { projectId, data, focusedId } = useProjectItems.getState();
  if (!projectId || !data) return null;
  const selected = selectedIds();
  if (selected.length > 0) return { projectId, ids: selected, fromSelection: true };
  if (focusedId && data.rows.some((r) => r.id === focusedId))
    return { projectId, ids: [focusedId], fromSelection: false };
  return null;
}

const NO_TARGET = 'No thread to act on: move to one with j or k, or select threads with x.';

/** Opens a thread in the panel, the list's focus moving to it. */
export function openThread(itemId: string): void {
  useProjectItems.getState().focusCard(itemId, false);
  void useThread.getState().open(itemId);
}

/** Reports and the queue open a thread where threads are read: beside the project's list. */
export function openThreadInProject(screen: { projectId: string; projectName: string }, itemId: string): void {
  useNavigation.getState().go({ name: 'board', projectId: screen.projectId, projectName: screen.projectName });
  void useThread.getState().open(itemId);
}

/** The panel, when open, follows the list's focus to another thread. */
export function followThread(itemId: string): void {
  if (useThread.getState().itemId) void useThread.getState().open(itemId);
}

/** Closes the thread panel and puts the keyboard back on the thread it showed. */
export function closeThread(): void {
  const thread = useThread.getState();
  const id = thread.item?.id ?? thread.itemId;
  thread.close();
  if (!id) return;
  if (useWorkspace.getState().view === 'table') focusTableGrid();
  else useProjectItems.getState().focusCard(id, true);
}

export function switchView(view: WorkspaceView): void {
  useWorkspace.getState().setView(view);
  announce(`${VIEW_LABEL[view]} view.`);
  // Keyboard work continues in the new view without reaching for the mouse.
  requestAnimationFrame(() => {
    if (view === 'table') {
      focusTableGrid();
      return;
    }
    if (view === 'evidence' || view === 'elements') {
      // The first tile, page or element thread: the view's own keys take it from there.
      document
        .querySelector<HTMLElement>(
          '[data-testid="evidence-gallery"] [tabindex="0"], [data-testid="hot-elements-view"] button',
        )
        ?.focus({ preventScroll: true });
      return;
    }
    const { focusedId, focusCard } = useProjectItems.getState();
    if (focusedId) focusCard(focusedId, true);
  });
}

export function focusSearch(): void {
  const input = document.getElementById(SEARCH_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  }
}

export function setStatusOfTargets(status: Status): void {
  const targets = actionTargets();
  if (!targets) return explain(NO_TARGET);
  if (targets.fromSelection) void bulkSetStatus(targets.projectId, targets.ids, status);
  else void useProjectItems.getState().setStatus(targets.ids[0]!, status);
}

export function openAssign(): void {
  const targets = actionTargets();
  if (!targets) return explain(NO_TARGET);
  useDialogs.getState().open({ kind: 'assign', projectId: targets.projectId, itemIds: targets.ids });
}

export function openMerge(): void {
  const { projectId } = useProjectItems.getState();
  const ids = selectedIds();
  if (!projectId || ids.length < 2)
    return explain('Select at least two threads to merge (x selects the focused thread).');
  useDialogs.getState().open({ kind: 'merge', projectId, itemIds: ids });
}

export function openCreate(): void {
  const { projectId } = useProjectItems.getState();
  if (projectId) useDialogs.getState().open({ kind: 'create', projectId });
}

export function openFindDuplicates(): void {
  const { projectId, focusedId } = useProjectItems.getState();
  if (!projectId || !focusedId) return explain('Focus a thread first (j or k) to look for its duplicates.');
  useDialogs.getState().open({ kind: 'find-duplicates', projectId, itemId: focusedId });
}

export function toggleSelected(itemId: string): void {
  const { projectId } = useProjectItems.getState();
  if (!projectId) return;
  useSelection.getState().toggle(projectId, itemId);
  const n = useSelection.getState().selected.size;
  announce(`${useSelection.getState().selected.has(itemId) ? 'Selected' : 'Unselected'}; ${threadCount(n)} selected.`);
}

export function selectAll(ids: readonly string[]): void {
  const { projectId } = useProjectItems.getState();
  if (!projectId) return;
  useSelection.getState().setSelection(projectId, ids);
  announce(`${threadCount(ids.length)} selected.`);
}

/** True when there was a selection to clear. */
export function clearSelection(): boolean {
  if (useSelection.getState().selected.size === 0) return false;
  useSelection.getState().clear();
  announce('Selection cleared.');
  return true;
}

export function openSavedView(view: SavedView): void {
  useWorkspace.getState().show(view.view, view.filters);
  announce(`Opened the view “${view.name}”.`);
}
