import type { AssignBody, AssignResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { getItemRecord, recordEvent, userName } from '../storage/items.js';
import { touchProject } from '../storage/projects.js';
import { setAssignee } from '../storage/writes.js';
import type { Caller } from './caller.js';
import { conflict } from './errors.js';
import { refuseMergedDuplicate } from './item-status.js';
import { notify } from './notify.js';
import { PeopleDirectory } from './people.js';
import { resolveItem } from './resolve.js';
import { writeInProject } from './snapshot.js';

export async function assignItem(db: Db, caller: Caller, body: AssignBody, now: number): Promise<AssignResponse> {
  const { ref, workspace } = await resolveItem(db, caller, body.itemId);
  refuseMergedDuplicate(ref.itemId, ref.duplicateOf);
  const target =
    body.assignee === null
      ? null
      : (await PeopleDirectory.load(db, caller, workspace)).resolve(body.assignee, 'assignee');

  return writeInProject(
    db,
    ref.projectId,
    async (t) => {
      const item = await getItemRecord(t, ref.itemId);
      if (!item) throw new Error(`item ${ref.itemId} vanished`);
      if (item.status === 'resolved') {
        throw conflict(
          `Item ${item.id} is resolved; reopen it (POST /api/v1/items/status with status open) before assigning it.`,
          { reason: 'resolved_item' },
        );
      }
      const newId = target?.id ?? null;
      if (item.assignee_id === newId) {
        return { assignedTo: newId === null ? null : (target?.name ?? (await userName(t, newId))), changed: false };
      }
      await setAssignee(t, item.id, newId);
      await recordEvent(t, {
        itemId: item.id,
        kind: 'assign',
        at: now,
        by: caller.userId,
        from: item.assignee_id,
        to: newId,
      });
      await touchProject(t, item.project_id, now);
      await notify(t, [newId], { kind: 'assign', itemId: item.id, messageId: null, actorId: caller.userId, at: now });
      return { assignedTo: target?.name ?? null, changed: true };
    },
    { kind: 'fields', ids: [ref.itemId] },
  );
}
