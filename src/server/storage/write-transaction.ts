import type { Db } from './open.js';
import { versionSourceOf, type Moved, type VersionAt } from './versions.js';

/**
 * What a write may change, for the versions caches compare (storage/versions.ts):
 * `projectId`, the rows of one project (its threads and everything of theirs, its rules, its
 * own row); `shared`, the tables every project's reads share (users, tokens, memberships,
 * workspaces, orgs). Tables no cache reads (notifications, bookmarks, OAuth records, images,
 * rate buckets) need neither.
 */
export interface WriteScope {
  projectId?: string;
  shared?: boolean;
}

/** The versions around the write, for caches that patch what they hold (ReadCache.refresher). */
export interface WriteVersions {
  before: VersionAt;
  after: VersionAt;
}

/**
 * Runs `write` in one transaction whose first statements move the versions of what it may
 * change: the project's row first, then the shared row. On PostgreSQL that takes their row
 * locks, so writes to one project (and shared writes) run one at a time across connections
 * and instances: what a write reads before it writes (a status's `from`, a reply's position)
 * is still true when it commits, and the new version commits with the data. Every
 * transaction of the service goes through here (a test checks it).
 */
export async function writeTransaction<T>(
  db: Db,
  scope: WriteScope,
  write: (t: Db, versions: WriteVersions) => Promise<T>,
): Promise<T> {
  const source = versionSourceOf(db);
  const result = await db.transaction().execute(async (trx) => {
    const marker = scope.projectId === undefined ? null : source?.marker(scope.projectId);
    const t = (marker ? trx.withPlugin(marker) : trx) as unknown as Db;
    const moved = await moveVersions(t, scope);
    const versions = source?.around(moved) ?? { before: () => null, after: () => null };
    return write(t, versions);
  });
  source?.committed();
  return result;
}

async function moveVersions(t: Db, scope: WriteScope): Promise<Moved> {
  const moved: Moved = { projectId: scope.projectId ?? null, project: null, shared: null, sharedMoved: false };
  if (scope.projectId !== undefined) {
    const row = await t
      .updateTable('projects')
      .set((eb) => ({ cache_version: eb('cache_version', '+', 1) }))
      .where('id', '=', scope.projectId)
      .returning((eb) => [
        'cache_version',
        eb.selectFrom('cache_versions').select('version').where('scope', '=', 'shared').as('shared'),
      ])
      .executeTakeFirst();
    if (row) {
      moved.project = Number(row.cache_version);
      moved.shared = row.shared === null ? null : Number(row.shared);
    }
  }
  if (scope.shared) {
    const row = await t
      .updateTable('cache_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('scope', '=', 'shared')
      .returning('version')
      .executeTakeFirst();
    moved.shared = row ? Number(row.version) : null;
    moved.sharedMoved = row !== undefined;
  }
  return moved;
}
