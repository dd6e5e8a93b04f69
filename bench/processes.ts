import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Child {
  /** The first stdout line, parsed as JSON (each child announces itself with one). */
  hello: Record<string, unknown>;
  stop(): Promise<void>;
}

/**
 * Starts `script` with node --import tsx (signals reach it directly, unlike through the tsx
 * wrapper) and waits for its first JSON line. Only this child is ever signalled.
 */
export function startChild(
  script: string,
  args: string[],
  opts: { nodeFlags?: string[]; timeoutMs?: number; echoStderr?: boolean } = {},
): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeFlags ?? []), '--import', 'tsx', path.join(ROOT, script), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d;
    if (opts.echoStderr) process.stderr.write(d);
  });
  // 'close' (not 'exit'): it comes after stdout is drained, so the JSON line is never lost.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start in time; stderr: ${err}`));
    }, opts.timeoutMs ?? 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      try {
        resolve({ hello: JSON.parse(out.slice(0, nl)) as Record<string, unknown>, stop });
      } catch {
        void stop();
        reject(new Error(`${script} printed ${out.slice(0, nl)} instead of a JSON line`));
      }
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}; stderr: ${err}`));
    });
  });
}
