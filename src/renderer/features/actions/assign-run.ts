import type { Status } from '../../../shared/api/common.js';
import type { AssignResponse, StatusResponse } from '../../../shared/reader/index.js';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/errors.js';
// One rule for when a run of writes must stop (a connection problem, or an uncertain write), shared with bulk changes.
import { haltsTheRun, refusedAsResolved } from '../../stores/bulk-model.js';

/** The two writes assigning needs, injected so the flow runs against the bridge or a test double. */
export interface AssignApi {
  assign(input: { itemId: string; assignee: string | null }): Promise<BridgeResult<AssignResponse>>;
  setStatus(input: { itemId: string; status: Status }): Promise<BridgeResult<StatusResponse>>;
}

export interface AssignedThread {
  itemId: string;
  changed: boolean;
  assignedTo: string | null;
}

export interface AssignReport {
  assigned: AssignedThread[];
  /** Refused because they are resolved: they can be reopened and assigned. */
  resolved: string[];
  failed: Array<{ itemId: string; error: BridgeError }>;
  notSent: string[];
}

/** Assigns each thread in turn (the API takes one thread per request). */
export async function assignEach(
  api: AssignApi,
  itemIds: readonly string[],
  assignee: string | null,
  onProgress?: (done: number) => void,
  statusBefore: (itemId: string) => string | undefined = () => undefined,
): Promise<AssignReport> {
  const report: AssignReport = { assigned: [], resolved: [], failed: [], notSent: [] };
  for (let i = 0; i < itemIds.length; i++) {
    const itemId = itemIds[i]!;
    const res = await api.assign({ itemId, assignee });
    onProgress?.(i + 1);
    if (res.ok) {
      report.assigned.push({ itemId, changed: res.data.changed ?? true, assignedTo: res.data.assignedTo });
    } else if (refusedAsResolved(res.error, statusBefore(itemId))) {
      report.resolved.push(itemId);
    } else {
      report.failed.push({ itemId, error: res.error });
      if (haltsTheRun(res.error)) {
        report.notSent.push(...itemIds.slice(i + 1));
        break;
      }
    }
  }
  return report;
}

export type StepName = 'reopen' | 'assign';

export interface StepResult {
  itemId: string;
  step: StepName;
  ok: boolean;
  error?: BridgeError;
  /** For assign: who it went to, as the service named them. */
  assignedTo?: string | null;
}

/**
 * "Reopen and assign": for each thread, set it open, then assign it — in that order, and the
 * assignment only when the reopen succeeded, so nothing ends up half done without saying so.
 * Every step is reported as it finishes.
 */
export async function reopenAndAssign(api: AssignApi, itemIds: readonly string[], assignee: string | null, onStep?: (step: StepResult) => void): Promise<StepResult[]> {
  const steps: StepResult[] = [];
  const record = (s: StepResult) => {
    steps.push(s);
    onStep?.(s);
  };
  for (const itemId of itemIds) {
    const reopened = await api.setStatus({ itemId, status: 'open' });
    if (!reopened.ok) {
      record({ itemId, step: 'reopen', ok: false, error: reopened.error });
      if (haltsTheRun(reopened.error)) break;
      continue;
    }
    record({ itemId, step: 'reopen', ok: true });
    const assigned = await api.assign({ itemId, assignee });
    if (!assigned.ok) {
      record({ itemId, step: 'assign', ok: false, error: assigned.error });
      if (haltsTheRun(assigned.error)) break;
      continue;
    }
    record({ itemId, step: 'assign', ok: true, assignedTo: assigned.data.assignedTo });
  }
  return steps;
}

/** What to put back for undo: each thread's previous assignee, and whether it was reopened by us. */
export interface AssignUndoEntry {
  itemId: string;
  previousAssigneeId: string | null;
  reopened: boolean;
}

/**
 * Undo in the reverse order of doing: give each thread back its previous assignee (while it
 * is still open, as the service requires), then resolve the ones we reopened. Returns the
 * entries fully put back, so the lists are patched only for those.
 */
export async function undoAssign(api: AssignApi, entries: readonly AssignUndoEntry[]): Promise<AssignUndoEntry[]> {
  const restored: AssignUndoEntry[] = [];
  for (const e of entries) {
    const res = await api.assign({ itemId: e.itemId, assignee: e.previousAssigneeId });
    if (!res.ok) continue;
    if (e.reopened) {
      const back = await api.setStatus({ itemId: e.itemId, status: 'resolved' });
      if (!back.ok) continue;
    }
    restored.push(e);
  }
  return restored;
}
