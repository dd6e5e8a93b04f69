import fs from 'node:fs';
import path from 'node:path';
import Libsql from 'libsql';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './tables.js';
import { migrationProvider } from './migrations.js';
import { attachTracker, WriteTracker } from './write-tracker.js';

export type Db = Kysely<Database>;

export interface OpenOptions {
  /** A data directory (the file is `<dataDir>/feedback.sqlite`) or ':memory:'. */
  dataDir: string;
}

export const DB_FILE_NAME = 'feedback.sqlite';

/** Opens the database, applies pragmas and runs pending migrations. */
export async function openDatabase({ dataDir }: OpenOptions): Promise<Db> {
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
  // Every write is counted per table, so cached reads (storage/read-cache.ts) know when they are stale.
  const tracker = new WriteTracker();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), plugins: [tracker] });
  attachTracker(db, tracker);
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}

/** True when the data directory holds no database yet (the CLI seeds only then). */
export function isDataDirEmpty(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, DB_FILE_NAME));
}
