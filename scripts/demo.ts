/**
 * `npm run demo`: the reference service with demo data, plus the desktop app signed in as
 * demo-owner. Where the Electron binary is unavailable (it downloads on first run), it
 * says so and serves the same app in browser mode. `npm run demo:web` goes there directly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createAppServices } from '../src/main/app-services.js';
import { startBrowserMode } from '../src/main/browser-mode.js';
import { parseFlags } from './lib/args.js';
import { startReferenceServer } from './lib/reference-server.js';

const ROOT = resolve(import.meta.dirname, '..');
const DEMO_TOKEN = 'demo-owner';

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    web: 'boolean',
    port: 'string',
    data: 'string',
    'gateway-port': 'string',
    'skip-build': 'boolean',
  });

  if (!flags['skip-build']) {
    console.log('Building the app (electron-vite build)…');
    const build = spawnSync(
      process.execPath,
      [resolve(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }

  const service = await startReferenceServer({
    port: Number(flags.port ?? 4010),
    dataDir: resolve(ROOT, flags.data ?? 'var/demo'),
    demo: true,
  });
  console.log(`Reference service with demo data: ${service.baseUrl} (tokens in README.md)`);
  const stopAll: Array<() => Promise<void>> = [() => service.stop()];
  const shutdown = async (code: number) => {
    for (const stop of stopAll.reverse()) await stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  if (!flags.web) {
    const electron = locateElectron();
    if (electron.ok) {
      console.log('Starting Triage Desk (Electron), signed in as demo-owner…');
      const child = spawn(electron.path, [ROOT], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, TRIAGE_DEMO_BASE_URL: service.baseUrl, TRIAGE_DEMO_TOKEN: DEMO_TOKEN },
      });
      child.once('exit', (code) => void shutdown(code ?? 0));
      return;
    }
    console.log(
      `\nThe Electron binary is not available here (${electron.reason}).\nServing the same app in browser mode instead.\n`,
    );
  }

  const services = await createAppServices();
  const signIn = await services.connections.addEphemeral({
    baseUrl: service.baseUrl,
    token: DEMO_TOKEN,
    label: 'Demo (this session only)',
  });
  if (!signIn.ok) throw new Error(`Could not sign in to the demo service: ${signIn.error.message}`);
  const gateway = await startBrowserMode({
    services,
    rendererDir: resolve(ROOT, 'out/renderer'),
    port: Number(flags['gateway-port'] ?? 4011),
  });
  stopAll.push(() => gateway.close());
  console.log(
    `Triage Desk (browser mode), signed in as demo-owner. Open:\n\n  ${gateway.launchUrl}\n\n` +
      'The link works once: the browser tab that opens it first gets its own session (kept across reloads) and the link is then refused. ' +
      'Press Enter here for a new link (another tab or browser). Ctrl+C stops everything.',
  );
  process.stdin.on('data', () => console.log(`\nA new one-time link:\n\n  ${gateway.newLaunchUrl()}\n`));
}

/** Asks the electron package for its binary in a child process, so a first-run download that cannot reach the network fails in bounded time. */
function locateElectron(): { ok: true; path: string } | { ok: false; reason: string } {
  const r = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (r.status === 0 && r.stdout) {
    const check = spawnSync(r.stdout, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    if (check.status === 0) return { ok: true, path: r.stdout };
    return {
      ok: false,
      reason: `the binary at ${r.stdout} does not run: ${(check.stderr || check.error?.message || '').trim().split('\n')[0]}`,
    };
  }
  // The useful lines are the errors, not the stack frames or the Node version banner.
  const lines = (r.stderr || r.error?.message || '').split('\n').map((l) => l.trim());
  const errors = lines.filter((l) => /^(\w*Error|error)\b/.test(l));
  const why = errors.length ? errors.join('; ') : r.error ? r.error.message : 'unknown error';
  return { ok: false, reason: `its first-run download failed: ${why}` };
}

main().catch((err: unknown) => {
  console.error(`\nThe demo could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
