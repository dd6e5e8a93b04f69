import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = resolve(import.meta.dirname, 'support/watching-child.ts');

describe('reconnect: the watch never keeps a Node process alive', () => {
  it('a script (the gateway, the bench) whose connection is watched ends once its own work is done', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    // Before the fix the 30 s idle check and the offline probes held the process open for good.
    const ended = await new Promise<number | 'still running'>((ok) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        ok('still running');
      }, 15_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        ok(code ?? -1);
      });
    });
    expect(out).toContain('phase offline');
    expect(ended).toBe(0);
  }, 20_000);
});
