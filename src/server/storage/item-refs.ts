import type { Db } from './open.js';

/** Where an item or message ID points: enough to check access before reading anything else. */
export interface ItemRef {
  itemId: string;
  projectId: string;
  workspaceId: string;
  projectArchived: boolean;
  duplicateOf: string | null;
  /** Set when the ID given was a reply's: the thread it belongs to. */
  replyOf: string | null;
}

export async function findItemRef(db: Db, id: string): Promise<ItemRef | null> {
  const item = await db
    .selectFrom('items')
    .innerJoin('projects', 'projects.id', 'items.project_id')
    .select(['items.id', 'items.project_id', 'projects.workspace_id', 'projects.archived', 'items.duplicate_of'])
    .where('items.id', '=', id)
    .executeTakeFirst();
  if (item) {
    return { itemId: item.id, projectId: item.project_id, workspaceId: item.workspace_id, projectArchived: item.archived === 1, duplicateOf: item.duplicate_of, replyOf: null };
  }
  const msg = await db
    .selectFrom('messages')
    .innerJoin('items', 'items.id', 'messages.item_id')
    .innerJoin('projects', 'projects.id', 'items.project_id')
    .select(['items.id', 'items.project_id', 'projects.workspace_id', 'projects.archived', 'items.duplicate_of', 'messages.is_root'])
    .where('messages.id', '=', id)
    .executeTakeFirst();
  if (!msg) return null;
  return {
    itemId: msg.id,
    projectId: msg.project_id,
    workspaceId: msg.workspace_id,
    projectArchived: msg.archived === 1,
    duplicateOf: msg.duplicate_of,
    // A root message's own ID names the thread itself.
    replyOf: msg.is_root === 1 ? null : msg.id,
  };
}
