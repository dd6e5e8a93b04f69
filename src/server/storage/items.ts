import { sql, type Selectable } from 'kysely';
import type { Db } from './open.js';
import type { ItemsTable } from './tables.js';

/** A live thread as read for lists and reports. */
export interface ThreadRow {
  id: string;
  page: string;
  type: string;
  status: string;
  summary: string | null;
  rootBody: string;
  authorId: string;
  authorName: string;
  agentTask: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  replyCount: number;
  reportCount: number;
  createdAt: number;
  resolvedAt: number | null;
  sourceFile: string | null;
  sourceLine: number | null;
  sourceComponent: string | null;
  selector: string | null;
}

function threadQuery(db: Db) {
  return db
    .selectFrom('items as i')
    .innerJoin('users as au', 'au.id', 'i.author_id')
    .leftJoin('users as asg', 'asg.id', 'i.assignee_id')
    .innerJoin('messages as root', (j) => j.onRef('root.item_id', '=', 'i.id').on('root.is_root', '=', 1))
    .select((eb) => [
      'i.id',
      'i.page',
      'i.type',
      'i.status',
      'i.summary',
      'root.body as rootBody',
      'i.author_id as authorId',
      'au.name as authorName',
      'i.agent_task as agentTask',
      'i.assignee_id as assigneeId',
      'asg.name as assigneeName',
      eb
        .selectFrom('messages as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.item_id', '=', 'i.id')
        .where('r.is_root', '=', 0)
        .as('replyCount'),
      eb
        .selectFrom('items as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.duplicate_of', '=', 'i.id')
        .as('reportCount'),
      'i.created_at as createdAt',
      'i.resolved_at as resolvedAt',
      'i.source_file as sourceFile',
      'i.source_line as sourceLine',
      'i.source_component as sourceComponent',
      'i.selector',
    ])
    .where('i.duplicate_of', 'is', null);
}

type RawThread = Awaited<ReturnType<ReturnType<typeof threadQuery>['executeTakeFirstOrThrow']>>;
/**
 * Every field named, in the order selected: a row spread from the driver's row object came
 * out as a slow dictionary-like object, and every walk over the window (lists, summary,
 * review) read its fields several times slower.
 */
const toThreadRow = (r: RawThread): ThreadRow => ({
  id: r.id,
  page: r.page,
  type: r.type,
  status: r.status,
  summary: r.summary,
  rootBody: r.rootBody,
  authorId: r.authorId,
  authorName: r.authorName,
  agentTask: r.agentTask,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  replyCount: Number(r.replyCount ?? 0),
  reportCount: Number(r.reportCount ?? 0),
  createdAt: r.createdAt,
  resolvedAt: r.resolvedAt,
  sourceFile: r.sourceFile,
  sourceLine: r.sourceLine,
  sourceComponent: r.sourceComponent,
  selector: r.selector,
});

/**
 * The most recent live threads of a project (merged duplicates excluded), newest first: one
 * walk down the items_project_live index, whatever the size of the project.
 * Reads at most `limit` rows; callers ask for one more than they use to detect capping.
 */
export async function scanThreads(db: Db, projectId: string, limit: number): Promise<ThreadRow[]> {
  const rows = await threadQuery(db)
    .where('i.project_id', '=', projectId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toThreadRow);
}

/** One live thread exactly as scanThreads reads it; null when it is merged or does not exist. */
export async function readThread(db: Db, itemId: string): Promise<ThreadRow | null> {
  const row = await threadQuery(db).where('i.id', '=', itemId).executeTakeFirst();
  return row ? toThreadRow(row) : null;
}

/**
 * The live threads of a project that come after `last` in the window's order (newest
 * first, then by ID), at most `limit`: what a capped window takes in when threads leave it.
 */
export async function scanThreadsAfter(
  db: Db,
  projectId: string,
  last: { createdAt: number; id: string },
  limit: number,
): Promise<ThreadRow[]> {
  const rows = await threadQuery(db)
    .where('i.project_id', '=', projectId)
    // A row value: SQLite seeks the items_project_live index to it instead of walking the window.
    .where(sql<boolean>`(i.created_at, i.id) < (${last.createdAt}, ${last.id})`)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toThreadRow);
}

type ItemRecord = Selectable<ItemsTable>;

export async function getItemRecord(db: Db, itemId: string): Promise<ItemRecord | null> {
  return (await db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst()) ?? null;
}

export interface MessageRecord {
  id: string;
  isRoot: boolean;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: number;
  editedAt: number | null;
  via: string | null;
}

export async function threadMessages(db: Db, itemId: string): Promise<MessageRecord[]> {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.author_id')
    .select([
      'messages.id',
      'messages.is_root',
      'messages.author_id',
      'users.name',
      'messages.body',
      'messages.created_at',
      'messages.edited_at',
      'messages.via',
    ])
    .where('messages.item_id', '=', itemId)
    .orderBy('messages.position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    isRoot: r.is_root === 1,
    authorId: r.author_id,
    authorName: r.name,
    body: r.body,
    createdAt: r.created_at,
    editedAt: r.edited_at,
    via: r.via,
  }));
}

export async function countDuplicates(db: Db, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('duplicate_of', '=', itemId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function itemAttachments(db: Db, itemId: string) {
  return db
    .selectFrom('attachments')
    .innerJoin('users', 'users.id', 'attachments.author_id')
    .innerJoin('images', 'images.id', 'attachments.image_id')
    .select(['users.name as author', 'attachments.location', 'images.url_token as token'])
    .where('attachments.item_id', '=', itemId)
    .orderBy('attachments.id')
    .execute();
}

export async function itemReactions(db: Db, itemId: string) {
  return db
    .selectFrom('reactions')
    .select(['emoji', 'count'])
    .where('item_id', '=', itemId)
    .orderBy('count', 'desc')
    .orderBy('emoji')
    .execute();
}

export async function itemLinearEntries(db: Db, itemId: string) {
  return db
    .selectFrom('linear_entries')
    .select(['identifier', 'url', 'delegate_name as delegateName', 'delegated_mode as delegatedMode'])
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute();
}

export async function imageToken(db: Db, imageId: string): Promise<string | null> {
  const row = await db.selectFrom('images').select('url_token').where('id', '=', imageId).executeTakeFirst();
  return row?.url_token ?? null;
}

export async function userName(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

interface EventInput {
  itemId: string;
  kind: 'status' | 'assign' | 'type' | 'merge' | 'move';
  at: number;
  by: string | null;
  from: string | null;
  to: string | null;
}

export async function recordEvent(db: Db, e: EventInput): Promise<void> {
  await db
    .insertInto('item_events')
    .values({ item_id: e.itemId, kind: e.kind, at: e.at, by_user_id: e.by, from_value: e.from, to_value: e.to })
    .execute();
}

export async function setItemStatus(db: Db, itemId: string, status: string, resolvedAt: number | null): Promise<void> {
  await db.updateTable('items').set({ status, resolved_at: resolvedAt }).where('id', '=', itemId).execute();
}

export async function addNotifications(
  db: Db,
  rows: {
    userId: string;
    kind: string;
    itemId: string;
    messageId: string | null;
    actorId: string | null;
    at: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        kind: r.kind,
        item_id: r.itemId,
        message_id: r.messageId,
        actor_id: r.actorId,
        created_at: r.at,
        read_at: null,
      })),
    )
    .execute();
}
