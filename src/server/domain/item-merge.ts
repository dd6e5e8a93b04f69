import type { MergeBody, MergeResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { findItemRef, findItemRefs, type ItemRef } from '../storage/item-refs.js';
import { recordEvent } from '../storage/items.js';
import { touchProject } from '../storage/projects.js';
import { mergeInto } from '../storage/writes.js';
import type { Caller } from './caller.js';
import { badRequest, conflict, notReachable } from './errors.js';
import { resolveItem } from './resolve.js';
import { writeInProject } from './snapshot.js';

/**
 * Merges duplicates into the kept thread (or the thread it was itself merged into). Every
 * duplicate is checked before anything is written: one bad ID refuses the whole merge.
 */
export async function mergeItems(db: Db, caller: Caller, body: MergeBody, now: number): Promise<MergeResponse> {
  const { ref: kept } = await resolveItem(db, caller, body.itemId);
  const canonicalId = kept.duplicateOf ?? kept.itemId;
  // All duplicates in one read; they are then checked in the order given, so the first bad ID is the one refused.
  const refs = await findItemRefs(db, body.duplicateIds);
  const toMerge: ItemRef[] = [];
  for (const id of new Set(body.duplicateIds)) {
    const ref = refs.get(id);
    const reachable = ref && !ref.projectArchived && caller.workspaces.some((w) => w.workspaceId === ref.workspaceId);
    if (!ref || !reachable) throw notReachable('Item', id);
    if (ref.replyOf !== null) {
      throw badRequest(`${id} is a reply, not a thread; only threads can be merged.`, {
        reason: 'merge_reply',
        field: 'duplicateIds',
        itemId: id,
        parentId: ref.itemId,
      });
    }
    if (ref.projectId !== kept.projectId) {
      throw badRequest(`${id} is in another project; only threads of the same project can be merged.`, {
        reason: 'merge_other_project',
        field: 'duplicateIds',
        itemId: id,
      });
    }
    if (ref.itemId === canonicalId) throw mergeSelf(id);
    // Already a duplicate (of this or another thread): merging is not undoable, so it stays where it is.
    if (ref.duplicateOf === null) toMerge.push(ref);
  }
  let merged = 0;
  await writeInProject(
    db,
    kept.projectId,
    async (t) => {
      // Writes to a project run one at a time (on PostgreSQL behind a lock), so the kept thread
      // is read again here: a merge that ran meanwhile may have made it a duplicate of one of ours.
      const keptNow = await findItemRef(t, kept.itemId);
      const canonicalNow = keptNow?.duplicateOf ?? canonicalId;
      const taken = toMerge.find((r) => r.itemId === canonicalNow);
      if (taken) throw mergeSelf(taken.itemId);
      if (canonicalNow !== canonicalId) {
        throw conflict(
          `Item ${kept.itemId} was merged into ${canonicalNow} while this merge was asked; merge into ${canonicalNow} instead.`,
          { reason: 'merged_duplicate', duplicateOf: canonicalNow },
        );
      }
      for (const ref of toMerge) {
        // Taken only while still unmerged: a thread named twice (by its ID and by its root
        // message's own ID) or taken by a merge running alongside counts and logs once.
        if (!(await mergeInto(t, ref.itemId, canonicalId))) continue;
        merged++;
        await recordEvent(t, {
          itemId: ref.itemId,
          kind: 'merge',
          at: now,
          by: caller.userId,
          from: null,
          to: canonicalId,
        });
      }
      if (merged > 0) await touchProject(t, kept.projectId, now);
      // The duplicates leave the window; the kept thread's report count grows.
    },
    { kind: 'threads', ids: [canonicalId, ...toMerge.map((r) => r.itemId)] },
  );
  return { merged, canonicalId };
}

const mergeSelf = (id: string) =>
  badRequest(`${id} is the thread being kept; it cannot be its own duplicate.`, {
    reason: 'merge_self',
    field: 'duplicateIds',
    itemId: id,
  });
