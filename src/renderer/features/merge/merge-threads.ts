import { getBridge } from '../../bridge/index.js';
import { announce } from '../../stores/announcer-store.js';
import { emitItemsChanged } from '../../server-state/items-sync.js';
import { useSelection } from '../../stores/selection-store.js';
import { receiptHeadline, runMerge, type MergeProgress, type MergeReceipt } from './merge-run.js';

/** A thread taking part in a merge, with the reports it already carries. */
interface MergeParty {
  id: string;
  reportCount: number;
}

/**
 * Tells the lists what a merge did: accepted duplicates leave them at once, and the kept
 * thread shows its new report count until the refetch confirms it.
 */
function announceToLists(
  projectId: string,
  receipt: MergeReceipt,
  kept: MergeParty,
  duplicates: readonly MergeParty[],
): void {
  if (receipt.acceptedIds.length === 0) return;
  const accepted = new Set(receipt.acceptedIds);
  const carried = duplicates.filter((d) => accepted.has(d.id)).reduce((n, d) => n + d.reportCount, 0);
  const patched =
    receipt.canonicalId === kept.id
      ? [{ id: kept.id, changes: { reportCount: kept.reportCount + receipt.merged + carried } }]
      : [];
  emitItemsChanged({ projectId, removed: receipt.acceptedIds, patched });
}

/** Merged threads leave the shared selection; refused and unsent ones stay selected so they can be dealt with. */
function dropFromSelection(projectId: string, receipt: MergeReceipt): void {
  const selection = useSelection.getState();
  if (selection.projectId !== projectId || selection.selected.size === 0) return;
  const gone = new Set([...receipt.acceptedIds, receipt.keptId]);
  selection.setSelection(
    projectId,
    [...selection.selected].filter((id) => !gone.has(id)),
  );
}

/** Merges through the bridge (in requests of at most 50), then updates the lists, the selection and the live region. */
export async function mergeThreads(
  projectId: string,
  kept: MergeParty,
  duplicates: readonly MergeParty[],
  onProgress?: (p: MergeProgress) => void,
): Promise<MergeReceipt> {
  const api = getBridge().api;
  const receipt = await runMerge(
    (input) => api.mergeItems(input),
    kept.id,
    duplicates.map((d) => d.id),
    onProgress,
  );
  announceToLists(projectId, receipt, kept, duplicates);
  dropFromSelection(projectId, receipt);
  announce(receiptHeadline(receipt));
  return receipt;
}
