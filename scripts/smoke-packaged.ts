/**
 * Starts the packaged app the way a person would get it and asks it to prove it works: the
 * binary runs with `--smoke-test --smoke-result=<file>`, loads its window, makes a bridge round
 * trip, touches the keychain, writes `{ ok, reason?, steps }` to that file and exits. This
 * passes only if the process exits 0 AND the file says ok; a process still running after the
 * timeout (90 s) is killed with everything it started, and fails.
 *
 *   npx tsx scripts/smoke-packaged.ts                      # this platform's build in dist/
 *   npx tsx scripts/smoke-packaged.ts --binary "/opt/Triage Desk/triage-desk"
 *   npx tsx scripts/smoke-packaged.ts --platform darwin --arch x64 --dist dist
 *
 * Exit status: 0 passed, 1 failed, 2 nothing to run (no such binary, bad options).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXECUTABLE_NAME, PRODUCT_NAME } from '../src/main/electron/app-identity.js';
import { parseFlags } from './lib/args.js';

export type SmokePlatform = 'linux' | 'darwin' | 'win32';
export type SmokeArch = 'x64' | 'arm64';
export type SmokeResult = { ok: boolean; reason?: string; steps: string[] };

export const DEFAULT_TIMEOUT_SECONDS = 90;
/** The line the app prints to stdout in smoke mode. */
export const SMOKE_LINE_PREFIX = `${PRODUCT_NAME} smoke test:`;

/**
 * The executable electron-builder leaves in `dist/` before building installers from it. Its
 * output folder has an arch suffix except for x64 (getArchSuffix against the default arch);
 * the Linux and Windows executable is config.executableName, the macOS bundle and its
 * executable are the product name (mac.executableName).
 */
export function packagedExecutable(dist: string, platform: SmokePlatform, arch: SmokeArch): string {
  const suffix = arch === 'x64' ? '' : `-${arch}`;
  switch (platform) {
    case 'linux':
      return join(dist, `linux${suffix}-unpacked`, EXECUTABLE_NAME);
    case 'win32':
      return join(dist, `win${suffix}-unpacked`, `${EXECUTABLE_NAME}.exe`);
    case 'darwin':
      return join(dist, `mac${suffix}`, `${PRODUCT_NAME}.app`, 'Contents', 'MacOS', PRODUCT_NAME);
  }
}

/** The result file's content, or why it does not count as one. */
export function readSmokeResult(file: string): SmokeResult | string {
  if (!existsSync(file)) return 'the app wrote no result file';
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return `the result file is not JSON (${(e as Error).message})`;
  }
  const r = parsed as Partial<SmokeResult> | null;
  if (
    !r ||
    typeof r !== 'object' ||
    typeof r.ok !== 'boolean' ||
    !Array.isArray(r.steps) ||
    !r.steps.every((s) => typeof s === 'string') ||
    (r.reason !== undefined && typeof r.reason !== 'string')
  ) {
    return `the result file is not { ok: boolean, reason?: string, steps: string[] }: ${JSON.stringify(parsed)}`;
  }
  return r as SmokeResult;
}

export type SmokeRun = {
  passed: boolean;
  verdict: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  result: SmokeResult | string;
  stdout: string;
  stderr: string;
};

/** Kills the app and every process it started (Electron's zygote, GPU and renderer processes). */
function killTree(pid: number): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return;
  }
  try {
    // The app was started as the leader of its own process group.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export async function runSmoke(binary: string, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): Promise<SmokeRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'triage-smoke-'));
  const resultFile = join(scratch, 'smoke-result.json');
  try {
    const child = spawn(binary, ['--smoke-test', `--smoke-result=${resultFile}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    let timedOut = false;
    const exit = await new Promise<{ code: number | null; signal: string | null; spawnError?: Error }>((done) => {
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid) killTree(child.pid);
        // A process that cannot be killed must not hang the release job in turn.
        setTimeout(() => done({ code: null, signal: null }), 10_000).unref();
      }, timeoutSeconds * 1000);
      child.once('error', (spawnError) => {
        clearTimeout(timer);
        done({ code: null, signal: null, spawnError });
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        done({ code, signal });
      });
    });
    // Helpers left behind would hold the output pipes open; the verdict is already decided.
    if (child.pid) killTree(child.pid);
    await new Promise((r) => setTimeout(r, 100));
    child.stdout.destroy();
    child.stderr.destroy();
    child.unref();

    const result = readSmokeResult(resultFile);
    const ok = typeof result !== 'string' && result.ok;
    let verdict: string;
    if (exit.spawnError) verdict = `could not start ${binary}: ${exit.spawnError.message}`;
    else if (timedOut) verdict = `the app was still running after ${timeoutSeconds} s and was killed`;
    else if (exit.code !== 0)
      verdict = `the app exited with ${exit.code === null ? `signal ${exit.signal}` : `status ${exit.code}`}${typeof result !== 'string' && result.reason ? `: ${result.reason}` : typeof result === 'string' ? ` (${result})` : ''}`;
    else if (typeof result === 'string') verdict = `the app exited 0 but ${result}`;
    else if (!ok) verdict = `the app exited 0 but reported failure${result.reason ? `: ${result.reason}` : ''}`;
    else verdict = `passed (${result.steps.length} steps)`;
    return {
      passed: !exit.spawnError && !timedOut && exit.code === 0 && ok,
      verdict,
      exitCode: exit.code,
      signal: exit.signal,
      timedOut,
      result,
      stdout,
      stderr,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function report(binary: string, run: SmokeRun): void {
  const indent = (text: string) => (text.trim() ? text.trimEnd().replace(/^/gm, '  ') : '  (nothing)');
  console.log(`Smoke test of ${binary}`);
  console.log(`app stdout:\n${indent(run.stdout)}`);
  console.log(`app stderr:\n${indent(run.stderr)}`);
  if (typeof run.result === 'string') console.log(`result: ${run.result}`);
  else {
    console.log(`result: ok=${run.result.ok}${run.result.reason ? `, reason: ${run.result.reason}` : ''}`);
    for (const step of run.result.steps) console.log(`  step: ${step}`);
  }
  if (!run.stdout.split('\n').some((l) => l.startsWith(SMOKE_LINE_PREFIX)))
    console.log(`note: the app printed no "${SMOKE_LINE_PREFIX}" line`);
  console.log(`smoke-packaged: ${run.verdict}`);
}

async function main(argv: string[]): Promise<number> {
  let flags;
  try {
    flags = parseFlags(argv, {
      platform: 'string',
      arch: 'string',
      dist: 'string',
      binary: 'string',
      'timeout-seconds': 'string',
    });
  } catch (e) {
    console.error(`smoke-packaged: ${(e as Error).message}`);
    return 2;
  }
  const platform = (flags.platform ?? process.platform) as SmokePlatform;
  const arch = (flags.arch ?? process.arch) as SmokeArch;
  if (!['linux', 'darwin', 'win32'].includes(platform) || !['x64', 'arm64'].includes(arch)) {
    console.error(`smoke-packaged: no packaged build for ${platform}/${arch} (linux, darwin or win32; x64 or arm64)`);
    return 2;
  }
  const timeout = Number(flags['timeout-seconds'] ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(timeout > 0)) {
    console.error(`smoke-packaged: --timeout-seconds must be a positive number of seconds`);
    return 2;
  }
  const binary = resolve(flags.binary ?? packagedExecutable(flags.dist ?? 'dist', platform, arch));
  if (!existsSync(binary)) {
    console.error(`smoke-packaged: no executable at ${binary} (build it with npm run dist, or pass --binary)`);
    return 2;
  }
  const run = await runSmoke(binary, timeout);
  report(binary, run);
  return run.passed ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
