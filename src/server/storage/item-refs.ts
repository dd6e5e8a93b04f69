import type { Db } from './open.js';
import { idChunks } from './id-chunks.js';

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

interface ThreadRow {
  id: string;
  project_id: string;
  workspace_id: string;
  archived: number;
  duplicate_of: string | null;
}

function refOf(thread: ThreadRow, replyOf: string | null): ItemRef {
  return {
    itemId: thread.id,
    projectId: thread.project_id,
    workspaceId: thread.workspace_id,
    projectArchived: thread.archived === 1,
    duplicateOf: thread.duplicate_of,
    replyOf,
  };
}

export async function findItemRef(db: Db, id: string): Promise<ItemRef | null> {
  return (await findItemRefs(db, [id])).get(id) ?? null;
}

/**
 * findItemRef for many IDs at once, in one query for the thread IDs and, only when some ID
 * names no thread, one more for message IDs (per slice of idChunks). Each ID that names a
 * thread or a message maps to its ref; an ID that names neither is absent. As in
 * findItemRef, an ID is a thread's before it is a message's.
 */
export async function findItemRefs(db: Db, ids: readonly string[]): Promise<Map<string, ItemRef>> {
  const refs = new Map<string, ItemRef>();
  const unique = [...new Set(ids)];
  for (const chunk of idChunks(unique)) {
    const items = await db
      .selectFrom('items')
      .innerJoin('projects', 'projects.id', 'items.project_id')
      .select(['items.id', 'items.project_id', 'projects.workspace_id', 'projects.archived', 'items.duplicate_of'])
      .where('items.id', 'in', chunk)
      .execute();
    for (const item of items) refs.set(item.id, refOf(item, null));
  }
  const notThreads = unique.filter((id) => !refs.has(id));
  for (const chunk of idChunks(notThreads)) {
    const messages = await db
      .selectFrom('messages')
      .innerJoin('items', 'items.id', 'messages.item_id')
      .innerJoin('projects', 'projects.id', 'items.project_id')
      .select([
        'messages.id as messageId',
        'items.id',
        'items.project_id',
        'projects.workspace_id',
        'projects.archived',
        'items.duplicate_of',
        'messages.is_root',
      ])
      .where('messages.id', 'in', chunk)
      .execute();
    // A root message's own ID names the thread itself.
    for (const msg of messages) refs.set(msg.messageId, refOf(msg, msg.is_root === 1 ? null : msg.id));
  }
  return refs;
}
