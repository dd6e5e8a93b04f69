import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FixtureInput } from '../../../src/server/fixture/schema.js';
import { baseWorld } from '../../server/support/world.js';

/**
 * A team's setup on one machine, as docs/self-hosting.md gives it: instances of the service
 * started with its flags, nginx running docs/self-hosting/nginx.conf through scripts/nginx.sh.
 * Shared by the load-balancer suite and the benchmark's two-instance figure.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'src/server/cli.ts');
const NGINX_SCRIPT = path.join(ROOT, 'scripts/nginx.sh');
export const NGINX_BIN =
  process.env['NGINX_BIN'] ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;
/** Bound on an instance's start: a hang fails, it never blocks CI. */
export const START_WITHIN_MS = 60_000;

export const writerToken = (i: number) => `tok-writer-${i}`;

/**
 * The test world plus `writers` people of the team, each a collaborator with a token of their
 * own, as the limits (requests per token, threads per person) expect.
 */
export function teamWorld(writers: number): FixtureInput {
  const world = baseWorld();
  for (let i = 0; i < writers; i++) {
    world.users!.push({ id: `u_writer_${i}`, name: `Writer ${i}`, email: `writer${i}@paid.example` });
    world.memberships!.push({ workspaceId: 'ws_main', userId: `u_writer_${i}`, role: 'collaborator' });
    world.tokens!.push({ token: writerToken(i), userId: `u_writer_${i}` });
  }
  return world;
}

export interface Instance {
  child: ChildProcess;
  port: number;
  url: string;
  /** Lines the instance printed with --access-log: "access METHOD PATH STATUS". */
  access: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** One instance as docs/self-hosting.md runs it, on a free port of its choosing. */
export function startInstance(args: string[]): Promise<Instance> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--host', '127.0.0.1', '--port', '0', '--access-log', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  const access: string[] = [];
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`an instance did not start within ${START_WITHIN_MS} ms; stdout: ${stdout} stderr: ${stderr}`));
    }, START_WITHIN_MS);
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d;
      const lines = stdout.split('\n');
      stdout = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('access ')) access.push(line);
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve({ child, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}`, access });
        }
      }
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`an instance exited with ${code} before listening: ${stderr}`));
    });
  });
}

export async function stopInstance(i: Instance | undefined): Promise<void> {
  if (!i || i.child.exitCode !== null || i.child.signalCode !== null) return;
  const exited = new Promise((resolve) => i.child.once('exit', resolve));
  i.child.kill('SIGTERM');
  const timer = setTimeout(() => i.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** scripts/nginx.sh with its state file in `env.NGINX_STATE` (a caller's own). */
export const nginx = (args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(NGINX_SCRIPT, args, { env: { ...process.env, ...env }, timeout: 30_000 });
