import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The server suites again, on PostgreSQL: `.ci/run` starts a throwaway cluster
 * (scripts/postgres.sh) and gives its URL as TEST_DATABASE_URL, and every database a test
 * asks for is one of its own there (tests/server/support/test-database.ts); and the suites
 * of what only several instances on one database show (tests/postgres), and behind nginx as
 * docs/self-hosting.md runs them (tests/load-balancer; skipped, saying why, without nginx).
 *
 * Left out for now: the suites of the in-memory read caches, which are kept only on SQLite
 * (one process, one connection); on PostgreSQL every read goes to the database until the
 * cache's version is held in the database itself.
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
    exclude: [
      'tests/server/cache-scope.test.ts',
      'tests/server/cache-invalidation.test.ts',
      'tests/server/answer-first.test.ts',
    ],
  },
});
