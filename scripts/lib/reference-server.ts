import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** SIGKILL, as a crash would: no clean shutdown. */
  kill(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Starts the reference service through its real CLI (the same command the README shows)
 * and resolves once it prints its listening line.
 */
export function startReferenceServer(args: {
  port: number;
  dataDir: string;
  demo: boolean;
  fixture?: string;
  rateLimit?: string;
  onAccess?: (line: string) => void;
  shapes?: 'full' | 'minimal';
  /** Browser sign-in (OAuth): true adds --oauth, false --no-oauth; left out, the CLI's default (on with --demo). */
  oauth?: boolean;
  /** Seconds OAuth access tokens live (--oauth-access-ttl), to see a client refresh. */
  oauthAccessTtl?: number;
}): Promise<RunningServer> {
  const cliArgs = [
    '--import',
    'tsx',
    resolve(ROOT, 'src/server/cli.ts'),
    '--port',
    String(args.port),
    '--data',
    args.dataDir,
  ];
  if (args.demo) cliArgs.push('--demo');
  if (args.fixture) cliArgs.push('--fixture', args.fixture);
  if (args.rateLimit) cliArgs.push('--rate-limit', args.rateLimit);
  // With onAccess the service prints "access METHOD /path status" per request; those lines go there.
  if (args.onAccess) cliArgs.push('--access-log');
  // Lean answers like the live service's (docs/api-decisions.md "Lean mode"); the CLI's default is full.
  if (args.shapes) cliArgs.push('--shapes', args.shapes);
  if (args.oauth !== undefined) cliArgs.push(args.oauth ? '--oauth' : '--no-oauth');
  if (args.oauthAccessTtl !== undefined) cliArgs.push('--oauth-access-ttl', String(args.oauthAccessTtl));
  const child = spawn(process.execPath, cliArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });

  return new Promise((ok, fail) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`The reference service did not start within 120 s. Its output:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        let pending = '';
        child.stdout?.on('data', (c: Buffer) => {
          pending += c.toString();
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) {
            if (args.onAccess && line.startsWith('access ')) args.onAccess(line.slice('access '.length));
            else process.stdout.write(`[service] ${line}\n`);
          }
        });
        ok({
          baseUrl: m[1].replace(/\/$/, ''),
          child,
          stop: () => signal(child, 'SIGTERM'),
          kill: () => signal(child, 'SIGKILL'),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The reference service exited (code ${code}) before it was ready. Its output:\n${output}`));
    });
  });
}

function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(name);
  });
}
