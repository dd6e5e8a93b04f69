import { sql } from 'kysely';
import type { Db } from '../../../src/server/storage/open.js';
import { writeTransaction } from '../../../src/server/storage/write-transaction.js';

/**
 * Makes every cached read of `db` stale, on either engine: moves every project's version and
 * the shared one (storage/versions.ts). On SQLite the raw statement counts as a write to every
 * table as well.
 */
export async function forgetCaches(db: Db): Promise<void> {
  await writeTransaction(db, { shared: true }, async (t) => {
    await sql`update projects set cache_version = cache_version + 1`.execute(t);
  });
}
