import fs from 'node:fs';
import path from 'node:path';
import Libsql from 'libsql';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './tables.js';
import { migrationProvider } from './migrations.js';
import { attachVersions, DatabaseVersions, TrackerVersions } from './versions.js';
import { WriteTracker } from './write-tracker.js';

export type Db = Kysely<Database>;

/** Where the data lives: a SQLite data directory (or ':memory:'), or a PostgreSQL URL. */
type OpenOptions = { dataDir: string } | { databaseUrl: string };

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
  const db = new Kysely<Database>({ dialect: new WriterSqliteDialect(raw), plugins: [tracker] });
  attachVersions(db, new TrackerVersions(tracker));
  return db;
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), so one that cannot
 * have it fails at its first statement, under the busy timeout, instead of part way through
 * after reading a snapshot it could not upgrade. A failed transaction is rolled back only if
 * SQLite still holds it open: a rollback of one SQLite already ended would throw and leave
 * the connection's state unknown, and the next write must start clean once the lock is free.
 */
class WriterSqliteDriver extends SqliteDriver {
  constructor(private readonly raw: Libsql.Database) {
    super({ database: raw });
  }
  // Run through exec, which finalizes its statement even when it fails: a failed prepared
  // statement stays "in progress" until collected, and SQLite then refuses every later
  // COMMIT ("SQL statements in progress") — the service would stay broken until restart.
  override async beginTransaction(): Promise<void> {
    this.raw.exec('begin immediate');
  }
  override async commitTransaction(): Promise<void> {
    this.raw.exec('commit');
  }
  override async rollbackTransaction(): Promise<void> {
    if (this.raw.inTransaction) this.raw.exec('rollback');
  }
}

class WriterSqliteDialect extends SqliteDialect {
  constructor(private readonly raw: Libsql.Database) {
    super({ database: raw });
  }
  override createDriver(): SqliteDriver {
    return new WriterSqliteDriver(this.raw);
  }
}

const INT8_OID = 20;

/** How long a connection may take to open, and a query to answer, before it counts as failed. */
const POSTGRES_TIMEOUTS = { connectMs: 5_000, queryMs: 15_000 };

/**
 * PostgreSQL. Times are `bigint` there, which `pg` reads as strings unless told: they are
 * milliseconds since 1970 (and counts), far inside Number's exact range, so read as numbers.
 * Other connections and other instances write too, so cached reads compare versions held in
 * the database (storage/versions.ts) rather than a count kept in this process.
 *
 * Every wait is bounded, so a lost database answers a request 503 (http/error-handler.ts)
 * rather than holding it: opening a connection, a query's answer (client side, for a
 * network that went silent), a statement's run (server side). A connection that breaks is
 * dropped by the pool on release, and the next request opens a new one: when the server
 * returns, the service serves again by itself.
 */
async function openPostgres(databaseUrl: string): Promise<Db> {
  if (!/^postgres(ql)?:\/\//i.test(databaseUrl.trim())) {
    throw new DatabaseOpenError(
      'The database URL is not a postgres:// URL; give one such as postgres://user:password@host:5432/database.',
    );
  }
  const where = describeUrl(databaseUrl);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? (v: string) => Number(v)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    statement_timeout: POSTGRES_TIMEOUTS.queryMs,
    // A transaction left open by a client that vanished must not hold its row locks for long.
    idle_in_transaction_session_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  // An idle client that loses its server (a restart) emits here; unhandled, it would end the process.
  pool.on('error', () => undefined);
  // So would a client in use between two queries of a transaction: the query after fails
  // instead (the client is no longer queryable), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    client.release();
  } catch (e) {
    await pool.end().catch(() => undefined);
    const code = (e as { code?: string }).code ?? '';
    const refused = code.startsWith('28') || code === '3D000' || /SASL|password/i.test((e as Error).message ?? '');
    throw new DatabaseOpenError(
      `${refused ? 'PostgreSQL refused the connection' : 'Cannot reach PostgreSQL'} at ${where}: ${withoutSecret(reasonOf(e, databaseUrl), databaseUrl)}.`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  attachVersions(db, new DatabaseVersions(db));
  return db;
}

/** The parts of a database URL a message may show (never the password). */
function partsOf(databaseUrl: string): { user: string | null; host: string; database: string | null } | null {
  try {
    const url = new URL(databaseUrl);
    const socket = url.searchParams.get('host');
    const host = url.hostname
      ? `${url.hostname}:${url.port || '5432'}`
      : socket
        ? `the socket in ${socket}`
        : 'the local socket';
    const user = decodeURIComponent(url.username) || null;
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || null;
    return { user, host, database };
  } catch {
    return null;
  }
}

/** The address of a database URL without its password, for messages: user@host:port/database. */
export function describeUrl(databaseUrl: string): string {
  const parts = partsOf(databaseUrl);
  if (!parts) return 'the given database URL (it is not a valid URL)';
  return `${parts.user ? `${parts.user}@` : ''}${parts.host}${parts.database ? `/${parts.database}` : ''}`;
}

/** Removes the URL's password from a message, in case a driver repeats it. */
function withoutSecret(text: string, databaseUrl: string): string {
  let password: string;
  try {
    password = decodeURIComponent(new URL(databaseUrl).password);
  } catch {
    return text.split(databaseUrl).join('the database URL');
  }
  return password.length > 0 ? text.split(password).join('***') : text;
}

function reasonOf(e: unknown, databaseUrl: string): string {
  const err = e as { code?: string; message?: string };
  const parts = partsOf(databaseUrl);
  const user = parts?.user ?? process.env['PGUSER'] ?? 'the current system user';
  const message = err.message ?? String(e);
  if (err.code === 'ECONNREFUSED') return 'nothing is listening there (is PostgreSQL running?)';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'that host name is unknown';
  if (err.code === 'EHOSTUNREACH' || err.code === 'ENETUNREACH') return 'that host cannot be reached from here';
  if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message)) {
    return `no answer within ${POSTGRES_TIMEOUTS.connectMs / 1000} seconds (is the host reachable, and is that port PostgreSQL's?)`;
  }
  if (err.code === '28P01')
    return `authentication failed for user "${user}" (check the user name and password in the URL)`;
  if (err.code === '28000') return `the server refused user "${user}": ${message.replace(/\.$/, '')}`;
  if (err.code === '3D000')
    return `database "${parts?.database ?? user}" does not exist (create it with: createdb ${parts?.database ?? user})`;
  if (err.code === '57P03') return 'the server is starting up or shutting down; try again in a moment';
  if (err.code === '53300')
    return 'the server has no connections left (raise max_connections or lower the number of instances)';
  if (/SASL|password/i.test(message) && !/authentication failed/i.test(message))
    return `the server asks for a password for user "${user}" and the URL gives none or an unusable one`;
  return message.replace(/\.$/, '');
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
    throw new DatabaseOpenError(
      `Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Names of the migrations already applied; none for a new database. */
async function appliedNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
    .selectFrom('kysely_migration')
    .select('name')
    .execute();
  return rows.map((r) => r.name);
}

/** True when the data directory holds no database yet. */
export function isDataDirEmpty(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, DB_FILE_NAME));
}

/** True when the database holds nobody yet: the only time it is seeded. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
