import pg from 'pg';
import { OwnCluster, postgresInstalled } from '../tests/postgres/support/own-cluster.js';

/**
 * The PostgreSQL server a bench section runs on: BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a running one; otherwise a throwaway cluster of the section's own
 * (tests/postgres/support/own-cluster.ts), removed when the section ends.
 */
export interface BenchPostgres {
  /** A new empty database of that name (one left by an earlier run is dropped first); its URL. */
  freshDatabase(name: string): Promise<string>;
  /** Drops the databases made here, or removes the whole cluster when it is the section's own. */
  close(): Promise<void>;
}

/** Why PostgreSQL figures cannot be had here, or null when they can. */
export function postgresMissing(): string | null {
  if (givenUrl() !== null || postgresInstalled()) return null;
  return 'needs PostgreSQL 15 (apt-get install -y postgresql-15) or BENCH_DATABASE_URL';
}

const givenUrl = () => process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? null;

async function admin(adminUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** Call postgresMissing first: this throws when PostgreSQL is missing. */
export async function openBenchPostgres(password: string): Promise<BenchPostgres> {
  const given = givenUrl();
  const cluster = given === null ? await OwnCluster.create(password) : null;
  const adminUrl = given ?? cluster!.url();
  const made: string[] = [];
  return {
    async freshDatabase(name) {
      await admin(adminUrl, [`drop database if exists "${name}" with (force)`, `create database "${name}"`]);
      made.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async close() {
      if (cluster) return cluster.remove();
      await admin(
        adminUrl,
        made.map((name) => `drop database if exists "${name}" with (force)`),
      );
    },
  };
}
