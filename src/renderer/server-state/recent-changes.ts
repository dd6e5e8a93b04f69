import type { ItemRow } from '#shared/reader/index.js';
import { patchRows, removeRows, type BoardSnapshot, type RowPatch } from '../stores/board-model.js';

/**
 * Changes the service accepted that a load may not have seen yet. A load that started before
 * a change was applied reads the old value; re-applying what came after its start keeps the
 * screen truthful until the next load, which sees the change itself. The query cache drops a
 * superseded load's answer, but not the answer of the newest load that simply asked too early.
 */
export class RecentChanges {
  /** Moves with every accepted change; a load remembers where it stood when it started. */
  epoch = 0;
  private readonly patches = new Map<string, { epoch: number; changes: Partial<ItemRow> }>();
  private readonly removals = new Map<string, number>();

  patched(patches: readonly RowPatch[]): void {
    this.epoch += 1;
    for (const { id, changes } of patches) {
      const prior = this.patches.get(id)?.changes;
      this.patches.set(id, { epoch: this.epoch, changes: { ...prior, ...changes } });
    }
  }

  removed(ids: readonly string[]): void {
    this.epoch += 1;
    for (const id of ids) this.removals.set(id, this.epoch);
  }

  /** The snapshot with every change since `since` applied again; older changes are forgotten. */
  replay(snapshot: BoardSnapshot, since: number): BoardSnapshot {
    const patches: RowPatch[] = [];
    for (const [id, p] of this.patches) {
      if (p.epoch > since) patches.push({ id, changes: p.changes });
      else this.patches.delete(id);
    }
    const removed: string[] = [];
    for (const [id, epoch] of this.removals) {
      if (epoch > since) removed.push(id);
      else this.removals.delete(id);
    }
    return removeRows(patchRows(snapshot, patches), removed);
  }

  forget(): void {
    this.patches.clear();
    this.removals.clear();
  }
}
