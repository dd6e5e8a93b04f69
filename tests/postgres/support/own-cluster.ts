import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of one suite's own (as scripts/postgres.sh makes, without its state
 * file): a suite may stop, crash and restart it without touching the server the other suites
 * use. Logins need a password (scram-sha-256), so refusals of a wrong one can be seen.
 */
const BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';
export const CLUSTER_USER = 'triage';

export function postgresInstalled(): boolean {
  return fs.existsSync(path.join(BIN, 'initdb'));
}

function ownerCommand(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function asOwner(cmd: string, args: string[]): void {
  const [file, all] = ownerCommand(cmd, args);
  execFileSync(file, all, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Without blocking this process: a service running in it keeps answering meanwhile. */
async function asOwnerAsync(cmd: string, args: string[]): Promise<void> {
  const [file, all] = ownerCommand(cmd, args);
  await promisify(execFile)(file, all, { timeout: 60_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export class OwnCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly password: string,
  ) {}

  static async create(password: string): Promise<OwnCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'triage-own-postgres-'));
    fs.chmodSync(dir, 0o755);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    const pwfile = path.join(dir, 'pw');
    fs.writeFileSync(pwfile, password);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', pwfile]);
    asOwner(path.join(BIN, 'initdb'), [
      '-D',
      path.join(dir, 'data'),
      '-U',
      CLUSTER_USER,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    fs.rmSync(pwfile);
    const cluster = new OwnCluster(dir, await freePort(), password);
    await cluster.start();
    return cluster;
  }

  /** The URL with the password; `database` defaults to postgres. */
  url(database = 'postgres', password = this.password, user = CLUSTER_USER): string {
    return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await asOwnerAsync(path.join(BIN, 'pg_ctl'), [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir}`,
      'start',
    ]);
  }

  /** 'immediate' is a crash: the server ends at once, as if killed, and recovers from its log at the next start. */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await asOwnerAsync(path.join(BIN, 'pg_ctl'), [
      '-D',
      path.join(this.dir, 'data'),
      '-m',
      mode,
      '-w',
      '-t',
      '60',
      'stop',
    ]);
  }

  async remove(): Promise<void> {
    await this.stop('fast').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
