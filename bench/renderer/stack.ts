import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { AppServices } from '../../src/main/app-services.js';
import { startBrowserMode } from '../../src/main/browser-mode.js';
import { ApiClient } from '../../src/main/services/api-client.js';
import { createConnectionService } from '../../src/main/services/connections.js';
import type { CredentialStore } from '../../src/main/services/credential-store.js';
import { API_PREFIX } from '#shared/api/index.js';
import { startReferenceServer, type RunningServer } from '../../scripts/lib/reference-server.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Debian's Chromium as every bench drives it: headless, quiet, nothing downloaded. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The window every bench page gets: the app's figures and their static copies' must share it to compare. */
export const VIEWPORT = { width: 1400, height: 900 };

/** Chromium for the standalone bench tools, closed by `cleanup`; Ctrl+C goes through the tool's own cleanup. */
export async function launchChromium(cleanup: Cleanup): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
  });
  cleanup.add('close Chromium', () => browser.close());
  return browser;
}

/** Opens the demo's 2,000-thread project from the project list, on the board or (switched to) the table. */
export async function openDemoView(page: Page, url: string, view: 'board' | 'table'): Promise<void> {
  await page.goto(url);
  const list = page.getByTestId('project-list');
  await list.getByText('Counting…').first().waitFor({ state: 'detached' });
  await list.getByRole('button', { name: 'Marketing site' }).first().click();
  await page.getByTestId('view-board').waitFor();
  if (view === 'table') {
    await page.getByTestId('view-table').click();
    await page.getByTestId('items-table').waitFor();
  }
  await page.getByText(/^Updated /).waitFor();
}

/** Everything started is stopped through here, in reverse order, even when a step throws. */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => Promise<void> | void }> = [];

  add(what: string, run: () => Promise<void> | void): void {
    this.steps.push({ what, run });
  }

  async runAll(log: (line: string) => void): Promise<void> {
    while (this.steps.length > 0) {
      const step = this.steps.pop()!;
      try {
        await Promise.race([step.run(), new Promise((ok) => setTimeout(ok, 10_000).unref())]);
      } catch (e) {
        log(`  cleanup: ${step.what} failed: ${(e as Error).message}`);
      }
    }
  }
}

/** A temp dir removed at cleanup. */
export function tempDir(cleanup: Cleanup, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.add(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Builds the current sources (electron-vite, production mode) into a temp dir, so the bench
 * measures what is checked out without touching out/ that others may be serving.
 */
export function buildRenderer(cleanup: Cleanup): Promise<string> {
  const outDir = join(tempDir(cleanup, 'triage-rbench-build-'), 'out');
  const cli = resolve(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) ok(join(outDir, 'renderer'));
      else fail(new Error(`electron-vite build failed (exit ${code}):\n${output.slice(-2000)}`));
    });
  });
}

/** One HTTP request the main process sent to the service, as the service received it. */
export interface ServiceRequest {
  method: string;
  /** Path under /api/v1, e.g. "/items/merge". */
  path: string;
  status: number | null;
  /** For POST items/merge: how many duplicates the request carried. */
  duplicates?: number;
}

/**
 * Counts every request the connection's ApiClient sends (retries included, since each is a
 * request the service receives): the witness for "merging 500 duplicates takes 10 requests".
 */
export class ServiceRequestLog {
  readonly requests: ServiceRequest[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const entry: ServiceRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(API_PREFIX, ''),
      status: null,
    };
    if (entry.path === '/items/merge' && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { duplicateIds?: unknown[] };
      entry.duplicates = body.duplicateIds?.length ?? 0;
    }
    this.requests.push(entry);
    const res = await fetch(input, init);
    entry.status = res.status;
    return res;
  };

  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  mark(): number {
    return this.requests.length;
  }

  since(mark: number): ServiceRequest[] {
    return this.requests.slice(mark);
  }
}

/** Ephemeral connections only: nothing is saved, so no keychain is needed or touched. */
const noKeychain: CredentialStore = {
  list: async () => [],
  get: async () => null,
  add: async () => {
    throw new Error('The renderer bench signs in with in-memory connections only.');
  },
  remove: async () => false,
};

export interface Stack {
  serviceUrl: string;
  /** A fresh one-time launch link (each page's tab exchanges its own). */
  launchUrl(): string;
  requests: ServiceRequestLog;
}

/**
 * The reference service on fresh data (demo dataset, or a fixture) in a temp dir through its
 * CLI, and the browser-mode gateway with the real main-process services, signed in as
 * `token` with an in-memory connection (`rateLimit`, N/B, overrides the service's limit). Both
 * listen on free loopback ports. The service
 * starts while the renderer is still being built.
 */
export async function startStack(
  cleanup: Cleanup,
  opts: {
    name: string;
    rendererDir: Promise<string>;
    token: string;
    demo?: boolean;
    fixture?: unknown;
    rateLimit?: string;
  },
): Promise<Stack> {
  const dataDir = join(tempDir(cleanup, `triage-rbench-${opts.name}-`), 'data');
  mkdirSync(dataDir);
  let fixture: string | undefined;
  if (opts.fixture !== undefined) {
    fixture = join(dataDir, '..', 'fixture.json');
    writeFileSync(fixture, JSON.stringify(opts.fixture));
  }
  const service: RunningServer = await startReferenceServer({
    port: 0,
    dataDir,
    demo: opts.demo ?? false,
    ...(fixture ? { fixture } : {}),
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
  });
  cleanup.add(`stop the ${opts.name} service`, () => service.stop());

  const requests = new ServiceRequestLog();
  // The client paces itself by the service's limit: a limit of the stack's own goes to both.
  const [perMinute, burst] = opts.rateLimit?.split('/').map(Number) ?? [];
  const pacing = perMinute && burst ? { perMinute, burst } : null;
  const services: Pick<AppServices, 'connections'> = {
    connections: createConnectionService({
      store: noKeychain,
      clientFactory: (o) => new ApiClient({ ...o, fetch: requests.fetch, ...(pacing ? { pacing } : {}) }),
    }),
  };
  const signIn = await services.connections.addEphemeral({
    baseUrl: service.baseUrl,
    token: opts.token,
    label: `Renderer bench (${opts.name})`,
  });
  if (!signIn.ok) throw new Error(`Could not sign in to the ${opts.name} service: ${signIn.error.message}`);
  const gateway = await startBrowserMode({ services, rendererDir: await opts.rendererDir });
  cleanup.add(`close the ${opts.name} gateway`, () => gateway.close());
  return { serviceUrl: service.baseUrl, launchUrl: () => gateway.newLaunchUrl(), requests };
}
