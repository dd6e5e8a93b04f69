import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Runs electron-builder's real packaging pipeline with our configuration, up to the unpacked
 * Linux app (the `dir` target): collecting files and runtime dependencies, writing app.asar,
 * unpacking the native keychain module, and flipping the fuses. Electron itself cannot be
 * downloaded here, so `electronDist` points at a stand-in executable that carries only
 * Electron's fuse wire (sentinel, version 1, eight fuses at Electron's defaults), which is
 * all @electron/fuses reads and writes. The installers (AppImage, deb, dmg, NSIS) are built
 * by the release workflow, where the real binary is downloaded.
 */
const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const asar = createRequire(require.resolve('app-builder-lib/package.json'))('@electron/asar') as {
  listPackage(archive: string): string[];
  extractFile(archive: string, file: string): Buffer;
};
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on,
// asar integrity off, only-asar off, browser V8 snapshot off, file:// privileges on.
const DEFAULT_WIRE = '10110001';

let work: string;
let appDir: string;

function fuseWire(binary: string): string {
  const b = readFileSync(binary);
  const at = b.indexOf(SENTINEL) + SENTINEL.length;
  expect(b[at], 'fuse wire version').toBe(1);
  return b.subarray(at + 2, at + 2 + b[at + 1]!).toString('latin1');
}

beforeAll(() => {
  if (!existsSync(join(root, 'out/main/index.js'))) {
    const built = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stdout}${built.stderr}`);
  }
  work = mkdtempSync(join(tmpdir(), 'triage-package-'));
  const dist = join(work, 'electron-dist');
  mkdirSync(dist, { recursive: true });
  const standIn = join(dist, 'electron');
  writeFileSync(standIn, Buffer.concat([Buffer.from('#!/bin/sh\necho "stand-in for the Electron binary"\n'), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(DEFAULT_WIRE), Buffer.from('\n')]));
  chmodSync(standIn, 0o755);
  writeFileSync(join(dist, 'version'), '45.4.1');
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/electron-builder/cli.js'), '--config', 'electron-builder.config.ts', '--linux', 'dir', '--x64', '--publish', 'never', `-c.electronDist=${dist}`, `-c.directories.output=${join(work, 'out')}`],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  if (r.status !== 0) throw new Error(`electron-builder failed:\n${r.stdout}${r.stderr}`);
  appDir = join(work, 'out', 'linux-unpacked');
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packaged app (electron-builder, Linux dir target)', () => {
  it('is one executable named triage-desk with the app in resources/app.asar', () => {
    expect(existsSync(join(appDir, 'triage-desk'))).toBe(true);
    expect(existsSync(join(appDir, 'resources', 'app.asar'))).toBe(true);
    expect(existsSync(join(appDir, 'resources', 'app'))).toBe(false);
  });

  it('flips the fuses on the executable', () => {
    // RunAsNode off, cookies encrypted, NODE_OPTIONS off, --inspect off, asar integrity on,
    // only app.asar, default V8 snapshot, file:// privileges kept (see docs/security.md).
    expect(fuseWire(join(appDir, 'triage-desk'))).toBe('01001101');
  });

  it('packs only the built app, package.json and the runtime dependencies', () => {
    const files = asar.listPackage(join(appDir, 'resources', 'app.asar')).map((f) => f.replace(/\\/g, '/').replace(/^\//, ''));
    const top = new Set(files.map((f) => f.split('/')[0]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json']);
    const packages = new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.startsWith('node_modules/@') ? 3 : 2).join('/')));
    for (const p of packages) expect(p, p).toMatch(/^(zod|@napi-rs\/keyring(-[a-z0-9-]+)?|@napi-rs)$/);
    expect(files).toContain('out/main/index.js');
    expect(files).toContain('out/preload/index.cjs');
    expect(files).toContain('out/renderer/index.html');
    expect(files.filter((f) => f.startsWith('out/') && f.endsWith('.map'))).toEqual([]);
    // No source, no reference service, no tests, no secrets.
    for (const f of files) expect(f, f).not.toMatch(/^(src|tests|scripts|bench|var|build)\//);
    const pkg = JSON.parse(asar.extractFile(join(appDir, 'resources', 'app.asar'), 'package.json').toString('utf8')) as { main: string; dependencies: Record<string, string> };
    expect(pkg.main).toBe('./out/main/index.js');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@napi-rs/keyring', 'zod']);
  });

  it('keeps the native keychain module outside the archive, where it can be loaded', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@napi-rs');
    const found = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.node'));
    expect(found.length).toBeGreaterThan(0);
  });
});
