import type { Db } from './open.js';
import type { Insertable } from 'kysely';
import type { Database } from './tables.js';

export async function nextMessagePosition(db: Db, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((e) => e.fn.max('position').as('p'))
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

export async function insertMessage(
  db: Db,
  m: Insertable<Database['messages']>,
  mentionedUserIds: string[],
): Promise<void> {
  await db.insertInto('messages').values(m).execute();
  if (mentionedUserIds.length > 0) {
    await db
      .insertInto('mentions')
      .values(mentionedUserIds.map((u) => ({ message_id: m.id, item_id: m.item_id, user_id: u })))
      .execute();
  }
}

export async function insertItem(db: Db, item: Insertable<Database['items']>): Promise<void> {
  await db.insertInto('items').values(item).execute();
}

export async function threadParticipants(db: Db, itemId: string): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('author_id').distinct().where('item_id', '=', itemId).execute();
  return rows.map((r) => r.author_id);
}

export async function setAssignee(db: Db, itemId: string, assigneeId: string | null): Promise<void> {
  await db
    .updateTable('items')
    .set({ assignee_id: assigneeId, ...(assigneeId === null ? { assignee_mode: null } : {}) })
    .where('id', '=', itemId)
    .execute();
}

export async function countRecentItemsBy(db: Db, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('author_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Marks `duplicateId` as merged into `canonicalId` and re-points its own duplicates, so no
 * chains form. False, and nothing written, when it was merged meanwhile: the merge read its
 * threads before its write, and another merge may have taken one in between.
 */
export async function mergeInto(db: Db, duplicateId: string, canonicalId: string): Promise<boolean> {
  const marked = await db
    .updateTable('items')
    .set({ duplicate_of: canonicalId })
    .where('id', '=', duplicateId)
    .where('duplicate_of', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return false;
  await db.updateTable('items').set({ duplicate_of: canonicalId }).where('duplicate_of', '=', duplicateId).execute();
  return true;
}
