import type { StatusBody, StatusResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { addNotifications, getItemRecord, recordEvent, setItemStatus } from '../storage/items.js';
import { touchProject } from '../storage/projects.js';
import type { Caller } from './caller.js';
import { conflict } from './errors.js';
import { resolveItem } from './resolve.js';
import { writeInProject } from './snapshot.js';

/** A merged duplicate is frozen: its status lives on the kept thread (docs/api-decisions.md). */
export function refuseMergedDuplicate(itemId: string, duplicateOf: string | null): void {
  if (duplicateOf !== null) {
    throw conflict(`Item ${itemId} was merged into ${duplicateOf}; work on ${duplicateOf} instead.`, {
      reason: 'merged_duplicate',
      duplicateOf,
    });
  }
}

export async function setStatus(db: Db, caller: Caller, body: StatusBody, now: number): Promise<StatusResponse> {
  const { ref } = await resolveItem(db, caller, body.itemId);
  refuseMergedDuplicate(ref.itemId, ref.duplicateOf);
  return writeInProject(
    db,
    ref.projectId,
    async (t) => {
      const item = await getItemRecord(t, ref.itemId);
      if (!item || item.status === body.status) return { status: body.status, changed: false };
      await setItemStatus(t, item.id, body.status, body.status === 'resolved' ? now : null);
      await recordEvent(t, {
        itemId: item.id,
        kind: 'status',
        at: now,
        by: caller.userId,
        from: item.status,
        to: body.status,
      });
      await touchProject(t, item.project_id, now);
      // Same people the web app tells: the thread's author and assignee, never the actor.
      const notify = new Set(
        [item.author_id, item.assignee_id].filter((u): u is string => u !== null && u !== caller.userId),
      );
      await addNotifications(
        t,
        [...notify].map((userId) => ({
          userId,
          kind: 'status',
          itemId: item.id,
          messageId: null,
          actorId: caller.userId,
          at: now,
        })),
      );
      return { status: body.status, changed: true };
    },
    { kind: 'fields', ids: [ref.itemId] },
  );
}
