import type { Status } from '#shared/api/common.js';
import type { ItemRow } from '#shared/reader/index.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { planAssign, planReopenAssign, planStatus, type Person } from '../../stores/bulk-model.js';
import { useBulk } from '../../stores/bulk-store.js';
import { useSession } from '../../stores/session-store.js';

/** Bulk entry points shared by the selection bar, the keyboard and the command palette. */

/** The loaded rows for `ids`, in list order; ids no longer listed are left out. */
function rowsFor(ids: Iterable<string>): ItemRow[] {
  const wanted = new Set(ids);
  return (useProjectItems.getState().data?.rows ?? []).filter((r) => wanted.has(r.id));
}

/** The signed-in person as an assignee. */
export function me(): Person | null {
  const you = useSession.getState().active?.you;
  return you ? { id: you.id, name: you.name } : null;
}

export function bulkSetStatus(projectId: string, ids: Iterable<string>, status: Status) {
  return useBulk.getState().start(projectId, planStatus(rowsFor(ids), status));
}

/** `to` null unassigns. */
export function bulkAssign(projectId: string, ids: Iterable<string>, to: Person | null) {
  return useBulk.getState().start(projectId, planAssign(rowsFor(ids), to));
}

export function bulkReopenAndAssign(projectId: string, ids: Iterable<string>, to: Person | null) {
  return useBulk.getState().start(projectId, planReopenAssign(rowsFor(ids), to));
}
