import fs from 'node:fs';
import path from 'node:path';
import Libsql from 'libsql';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './tables.js';
import { migrationProvider } from './migrations.js';
import { attachTracker, WriteTracker } from './write-tracker.js';

export type Db = Kysely<Database>;

/** Where the data lives: a SQLite data directory (or ':memory:'), or a PostgreSQL URL. */
export type OpenOptions = { dataDir: string } | { databaseUrl: string };

export const DB_FILE_NAME = 'feedback.sqlite';

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Opens the database and runs pending migrations; refuses a schema newer than this code. */
export async function openDatabase(opts: OpenOptions): Promise<Db> {
  const db = 'databaseUrl' in opts ? await openPostgres(opts.databaseUrl) : openSqlite(opts.dataDir);
  await migrate(db);
  return db;
}

function openSqlite(dataDir: string): Db {
  const inMemory = dataDir === ':memory:';
  let file = ':memory:';
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, DB_FILE_NAME);
  }
  const raw = new Libsql(file);
  if (!inMemory) {
    raw.pragma('journal_mode = WAL');
    // Writes are people's feedback: a power cut must not lose an acknowledged write.
    raw.pragma('synchronous = FULL');
  }
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // Every write is counted per table, so cached reads (storage/read-cache.ts) know when they
  // are stale. Only here: the service is then the one process with the one connection that
  // writes, so every write passes this counter before anyone reads after it.
  const tracker = new WriteTracker();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), plugins: [tracker] });
  attachTracker(db, tracker);
  return db;
}

const INT8_OID = 20;

/**
 * PostgreSQL. Times are `bigint` there, which `pg` reads as strings unless told: they are
 * milliseconds since 1970 (and counts), far inside Number's exact range, so read as numbers.
 * No write counter is attached: other connections and other instances write too, so reads
 * are not cached from it (a database-held version would be needed for that).
 */
async function openPostgres(databaseUrl: string): Promise<Db> {
  const where = describeUrl(databaseUrl);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, types, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server (a restart) emits here; unhandled, it would end the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(`Cannot reach PostgreSQL at ${where}: ${reasonOf(e)}.`);
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The address of a database URL without its password, for messages. */
export function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    const host = url.host || (url.searchParams.get('host') ?? 'the local socket');
    return `${user}${host}${url.pathname}`;
  } catch {
    return 'the given database URL (it is not a valid URL)';
  }
}

function reasonOf(e: unknown): string {
  const err = e as { code?: string; message?: string };
  if (err.code === 'ECONNREFUSED') return 'nothing is listening there (is PostgreSQL running?)';
  if (err.code === 'ENOTFOUND') return 'that host name is unknown';
  if (err.code === '28P01' || err.code === '28000') return 'the user name or password was refused';
  if (err.code === '3D000') return 'that database does not exist (create it with createdb)';
  return (err.message ?? String(e)).replace(/\.$/, '');
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const known = Object.keys(await migrationProvider.getMigrations());
  // Kysely refuses a database whose migrations it does not know; say why in words.
  const done = await appliedNames(db);
  const unknown = done.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    await db.destroy();
    throw new DatabaseOpenError(
      `The database was made by a newer version of the service (it has migration ${unknown.join(', ')}; this version knows up to ${known.at(-1)}). Start the newer version, or restore a backup made by this one.`,
    );
  }
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new DatabaseOpenError(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Names of the migrations already applied; none for a new database. */
async function appliedNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').execute();
  return rows.map((r) => r.name);
}

/** True when the data directory holds no database yet. */
export function isDataDirEmpty(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, DB_FILE_NAME));
}

/** True when the database holds nobody yet: the only time it is seeded. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
