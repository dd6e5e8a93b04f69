import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_USER, OwnCluster, postgresInstalled } from './support/own-cluster.js';

/**
 * `npm run server -- --database URL` when that database cannot be used: one sentence saying
 * why, naming host:port (and user or database where that is the fault), never the password,
 * and a prompt non-zero exit. The cluster is this suite's own and asks for passwords.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'src/server/cli.ts');
const PASSWORD = 'start-faults-S3cret';
/** "Exits, does not hang": the connect timeout is 5 s; this is far above it. */
const EXIT_WITHIN_MS = 60_000;

let cluster: OwnCluster;

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(databaseUrl: string): Promise<Ended> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--database', databaseUrl], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not exit within ${EXIT_WITHIN_MS} ms; stdout: ${stdout} stderr: ${stderr}`));
    }, EXIT_WITHIN_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function expectNoSecret(r: Ended, secret: string): void {
  expect(r.stdout).not.toContain(secret);
  expect(r.stderr).not.toContain(secret);
  expect(r.stderr).not.toContain(encodeURIComponent(secret));
}

beforeAll(async () => {
  if (!process.env['TEST_DATABASE_URL'])
    throw new Error(
      'This suite runs with the PostgreSQL suites only: TEST_DATABASE_URL=$(scripts/postgres.sh url) npx vitest run --config vitest.postgres.config.ts',
    );
  if (!postgresInstalled())
    throw new Error(
      'PostgreSQL 15 is not installed (apt-get install -y postgresql-15): this suite starts a cluster of its own.',
    );
  cluster = await OwnCluster.create(PASSWORD);
}, 120_000);

afterAll(async () => {
  await cluster?.remove();
}, 120_000);

describe('starting the service on a database it cannot use', { timeout: 120_000 }, () => {
  it('says the password was refused for that user, without printing it', async () => {
    const wrong = 'not-the-Password-42';
    const r = await start(cluster.url('postgres', wrong));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `Cannot start: PostgreSQL refused the connection at ${CLUSTER_USER}@127.0.0.1:${cluster.port}/postgres: authentication failed for user "${CLUSTER_USER}" (check the user name and password in the URL).\n`,
    );
    expectNoSecret(r, wrong);
    const unknownUser = await start(cluster.url('postgres', PASSWORD, 'nobody'));
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toMatch(/authentication failed for user "nobody"/);
    expectNoSecret(unknownUser, PASSWORD);
  });

  it('says which database does not exist, and how to make it', async () => {
    const r = await start(cluster.url('no_such_db'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `Cannot start: PostgreSQL refused the connection at ${CLUSTER_USER}@127.0.0.1:${cluster.port}/no_such_db: database "no_such_db" does not exist (create it with: createdb no_such_db).\n`,
    );
    expectNoSecret(r, PASSWORD);
  });

  it('names host:port when nothing listens there, and exits promptly', async () => {
    await cluster.stop('fast');
    try {
      const r = await start(cluster.url());
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `Cannot start: Cannot reach PostgreSQL at ${CLUSTER_USER}@127.0.0.1:${cluster.port}/postgres: nothing is listening there (is PostgreSQL running?).\n`,
      );
      expectNoSecret(r, PASSWORD);
    } finally {
      await cluster.start();
    }
  });

  it('gives up after the connect timeout when the port answers nothing', async () => {
    // A listener that accepts and never speaks, as a firewall that swallows packets or another program on the port.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const r = await start(`postgres://${CLUSTER_USER}:${PASSWORD}@127.0.0.1:${port}/postgres`);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^Cannot start: Cannot reach PostgreSQL at ${CLUSTER_USER}@127\\.0\\.0\\.1:${port}/postgres: no answer within 5 seconds`,
        ),
      );
      expectNoSecret(r, PASSWORD);
    } finally {
      silent.close();
    }
  });

  it('refuses a URL that is not postgres://, before connecting, without printing it', async () => {
    const r = await start(`mysql://root:${PASSWORD}@127.0.0.1:${cluster.port}/feedback`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^--database must be a PostgreSQL URL such as postgres:\/\/user:password@host:5432\/database\./,
    );
    expectNoSecret(r, PASSWORD);
  });

  it('starts on the right URL, naming where its data is without the password', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--database', cluster.url()], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    try {
      const deadline = Date.now() + EXIT_WITHIN_MS;
      while (!/listening on/.test(stdout) && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(stdout, stderr).toMatch(
        new RegExp(
          `data in ${CLUSTER_USER}@127\\.0\\.0\\.1:${cluster.port}/postgres.*listening on http://127\\.0\\.0\\.1:\\d+`,
        ),
      );
      expect(stdout + stderr).not.toContain(PASSWORD);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
