import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { isDatabaseEmpty, isDataDirEmpty, openDatabase, type Db } from '../../../src/server/storage/open.js';

/**
 * The engine the server suites run on. Without TEST_DATABASE_URL: SQLite, as the demo uses it.
 * With it (a PostgreSQL URL, as `.ci/run` gives from scripts/postgres.sh): every database a test
 * asks for is a database of its own on that server, so the same suites prove both engines.
 */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? null;
export const ENGINE: 'sqlite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** A database URL on the test server naming another database. */
function urlFor(database: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Makes the database unless it exists; answers whether it was made now. */
async function ensureDatabase(name: string): Promise<boolean> {
  return admin(async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  });
}

/**
 * Opens a test database: ':memory:' is a new empty one each time; a directory is the same
 * database each time it is named (a restart on the same data), as on SQLite.
 */
export async function openTestDatabase(dataDir = ':memory:'): Promise<{ db: Db; fresh: boolean }> {
  if (ENGINE === 'sqlite') {
    const fresh = dataDir === ':memory:' || isDataDirEmpty(dataDir);
    return { db: await openDatabase({ dataDir }), fresh };
  }
  const name =
    dataDir === ':memory:'
      ? `t_${randomBytes(6).toString('hex')}`
      : `d_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  await ensureDatabase(name);
  const db = await openDatabase({ databaseUrl: urlFor(name) });
  return { db, fresh: await isDatabaseEmpty(db) };
}

/** The URL a service started by a test (the CLI) uses for `dataDir` on PostgreSQL. */
export async function databaseUrlFor(dataDir: string): Promise<string> {
  const name = `d_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  await ensureDatabase(name);
  return urlFor(name);
}
