import { idChunks } from './id-chunks.js';
import type { Db } from './open.js';

export interface HistoryMessage {
  id: string;
  itemId: string;
  isRoot: boolean;
  position: number;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: number;
  via: string | null;
}

export interface HistoryEvent {
  /** Events of one moment are in the order they were recorded. */
  id: number;
  itemId: string;
  kind: string;
  at: number;
  byId: string | null;
  byName: string | null;
  from: string | null;
  to: string | null;
}

/** Messages of many threads, in thread order. */
export async function messagesOf(db: Db, itemIds: string[]): Promise<HistoryMessage[]> {
  const out: HistoryMessage[] = [];
  for (const chunk of idChunks(itemIds)) {
    const rows = await db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.author_id')
      .select([
        'messages.id',
        'messages.item_id',
        'messages.is_root',
        'messages.position',
        'messages.author_id',
        'users.name',
        'messages.body',
        'messages.created_at',
        'messages.via',
      ])
      .where('messages.item_id', 'in', chunk)
      .execute();
    for (const r of rows) {
      out.push({
        id: r.id,
        itemId: r.item_id,
        isRoot: r.is_root === 1,
        position: r.position,
        authorId: r.author_id,
        authorName: r.name,
        body: r.body,
        createdAt: r.created_at,
        via: r.via,
      });
    }
  }
  return out.sort((a, b) => (a.itemId === b.itemId ? a.position - b.position : a.itemId < b.itemId ? -1 : 1));
}

export async function eventsOf(db: Db, itemIds: string[]): Promise<HistoryEvent[]> {
  const out: HistoryEvent[] = [];
  for (const chunk of idChunks(itemIds)) {
    const rows = await db
      .selectFrom('item_events')
      .leftJoin('users', 'users.id', 'item_events.by_user_id')
      .select([
        'item_events.id',
        'item_events.item_id',
        'item_events.kind',
        'item_events.at',
        'item_events.by_user_id',
        'users.name',
        'item_events.from_value',
        'item_events.to_value',
      ])
      .where('item_events.item_id', 'in', chunk)
      .orderBy('item_events.at')
      .orderBy('item_events.id')
      .execute();
    for (const r of rows)
      out.push({
        id: r.id,
        itemId: r.item_id,
        kind: r.kind,
        at: r.at,
        byId: r.by_user_id,
        byName: r.name,
        from: r.from_value,
        to: r.to_value,
      });
  }
  return out.sort(byEventOrder);
}

/** Oldest first; events of one moment in the order they were recorded. */
export const byEventOrder = (a: HistoryEvent, b: HistoryEvent) => a.at - b.at || a.id - b.id;

export async function mentionsOfUser(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const chunk of idChunks(itemIds)) {
    const rows = await db
      .selectFrom('mentions')
      .select('message_id')
      .where('user_id', '=', userId)
      .where('item_id', 'in', chunk)
      .execute();
    for (const r of rows) out.add(r.message_id);
  }
  return out;
}

export async function countMergedDuplicates(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('duplicate_of', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface RuleRecord {
  text: string;
  addedBy: string;
  addedAt: number;
  sourceItemIds: string[];
}

export async function rulesOf(db: Db, projectId: string): Promise<RuleRecord[]> {
  const rows = await db
    .selectFrom('rules')
    .innerJoin('users', 'users.id', 'rules.added_by')
    .select(['rules.text', 'users.name', 'rules.added_at', 'rules.source_item_ids_json'])
    .where('rules.project_id', '=', projectId)
    .orderBy('rules.added_at')
    .orderBy('rules.id')
    .execute();
  return rows.map((r) => ({
    text: r.text,
    addedBy: r.name,
    addedAt: r.added_at,
    sourceItemIds: JSON.parse(r.source_item_ids_json) as string[],
  }));
}

export async function insertRule(
  db: Db,
  r: { projectId: string; text: string; addedBy: string; addedAt: number; sourceItemIds: string[] },
): Promise<void> {
  await db
    .insertInto('rules')
    .values({
      project_id: r.projectId,
      text: r.text,
      added_by: r.addedBy,
      added_at: r.addedAt,
      source_item_ids_json: JSON.stringify(r.sourceItemIds),
    })
    .execute();
  await db.updateTable('projects').set({ updated_at: r.addedAt }).where('id', '=', r.projectId).execute();
}

export async function getBookmark(db: Db, userId: string, projectId: string): Promise<number | null> {
  const row = await db
    .selectFrom('whats_new_bookmarks')
    .select('at')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.at ?? null;
}

export async function setBookmark(db: Db, userId: string, projectId: string, at: number): Promise<void> {
  await db
    .insertInto('whats_new_bookmarks')
    .values({ user_id: userId, project_id: projectId, at })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ at }))
    .execute();
}
