import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Which engine a connection speaks to. SQLite here is one process with one connection, so its
 * transactions already run one at a time; PostgreSQL has a pool and maybe other instances, so
 * what must not interleave takes a row lock there.
 */
export function isPostgres(db: Kysely<never> | Kysely<unknown> | { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
