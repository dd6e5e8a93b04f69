import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The server suites again, on PostgreSQL: `.ci/run` starts a throwaway cluster
 * (scripts/postgres.sh) and gives its URL as TEST_DATABASE_URL, and every database a test
 * asks for is one of its own there (tests/server/support/test-database.ts); and the suites
 * of what only several instances on one database show (tests/postgres), and behind nginx as
 * docs/self-hosting.md runs them (tests/load-balancer; skipped, saying why, without nginx).
 *
 * Left out: what only SQLite has. Answers made before routing (one process answers from
 * memory without asking the database; refused on PostgreSQL), and the write tracker SQLite's
 * caches compare (PostgreSQL's caches compare versions held in the database, which the cache
 * suites prove there too).
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      'tests/server/**/*.test.ts',
      'tests/postgres/**/*.test.ts',
      'tests/load-balancer/**/*.test.ts',
      'tests/unit/build/server-production.test.ts',
    ],
    exclude: ['tests/server/answer-first.test.ts', 'tests/server/cache-write-tracker.test.ts'],
  },
});
