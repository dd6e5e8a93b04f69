import { isPostgres } from './engine.js';
import type { Db } from './open.js';
import { ReadCache, type Refresher } from './read-cache.js';

export interface ProjectRecord {
  id: string;
  workspaceId: string;
  workspaceName: string;
  name: string;
  slug: string;
  repo: string | null;
  archived: boolean;
  siteUrl: string;
  context: string;
  createdAt: number;
  updatedAt: number;
  lastActivityAt: number;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('projects')
    .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
    .select([
      'projects.id',
      'projects.workspace_id as workspaceId',
      'workspaces.name as workspaceName',
      'projects.name',
      'projects.slug',
      'projects.repo',
      'projects.archived',
      'projects.site_url as siteUrl',
      'projects.context',
      'projects.created_at as createdAt',
      'projects.updated_at as updatedAt',
      'projects.last_activity_at as lastActivityAt',
    ]);
}

type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;
const toRecord = (r: Raw): ProjectRecord => ({ ...r, archived: r.archived === 1 });

/**
 * Project reads are answered from memory until projects or workspaces are written (every
 * thread write moves lastActivityAt, so they are re-read after each). Records are frozen:
 * callers share them.
 */
const byId = new ReadCache<string, ProjectRecord | null>(['projects', 'workspaces'], 1024, true);
const activeByWorkspaces = new ReadCache<string, readonly ProjectRecord[]>(['projects', 'workspaces'], 256);

async function readProject(db: Db, projectId: string): Promise<ProjectRecord | null> {
  const row = await baseQuery(db).where('projects.id', '=', projectId).executeTakeFirst();
  return row ? Object.freeze(toRecord(row)) : null;
}

export function findProject(db: Db, projectId: string): Promise<ProjectRecord | null> {
  return byId.get(db, projectId, () => readProject(db, projectId));
}

/**
 * For a write within one project (domain/snapshot.ts writeInProject), which moves the
 * project's activity time: the record is read again inside the write's transaction and
 * put in memory once it committed, so the next read needs no query.
 */
export function projectRecordRefresher(db: Db, projectId: string): Refresher {
  return byId.refresher(db, projectId, async (t) => {
    const record = await readProject(t, projectId);
    return () => ({ value: record });
  });
}

/** findProject's answer when it is in memory and fresh; undefined when it must be read. */
export function findProjectInMemory(db: Db, projectId: string): ProjectRecord | null | undefined {
  return byId.peek(db, projectId);
}

/** Live (not archived) projects of the given workspaces, most recent activity first. */
export function listActiveProjects(db: Db, workspaceIds: readonly string[]): Promise<readonly ProjectRecord[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return activeByWorkspaces.get(db, JSON.stringify(workspaceIds), async () => {
    const rows = await baseQuery(db)
      .where('projects.workspace_id', 'in', workspaceIds)
      .where('projects.archived', '=', 0)
      .orderBy('projects.last_activity_at', 'desc')
      .orderBy('projects.name')
      .orderBy('projects.id')
      .execute();
    return Object.freeze(rows.map((r) => Object.freeze(toRecord(r))));
  });
}

export async function countActiveProjects(db: Db, workspaceIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (workspaceIds.length === 0) return out;
  const rows = await db
    .selectFrom('projects')
    .select(['workspace_id', db.fn.countAll<number>().as('n')])
    .where('workspace_id', 'in', workspaceIds)
    .where('archived', '=', 0)
    .groupBy('workspace_id')
    .execute();
  for (const r of rows) out.set(r.workspace_id, Number(r.n));
  return out;
}

/**
 * For what is counted per person across projects (the creation limit): on PostgreSQL, the
 * person's creations run one at a time across projects, connections and instances, so two
 * cannot both pass a limit that has room for one. Taken after the project's version
 * (storage/write-transaction.ts), always in that order. SQLite runs one transaction at a time already.
 */
export async function lockPerson(db: Db, userId: string): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function touchProject(db: Db, projectId: string, at: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ last_activity_at: at })
    .where('id', '=', projectId)
    .where('last_activity_at', '<', at)
    .execute();
}
