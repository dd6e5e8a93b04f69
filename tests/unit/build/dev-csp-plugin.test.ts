import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { resolveConfig } from 'electron-vite';
import { build, createServer, mergeConfig, type InlineConfig, type PluginOption, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CSP_PLUGIN_NAME } from '../../../scripts/vite/dev-csp-plugin.js';
import { RENDERER_CSP } from '#shared/renderer-csp.js';

/**
 * The renderer as `electron-vite dev` serves it (electron.vite.config.ts resolved by
 * electron-vite itself, so the test covers the wiring too), loaded in Chromium: Vite's injected
 * preamble and styles must run under the dev policy's nonce, and `electron-vite build` must
 * come out exactly as it does without the plugin.
 */

const repoRoot = resolve(import.meta.dirname, '../../..');

let browser: Browser;
let scratch: string;
const servers: ViteDevServer[] = [];

/** Runs fn with electron-vite's view of the process (it sets NODE_ENV), then gives vitest's back. */
async function asElectronVite<T>(command: 'serve' | 'build', fn: (renderer: InlineConfig) => Promise<T>): Promise<T> {
  const nodeEnv = process.env['NODE_ENV'];
  try {
    const { config } = await resolveConfig({ root: repoRoot, logLevel: 'silent' }, command, command === 'build' ? 'production' : 'development');
    if (!config?.renderer) throw new Error('electron.vite.config.ts has no renderer config');
    return await fn(config.renderer as InlineConfig);
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
}

function isNamed(p: PluginOption, name: string): boolean {
  return !!p && typeof p === 'object' && 'name' in p && p.name === name;
}

function withoutDevCsp(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).filter((p) => !isNamed(p, DEV_CSP_PLUGIN_NAME)).map((p) => (Array.isArray(p) ? withoutDevCsp(p) : p));
}

function rendererWith(renderer: InlineConfig, devCsp: boolean): InlineConfig {
  return devCsp ? renderer : { ...renderer, plugins: withoutDevCsp(renderer.plugins) };
}

async function startDevServer(opts: { devCsp: boolean }): Promise<{ server: ViteDevServer; url: string; port: number }> {
  const server = await asElectronVite('serve', (renderer) =>
    createServer(
      mergeConfig(rendererWith(renderer, opts.devCsp), {
        logLevel: 'silent',
        clearScreen: false,
        // Pre-bundled deps of its own: a developer's `npm run dev` may be using node_modules/.vite.
        cacheDir: join(scratch, 'vite-cache'),
        server: { host: '127.0.0.1', port: 0, strictPort: true, watch: null },
      }),
    ),
  );
  servers.push(server);
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server is not listening on a port');
  return { server, url: `http://127.0.0.1:${address.port}/`, port: address.port };
}

interface PageRun {
  csp: string | undefined;
  html: string;
  violations: string[];
  cspConsole: string[];
  viteConsole: string[];
  pageErrors: string[];
  rootText: string;
  /** A custom property from styles/base.css, which Vite's client injects as a <style>. */
  bgToken: string;
}

/**
 * Loads the page and waits for the app's first screen ('rendered'), or for long enough that a
 * page able to render would have ('settled': the nonce'd page shows it under 100 ms after load).
 * strictHeader sends RENDERER_CSP as the document's header, as the Electron shell did for the
 * dev server's origin too.
 */
async function loadPage(url: string, opts: { until: 'rendered' | 'settled'; strictHeader?: boolean }): Promise<PageRun> {
  const page = await browser.newPage();
  try {
    // Registered before any of the page's own scripts, so even a refused preamble is seen.
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));`,
    });
    if (opts.strictHeader) {
      await page.route(url, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': RENDERER_CSP } });
      });
    }
    const cspConsole: string[] = [];
    const viteConsole: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) cspConsole.push(m.text());
      if (m.text().startsWith('[vite]')) viteConsole.push(m.text());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response) throw new Error(`no response for ${url}`);
    if (opts.until === 'rendered') await page.getByRole('button', { name: 'Open connections instead' }).waitFor({ timeout: 15_000 });
    else await page.waitForTimeout(1_000);
    return {
      csp: (await response.allHeaders())['content-security-policy'],
      html: await response.text(),
      violations: await page.evaluate<string[]>('window.cspViolations'),
      cspConsole,
      viteConsole,
      pageErrors,
      rootText: await page.locator('#root').innerText(),
      bgToken: await page.evaluate<string>(`getComputedStyle(document.documentElement).getPropertyValue('--bg').trim()`),
    };
  } finally {
    await page.close();
  }
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

function nonceOf(policy: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

function metaPolicy(html: string): string | undefined {
  return /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1];
}

async function fetchPage(url: string): Promise<{ csp: string | null; html: string }> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  return { csp: res.headers.get('content-security-policy'), html: await res.text() };
}

async function buildRenderer(opts: { devCsp: boolean }): Promise<Map<string, Buffer>> {
  const outDir = await mkdtemp(join(scratch, 'renderer-build-'));
  await asElectronVite('build', (renderer) =>
    build(mergeConfig(rendererWith(renderer, opts.devCsp), { logLevel: 'silent', cacheDir: join(scratch, 'vite-cache'), build: { outDir } })),
  );
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name).slice(outDir.length), await readFile(join(entry.parentPath, entry.name)));
  }
  return files;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dev-csp-'));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await browser?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('dev CSP plugin', () => {
  it('lets the dev server page run and style itself under a nonce policy, with no CSP violations', async () => {
    const { url, port } = await startDevServer({ devCsp: true });
    const run = await loadPage(url, { until: 'rendered' });

    expect(run.violations).toEqual([]);
    expect(run.cspConsole).toEqual([]);
    // Without a gateway behind the dev server the app stops on its starting screen, which says why.
    expect(run.rootText).toContain('Open connections instead');
    expect(run.bgToken).not.toBe('');
    // The HMR websocket got through connect-src.
    expect(run.viteConsole).toContain('[vite] connected.');

    const nonce = nonceOf(run.csp);
    const dev = directives(run.csp ?? '');
    const strict = directives(RENDERER_CSP);
    expect(dev.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(dev.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(dev.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${port}`]);
    for (const [name, sources] of strict) {
      if (!['script-src', 'style-src', 'connect-src'].includes(name)) expect(dev.get(name), name).toEqual(sources);
    }
    expect([...dev.keys()]).toEqual([...strict.keys()]);
    expect(run.csp).not.toMatch(/unsafe-inline|unsafe-eval/);

    // index.html's own meta policy is enforced too: it must be the dev policy (minus what a meta cannot carry).
    expect(metaPolicy(run.html)).toBe(run.csp?.replace(/; frame-ancestors [^;]*/, ''));
    expect(run.html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    const tags = [...run.html.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('gives every page load and every server start a fresh nonce', async () => {
    const first = await startDevServer({ devCsp: true });
    const second = await startDevServer({ devCsp: true });
    const loads = [await fetchPage(first.url), await fetchPage(first.url), await fetchPage(second.url)];
    const nonces = loads.map((l) => nonceOf(l.csp ?? undefined));

    expect(new Set(nonces).size).toBe(3);
    for (const [i, load] of loads.entries()) {
      expect(nonceOf(metaPolicy(load.html))).toBe(nonces[i]);
      expect(load.html).toContain(`nonce="${nonces[i]}"`);
    }

    // Outside a request there is no header to carry a per-response nonce: the page's meta holds the server's own.
    const sourceHtml = await readFile(join(repoRoot, 'src/renderer/index.html'), 'utf8');
    const [a, b] = await Promise.all([first, second].map(({ server }) => server.transformIndexHtml('/index.html', sourceHtml)));
    const serverNonces = [a, b].map((html) => nonceOf(metaPolicy(html ?? '')));
    expect(serverNonces[0]).not.toBe(serverNonces[1]);
    expect(a).toContain(`<meta property="csp-nonce" nonce="${serverNonces[0]}">`);
  });

  it('is what keeps the dev server page from being refused by the strict policy', async () => {
    const { url } = await startDevServer({ devCsp: false });
    const [metaOnly, strict] = await Promise.all([loadPage(url, { until: 'settled' }), loadPage(url, { until: 'settled', strictHeader: true })]);

    // index.html's meta alone: every stylesheet Vite's client injects is refused.
    expect(metaOnly.csp).toBeUndefined();
    expect(metaOnly.violations.length).toBeGreaterThan(0);
    expect(metaOnly.violations.every((v) => v.startsWith('style-src-elem inline'))).toBe(true);
    expect(metaOnly.cspConsole).not.toEqual([]);
    expect(metaOnly.bgToken).toBe('');

    // The strict policy as a header also covers the React-refresh preamble: the app never starts.
    expect(strict.violations).toContain('script-src-elem inline');
    expect(strict.pageErrors).not.toEqual([]);
    expect(strict.rootText).toBe('');
  });

  it('leaves the production build byte for byte as it is without it, under the strict meta policy', async () => {
    const withPlugin = await buildRenderer({ devCsp: true });
    const withoutPlugin = await buildRenderer({ devCsp: false });

    expect([...withPlugin.keys()].sort()).toEqual([...withoutPlugin.keys()].sort());
    for (const [file, bytes] of withPlugin) expect(bytes.equals(withoutPlugin.get(file) ?? Buffer.alloc(0)), file).toBe(true);

    const html = withPlugin.get('/index.html')?.toString('utf8') ?? '';
    const sourceHtml = await readFile(join(repoRoot, 'src/renderer/index.html'), 'utf8');
    expect(html).not.toMatch(/nonce/i);
    const built = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(built).toBe(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(sourceHtml)?.[1]);
    expect(built).toBe(RENDERER_CSP.replace(/; frame-ancestors [^;]*/, ''));
  });
});
