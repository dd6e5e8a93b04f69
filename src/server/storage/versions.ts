import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { isPostgres } from './engine.js';
import type { Db } from './open.js';
import { PROJECT_TABLES, type TableName, type WriteTracker } from './write-tracker.js';

/**
 * What a cached read is compared with: equal versions mean nothing it was read from has been
 * written since. Numbers from the in-process tracker, text from the database.
 */
export type Version = number | string;

/** The version of what a cache reads (its tables; the project when its key is one), or null: not versioned. */
export type VersionAt = (tables: readonly TableName[], projectId?: string) => Version | null;

/** What a write transaction moved: the project's version and the shared one after it (see writeTransaction). */
export interface Moved {
  projectId: string | null;
  /** The project's version after the write; null when nothing was read (no such project, or no project). */
  project: number | null;
  /** The shared version during the write (after it, when the write moved it). */
  shared: number | null;
  sharedMoved: boolean;
}

/**
 * Where caches (storage/read-cache.ts) take versions from. One per opened database.
 * - In process (SQLite: one process, one connection): a WriteTracker counts writes per table
 *   as they run, so a version is known at once and nothing is asked.
 * - In the database (PostgreSQL: a pool, maybe several instances): each project's row holds its
 *   version and one row holds the shared one (migration 0006); every write moves them in its
 *   transaction (writeTransaction), and a read asks for them first.
 */
export interface VersionSource {
  /**
   * The version now: at once, or a promise of one read after this call; null when this
   * source cannot version these tables (the read then goes to the database every time).
   */
  current(tables: readonly TableName[], projectId?: string): Version | Promise<Version> | null;
  /** The version now when known without asking; undefined when it must be asked (or cannot be told). */
  known(tables: readonly TableName[], projectId?: string): Version | undefined;
  /** Versions right before and after a write's statements, taken inside its transaction. */
  around(moved: Moved): { before: VersionAt; after: VersionAt };
  /** A plugin for the write's statements, when the source needs them marked with the project. */
  marker(projectId: string): KyselyPlugin | null;
  /** Called once a write committed: what its request reads after it must see it. */
  committed(): void;
}

export class TrackerVersions implements VersionSource {
  constructor(readonly tracker: WriteTracker) {}

  current(tables: readonly TableName[], projectId?: string): Version {
    return this.tracker.version(tables, projectId);
  }

  known(tables: readonly TableName[], projectId?: string): Version {
    return this.tracker.version(tables, projectId);
  }

  /** The connection is the transaction's while it runs: the counts before and after are the write's alone. */
  around(): { before: VersionAt; after: VersionAt } {
    const live: VersionAt = (tables, projectId) => this.tracker.version(tables, projectId);
    return { before: live, after: live };
  }

  marker(projectId: string): KyselyPlugin {
    return this.tracker.marker(projectId);
  }

  /** Counted as it ran: nothing to do. */
  committed(): void {}
}

const isProjectTable = (t: TableName) => PROJECT_TABLES.has(t);

/**
 * The database-held version of a cache's tables, from the shared and project versions:
 * a cache keyed by project compares its project's (and the shared one when it reads a shared
 * table); a cache of shared tables alone compares the shared one; a cache reading several
 * projects' rows has no version (every project would have to be asked).
 */
function composed(
  tables: readonly TableName[],
  projectId: string | undefined,
  shared: number,
  project: (id: string) => number | null,
): Version | null {
  if (projectId === undefined) return tables.some(isProjectTable) ? null : `s${shared}`;
  const p = project(projectId);
  if (p === null) return null;
  return tables.every(isProjectTable) ? `p${p}` : `s${shared}p${p}`;
}

/** A project that is not there (yet): a version of its own, which its first row changes. */
const ABSENT = -1;

/** One check's answer: the shared version, and those of the projects it asked for. */
interface Checked {
  /** Checks are numbered in the order they start. */
  number: number;
  shared: number;
  /** Every project asked for; a project without a row has ABSENT. */
  projects: ReadonlyMap<string, number>;
}

interface NextCheck {
  projects: Set<string>;
  done: Promise<Checked>;
  resolve: (c: Checked) => void;
  reject: (e: unknown) => void;
}

/** Projects a check reads besides those asked for: the last ones asked, so a request's later reads need no check of their own. */
const RECENT_PROJECTS = 32;

/**
 * The first check a request may use: one numbered this or higher started after the request
 * came (see readsFrom). Outside a request, every ask waits for a check that starts after it.
 */
const requestStart = new AsyncLocalStorage<{ readonly source: DatabaseVersions; from: number }>();

/**
 * Versions held in the database. A read asks before it looks in memory, and the version it
 * gets was read after its request came: a write acknowledged before that (on any instance)
 * has moved it. Asks are coalesced: while one check runs, everyone who asks waits for the
 * next, which starts when it ends and reads every project asked for meanwhile (and the last
 * ones asked) in one round trip; a check that began before a request came may have missed a
 * write its client saw acknowledged, so it is never used for it. Within a request, every
 * read after the first uses the check the first waited for when it holds what they need: a
 * request answered from memory costs one round trip, shared with the requests around it.
 */
export class DatabaseVersions implements VersionSource {
  private started = 0;
  private running: { number: number; projects: ReadonlySet<string>; done: Promise<Checked> } | null = null;
  private next: NextCheck | null = null;
  private latest: Checked | null = null;
  private readonly recent = new Map<string, true>();
  constructor(private readonly db: Db) {}

  /** Checks started so far, for tests that count round trips. */
  get checks(): number {
    return this.started;
  }

  /** Runs `handle` (a request's handling) so that its reads may use any check that starts from now. */
  readsFrom<T>(handle: () => T): T {
    return requestStart.run({ source: this, from: this.started + 1 }, handle);
  }

  current(tables: readonly TableName[], projectId?: string): Version | Promise<Version> | null {
    if (projectId === undefined && tables.some(isProjectTable)) return null;
    const from = this.from();
    const known = this.usable(this.latest, from, projectId);
    if (known) return this.versionIn(known, tables, projectId);
    return this.ask(projectId, from).then((c) => this.versionIn(c, tables, projectId));
  }

  known(tables: readonly TableName[], projectId?: string): Version | undefined {
    if (projectId === undefined && tables.some(isProjectTable)) return undefined;
    const known = this.usable(this.latest, this.from(), projectId);
    return known ? this.versionIn(known, tables, projectId) : undefined;
  }

  around(moved: Moved): { before: VersionAt; after: VersionAt } {
    const at =
      (back: number): VersionAt =>
      (tables, projectId) => {
        if (moved.shared === null) return null;
        const shared = moved.sharedMoved ? moved.shared - back : moved.shared;
        const project = (id: string) =>
          id === moved.projectId && moved.project !== null ? moved.project - back : null;
        return composed(tables, projectId, shared, project);
      };
    return { before: at(1), after: at(0) };
  }

  marker(): null {
    return null;
  }

  /** The request that wrote reads from a check that starts after its write. */
  committed(): void {
    const request = requestStart.getStore();
    if (request?.source === this) request.from = this.started + 1;
  }

  private versionIn(c: Checked, tables: readonly TableName[], projectId: string | undefined): Version {
    return composed(tables, projectId, c.shared, (id) => c.projects.get(id) ?? ABSENT) ?? '';
  }

  /** The first check number this caller may use: its request's, or the next to start. */
  private from(): number {
    const request = requestStart.getStore();
    return request?.source === this ? request.from : this.started + 1;
  }

  private usable(c: Checked | null, from: number, projectId: string | undefined): Checked | null {
    return c && c.number >= from && (projectId === undefined || c.projects.has(projectId)) ? c : null;
  }

  private ask(projectId: string | undefined, from: number): Promise<Checked> {
    if (projectId !== undefined) {
      this.recent.delete(projectId);
      this.recent.set(projectId, true);
      if (this.recent.size > RECENT_PROJECTS) this.recent.delete(this.recent.keys().next().value as string);
    }
    const running = this.running;
    if (running && running.number >= from && (projectId === undefined || running.projects.has(projectId)))
      return running.done;
    if (!this.next) {
      let resolve!: (c: Checked) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<Checked>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.next = { projects: new Set(), done, resolve, reject };
    }
    const next = this.next;
    if (projectId !== undefined) next.projects.add(projectId);
    if (!this.running) this.start();
    return next.done;
  }

  private start(): void {
    const check = this.next!;
    this.next = null;
    const number = ++this.started;
    const projects = new Set([...check.projects, ...this.recent.keys()]);
    const done = readVersions(this.db, number, projects);
    this.running = { number, projects, done };
    done
      .then((c) => {
        if (!this.latest || c.number > this.latest.number) this.latest = c;
        check.resolve(c);
      }, check.reject)
      .finally(() => {
        this.running = null;
        if (this.next) this.start();
      });
  }
}

/**
 * The shared version and those of `projectIds`, in one statement (primary-key lookups). On
 * PostgreSQL, where it runs on every request, its text is fixed, so nothing is built per check;
 * elsewhere (the same logic tested on SQLite) it is built.
 */
const POSTGRES_VERSIONS_SQL = `select 'shared' as kind, scope as id, version from cache_versions where scope = 'shared'
  union all select 'project', id, cache_version from projects where id = any($1)`;

async function readVersions(db: Db, number: number, asked: ReadonlySet<string>): Promise<Checked> {
  const projectIds = [...asked];
  const rows = isPostgres(db)
    ? (
        await db.executeQuery<{ kind: string; id: string; version: number }>(
          CompiledQuery.raw(POSTGRES_VERSIONS_SQL, [projectIds]),
        )
      ).rows
    : await builtVersionsRead(db, projectIds).execute();
  const projects = new Map<string, number>(projectIds.map((id) => [id, ABSENT]));
  let sharedVersion = 0;
  for (const r of rows) {
    if (r.kind === 'shared') sharedVersion = Number(r.version);
    else projects.set(r.id, Number(r.version));
  }
  return { number, shared: sharedVersion, projects };
}

function builtVersionsRead(db: Db, projectIds: string[]) {
  const shared = db
    .selectFrom('cache_versions')
    .select([sql<string>`'shared'`.as('kind'), 'scope as id', 'version'])
    .where('scope', '=', 'shared');
  return projectIds.length === 0
    ? shared
    : shared.unionAll(
        db
          .selectFrom('projects')
          .select([sql<string>`'project'`.as('kind'), 'id', 'cache_version as version'])
          .where('id', 'in', projectIds),
      );
}

const sources = new WeakMap<object, VersionSource>();

export function attachVersions(db: object, source: VersionSource): void {
  sources.set(db, source);
}

/** The version source of a database opened by openDatabase; null for anything else (no caching then). */
export function versionSourceOf(db: object): VersionSource | null {
  return sources.get(db) ?? null;
}

/** The in-process write tracker behind a SQLite database's caches; null on PostgreSQL. */
export function trackerOf(db: object): WriteTracker | null {
  const source = sources.get(db);
  return source instanceof TrackerVersions ? source.tracker : null;
}

/**
 * Runs a request's handling so that its cached reads may share the version check the first of
 * them waits for (DatabaseVersions.readsFrom); as is where versions are not asked for.
 */
export function readsFrom<T>(db: object, handle: () => T): T {
  const source = sources.get(db);
  return source instanceof DatabaseVersions ? source.readsFrom(handle) : handle();
}

/** The database-held versions behind a PostgreSQL database's caches; null on SQLite. */
export function databaseVersionsOf(db: object): DatabaseVersions | null {
  const source = sources.get(db);
  return source instanceof DatabaseVersions ? source : null;
}
