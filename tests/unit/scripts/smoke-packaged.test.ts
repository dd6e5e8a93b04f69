import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedExecutable } from '../../../scripts/smoke-packaged.js';

/**
 * scripts/smoke-packaged.ts, run as the release workflow runs it, against stand-in apps: small
 * shell scripts that honour the smoke flags the way the real app does (or fail to). The
 * release workflow runs it against the real packaged app on every platform.
 */
const root = resolve(import.meta.dirname, '../../..');
let work: string;

/** A stand-in app: refuses to run without the smoke flags, then does `body` with $result set. */
function standIn(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(
    path,
    `#!/bin/sh
[ "$1" = --smoke-test ] || { echo "stand-in: no --smoke-test" >&2; exit 64; }
case "$2" in --smoke-result=/*) result=\${2#--smoke-result=} ;; *) echo "stand-in: no absolute --smoke-result" >&2; exit 64 ;; esac
${body}
`,
  );
  chmodSync(path, 0o755);
  return path;
}

function smoke(args: string[]): Promise<{ status: number | null; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/smoke-packaged.ts'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (status) => done({ status, out, ms: Date.now() - started }));
  });
}

/** Running, that is: not gone and not a zombie waiting for init to reap it. */
function running(pid: number): boolean {
  let state: string;
  if (existsSync('/proc/self/stat')) {
    // Minimal Linux images have no ps; the state follows the parenthesised command name.
    try {
      state = /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? '';
    } catch {
      state = '';
    }
  } else {
    state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  }
  return state !== '' && !state.startsWith('Z');
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'triage-smoke-test-'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('smoke-packaged: which executable', () => {
  it("finds electron-builder's unpacked output for each platform and architecture", () => {
    const dist = '/build/dist';
    expect(packagedExecutable(dist, 'linux', 'x64')).toBe('/build/dist/linux-unpacked/triage-desk');
    expect(packagedExecutable(dist, 'linux', 'arm64')).toBe('/build/dist/linux-arm64-unpacked/triage-desk');
    expect(packagedExecutable(dist, 'darwin', 'arm64')).toBe(
      '/build/dist/mac-arm64/Triage Desk.app/Contents/MacOS/Triage Desk',
    );
    expect(packagedExecutable(dist, 'darwin', 'x64')).toBe(
      '/build/dist/mac/Triage Desk.app/Contents/MacOS/Triage Desk',
    );
    expect(packagedExecutable(dist, 'win32', 'x64')).toBe('/build/dist/win-unpacked/triage-desk.exe');
  });

  it('runs the one in --dist for --platform and --arch', async () => {
    const dist = join(work, 'dist');
    mkdirSync(join(dist, 'linux-unpacked'), { recursive: true });
    const app = join(dist, 'linux-unpacked', 'triage-desk');
    writeFileSync(app, `#!/bin/sh\nprintf '{"ok":true,"steps":["ran from dist"]}' > "\${2#--smoke-result=}"\n`);
    chmodSync(app, 0o755);
    const r = await smoke(['--dist', dist, '--platform', 'linux', '--arch', 'x64']);
    expect(r.out).toContain(`Smoke test of ${app}`);
    expect(r.out).toContain('step: ran from dist');
    expect(r.status).toBe(0);
  });

  it('says where it looked and exits 2 when there is no build', async () => {
    const r = await smoke(['--dist', join(work, 'nothing-here'), '--platform', 'win32', '--arch', 'x64']);
    expect(r.out).toContain(join(work, 'nothing-here', 'win-unpacked', 'triage-desk.exe'));
    expect(r.status).toBe(2);
  });
});

describe('smoke-packaged: the verdict', () => {
  it('passes when the app exits 0 and its result says ok, printing the steps and the output', async () => {
    const app = standIn(
      'passes',
      `echo "Triage Desk smoke test: ok"\necho "a warning" >&2\nprintf '{"ok":true,"steps":["window loaded","bridge round trip","keychain"]}' > "$result"\nexit 0`,
    );
    const r = await smoke(['--binary', app]);
    expect(r.out).toContain('  Triage Desk smoke test: ok');
    expect(r.out).toContain('  a warning');
    expect(r.out).toContain('step: bridge round trip');
    expect(r.out).toContain('smoke-packaged: passed (3 steps)');
    expect(r.status).toBe(0);
  });

  it('fails with the reason when the app exits 1', async () => {
    const app = standIn(
      'fails',
      `printf '{"ok":false,"reason":"keychain: no Secret Service","steps":["window loaded"]}' > "$result"\nexit 1`,
    );
    const r = await smoke(['--binary', app]);
    expect(r.out).toContain('the app exited with status 1: keychain: no Secret Service');
    expect(r.status).toBe(1);
  });

  it('fails when the app exits 0 but its result says not ok', async () => {
    const app = standIn(
      'exits-0-not-ok',
      `printf '{"ok":false,"reason":"bridge timed out","steps":[]}' > "$result"\nexit 0`,
    );
    const r = await smoke(['--binary', app]);
    expect(r.out).toContain('the app exited 0 but reported failure: bridge timed out');
    expect(r.status).toBe(1);
  });

  it('fails when the app exits 0 without writing a result', async () => {
    const app = standIn('no-result', 'exit 0');
    const r = await smoke(['--binary', app]);
    expect(r.out).toContain('the app exited 0 but the app wrote no result file');
    expect(r.status).toBe(1);
  });

  it('fails when the result is not the agreed shape', async () => {
    const app = standIn('bad-result', `printf '{"ok":"yes"}' > "$result"\nexit 0`);
    const r = await smoke(['--binary', app]);
    expect(r.out).toContain('the result file is not { ok: boolean, reason?: string, steps: string[] }');
    expect(r.status).toBe(1);
  });

  it('kills an app that hangs, with the processes it started, and fails', async () => {
    const pids = join(work, 'hang.pids');
    const app = standIn('hangs', `sleep 300 &\necho $! > '${pids}'\necho $$ >> '${pids}'\nwait`);
    const r = await smoke(['--binary', app, '--timeout-seconds', '2']);
    expect(r.out).toContain('the app was still running after 2 s and was killed');
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(15_000);
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started).toHaveLength(2);
    for (const pid of started) expect(running(pid), `pid ${pid}`).toBe(false);
  });
});
