import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEB_DEPENDS_ADDED, PROTOCOL_SCHEME } from '../../../../electron-builder.config.js';
import {
  appArmorProfileProblems,
  checkDeb,
  contentsProblems,
  dependsProblems,
  desktopEntryProblems,
  INSTALL_DIR,
  parseContents,
  parseDesktopEntry,
  postinstProblems,
} from '../../../../scripts/check-deb.js';
import { packagedExecutable } from '../../../../scripts/smoke-packaged.js';
import { DESKTOP_ENTRY, EXECUTABLE_NAME, PRODUCT_NAME } from '../../../../src/main/electron/app-identity.js';

/**
 * The Linux package, built by electron-builder's real pipeline with our configuration and its
 * Linux targets in one run, as `npm run dist` does: collecting files and runtime dependencies, writing app.asar,
 * unpacking the native keychain module, flipping the fuses, then the deb target up to the point
 * where it hands everything to fpm.
 *
 * Two stand-ins, since neither can be downloaded here:
 * - Electron: `electronDist` holds an executable that carries only Electron 45's fuse wire
 *   (sentinel, version 1, nine fuses at Electron's defaults), which is all @electron/fuses
 *   reads and writes, and the chrome-sandbox helper the after-install script sets up.
 * - fpm: CUSTOM_FPM_PATH (app-builder-lib's toolsets/linux.js getFpmPath) points at a script
 *   that records its arguments, copies what it is handed (the maintainer scripts, the desktop
 *   entry, the icons, the app folder) into a package tree laid out as fpm's dir→deb would,
 *   and packs that tree with dpkg-deb, so scripts/check-deb.ts — what the release runs on the
 *   real .deb — can read it.
 *
 * The release workflow builds the real .deb with the real fpm, checks it with the same script,
 * installs it and starts it.
 */
const root = resolve(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const asar = builderRequire('@electron/asar') as {
  listPackage(archive: string): string[];
  extractFile(archive: string, file: string): Buffer;
};
// Loaded whole first: its modules require each other in an order that only the package's entry point gets right.
builderRequire('app-builder-lib');
const FpmTarget = (
  builderRequire('./out/targets/FpmTarget.js') as {
    default: { prototype: { getDefaultDepends(target: string): string[] } };
  }
).default;

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron 45's defaults, in wire order: RunAsNode on, cookie encryption off, NODE_OPTIONS on,
// --inspect on, asar integrity off, only-asar off, browser V8 snapshot off, file://
// privileges on, WasmTrapHandlers on (the ninth, added in Electron 43).
const ELECTRON_45_DEFAULT_WIRE = '101100011';

let work: string;
let outDir: string;
let appDir: string;
let record: string;
let fpmArgs: string[];
let buildLog: string;

function fuseWire(binary: string): string {
  const b = readFileSync(binary);
  const at = b.indexOf(SENTINEL) + SENTINEL.length;
  expect(b[at], 'fuse wire version').toBe(1);
  return b.subarray(at + 2, at + 2 + b[at + 1]!).toString('latin1');
}

/** Every value given after `flag` in fpm's argument list. */
function values(flag: string): string[] {
  return fpmArgs.flatMap((a, i) => (a === flag && i + 1 < fpmArgs.length ? [fpmArgs[i + 1]!] : []));
}

/** fpm's `source=destination` arguments, destination → source. */
function mappings(): Map<string, string> {
  return new Map(
    fpmArgs.flatMap((a) =>
      /^\/[^=]*=\//.test(a) ? [[a.slice(a.indexOf('=') + 1), a.slice(0, a.indexOf('='))] as const] : [],
    ),
  );
}

/** The stand-in fpm: see the file comment. Written in CommonJS for the node running this test. */
function standInFpm(recordDir: string): string {
  return `#!${process.execPath}
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const args = process.argv.slice(2);
const record = ${JSON.stringify(recordDir)};
fs.writeFileSync(path.join(record, 'fpm-args.json'), JSON.stringify(args));
const all = (flag) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));
const one = (flag) => all(flag)[0];
if (one('-s') !== 'dir' || one('-t') !== 'deb') { console.error('stand-in fpm packs dir to deb only'); process.exit(64); }
const tree = path.join(record, 'tree');
fs.mkdirSync(path.join(tree, 'DEBIAN'), { recursive: true });
for (const a of args) {
  const m = /^(\\/[^=]*)=(\\/.*)$/.exec(a);
  if (m) fs.cpSync(m[1], path.join(tree, m[2]), { recursive: true });
}
fs.copyFileSync(one('--after-install'), path.join(tree, 'DEBIAN', 'postinst'));
fs.copyFileSync(one('--after-remove'), path.join(tree, 'DEBIAN', 'postrm'));
fs.chmodSync(path.join(tree, 'DEBIAN', 'postinst'), 0o755);
fs.chmodSync(path.join(tree, 'DEBIAN', 'postrm'), 0o755);
const control = [
  'Package: ' + one('--name'),
  'Version: ' + one('--version'),
  'Architecture: ' + one('--architecture'),
  'Maintainer: ' + one('--maintainer'),
  'Depends: ' + all('-d').join(', '),
  'Recommends: ' + all('--deb-recommends').join(', '),
  'Priority: ' + one('--deb-priority'),
  'Homepage: ' + one('--url'),
  'Description: ' + one('--description'),
];
fs.writeFileSync(path.join(tree, 'DEBIAN', 'control'), control.join('\\n') + '\\n');
const r = spawnSync('dpkg-deb', ['--root-owner-group', '-Z' + one('--deb-compression'), '--build', tree, one('--package')], { encoding: 'utf8' });
process.stdout.write(r.stdout || '');
process.stderr.write(r.stderr || '');
process.exit(r.status === null ? 1 : r.status);
`;
}

beforeAll(() => {
  if (!existsSync(join(root, 'out/main/index.js'))) {
    const built = spawnSync(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      { cwd: root, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stdout}${built.stderr}`);
  }
  work = mkdtempSync(join(tmpdir(), 'triage-package-'));
  const dist = join(work, 'electron-dist');
  mkdirSync(dist, { recursive: true });
  const standIn = join(dist, 'electron');
  writeFileSync(
    standIn,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in for the Electron binary"\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, ELECTRON_45_DEFAULT_WIRE.length]),
      Buffer.from(ELECTRON_45_DEFAULT_WIRE),
      Buffer.from('\n'),
    ]),
  );
  chmodSync(standIn, 0o755);
  writeFileSync(join(dist, 'chrome-sandbox'), '#!/bin/sh\n');
  chmodSync(join(dist, 'chrome-sandbox'), 0o755);
  writeFileSync(join(dist, 'version'), '45.4.1');
  record = join(work, 'fpm');
  mkdirSync(record);
  const fpm = join(work, 'fpm-stand-in');
  writeFileSync(fpm, standInFpm(record));
  chmodSync(fpm, 0o755);
  outDir = join(work, 'out');
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/electron-builder/cli.js'),
      // The configuration's own Linux targets, as `npm run dist` builds them.
      ...['--config', 'electron-builder.config.ts', '--linux', '--x64', '--publish', 'never'],
      `-c.electronDist=${dist}`,
      `-c.directories.output=${outDir}`,
      // fpm's --url (the deb's Homepage) comes from the git remote, which a checkout on the
      // release runner has and this working copy may not.
      '-c.extraMetadata.homepage=https://example.invalid/triage-desk',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false', CUSTOM_FPM_PATH: fpm },
    },
  );
  buildLog = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new Error(`electron-builder failed:\n${buildLog}`);
  appDir = join(outDir, 'linux-unpacked');
  fpmArgs = JSON.parse(readFileSync(join(record, 'fpm-args.json'), 'utf8')) as string[];
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the unpacked Linux app (dist/linux-unpacked, what the .deb installs)', () => {
  it('is one executable named triage-desk, where the smoke script looks for it, with the app in resources/app.asar', () => {
    expect(existsSync(join(appDir, EXECUTABLE_NAME))).toBe(true);
    expect(packagedExecutable(outDir, 'linux', 'x64')).toBe(join(appDir, EXECUTABLE_NAME));
    expect(existsSync(join(appDir, 'resources', 'app.asar'))).toBe(true);
    expect(existsSync(join(appDir, 'resources', 'app'))).toBe(false);
  });

  it("flips the eight fuses @electron/fuses knows and leaves Electron 45's ninth (WasmTrapHandlers) at its default", () => {
    // RunAsNode off, cookies encrypted, NODE_OPTIONS off, --inspect off, asar integrity on,
    // only app.asar, default V8 snapshot, no extra file:// privileges (the window is served
    // from app://), WebAssembly trap handlers on (see docs/security.md).
    expect(fuseWire(join(appDir, EXECUTABLE_NAME))).toBe('010011001');
  });

  it('packs only the built app, package.json and the runtime dependencies', () => {
    const files = asar
      .listPackage(join(appDir, 'resources', 'app.asar'))
      .map((f) => f.replace(/\\/g, '/').replace(/^\//, ''));
    const top = new Set(files.map((f) => f.split('/')[0]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json']);
    const packages = new Set(
      files
        .filter((f) => f.startsWith('node_modules/'))
        .map((f) =>
          f
            .split('/')
            .slice(1, f.startsWith('node_modules/@') ? 3 : 2)
            .join('/'),
        ),
    );
    // The keychain binding, zod, and browser sign-in's OAuth client with its two dependencies; never the reference service's.
    for (const p of packages)
      expect(p, p).toMatch(/^(zod|@napi-rs\/keyring(-[a-z0-9-]+)?|@napi-rs|openid-client|oauth4webapi|jose)$/);
    expect(files).toContain('out/main/index.js');
    expect(files).toContain('out/preload/index.cjs');
    expect(files).toContain('out/renderer/index.html');
    // The screens the renderer loads on first use are chunks beside its entry: every one is packed.
    for (const f of readdirSync(join(root, 'out/renderer/assets')).filter((name) => !name.endsWith('.map')))
      expect(files).toContain(`out/renderer/assets/${f}`);
    expect(files.filter((f) => f.startsWith('out/') && f.endsWith('.map'))).toEqual([]);
    // No source, no reference service, no tests, no secrets.
    for (const f of files) expect(f, f).not.toMatch(/^(src|tests|scripts|bench|var|build)\//);
    const pkg = JSON.parse(
      asar.extractFile(join(appDir, 'resources', 'app.asar'), 'package.json').toString('utf8'),
    ) as { main: string; desktopName: string; dependencies: Record<string, string> };
    expect(pkg.main).toBe('./out/main/index.js');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@napi-rs/keyring', 'oauth4webapi', 'openid-client', 'zod']);
    // Electron reads it from here to tell the desktop which entry the window belongs to.
    expect(pkg.desktopName).toBe(DESKTOP_ENTRY);
  });

  it('keeps the native keychain module outside the archive, where it can be loaded', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', '@napi-rs');
    const found = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.node'));
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('the .deb (what electron-builder hands fpm)', () => {
  it('is the only installer: no AppImage', () => {
    const installers = readdirSync(outDir).filter((f) => /\.(AppImage|deb|snap|rpm|tar\.\w+|zip)$/.test(f));
    expect(installers).toEqual([`triage-desk_0.1.0_amd64.deb`]);
    expect(buildLog).not.toMatch(/AppImage/i);
  });

  it("depends on every one of electron-builder's defaults, the keychain's libsecret and what Electron loads besides", () => {
    const defaults = FpmTarget.prototype.getDefaultDepends('deb');
    expect(defaults.length).toBeGreaterThan(5);
    const depends = values('-d');
    expect(depends).toEqual([...new Set([...defaults, ...DEB_DEPENDS_ADDED])]);
    for (const d of [
      'libgtk-3-0',
      'libxtst6',
      'libatspi2.0-0',
      'libuuid1',
      'libnss3',
      'libsecret-1-0',
      'libgbm1',
      'libasound2t64 | libasound2',
    ])
      expect(depends).toContain(d);
    expect(dependsProblems(depends)).toEqual([]);
  });

  it('installs the app folder under /opt/Triage Desk, its icons, and the desktop entry as triage-desk.desktop', () => {
    const map = mappings();
    expect(map.get(INSTALL_DIR)?.replace(/\/$/, '')).toBe(appDir);
    expect(map.get(`/usr/share/applications/${DESKTOP_ENTRY}`)).toBeDefined();
    expect(map.get(`/usr/share/icons/hicolor/512x512/apps/${EXECUTABLE_NAME}.png`)).toBe(
      join(root, 'build/icons/512x512.png'),
    );
    // Files keep fpm's default owner, root: nothing asks for --deb-user or --deb-group.
    expect(fpmArgs.filter((a) => /^--(deb-)?(user|group)$/.test(a))).toEqual([]);
  });

  it('registers triage-desk:// links and matches the window by desktopName', () => {
    const text = readFileSync(join(record, 'tree', 'usr/share/applications', DESKTOP_ENTRY), 'utf8');
    const entry = parseDesktopEntry(text);
    expect(entry.get('MimeType')).toBe(`x-scheme-handler/${PROTOCOL_SCHEME};`);
    expect(entry.get('Exec')).toBe(`"/opt/${PRODUCT_NAME}/${EXECUTABLE_NAME}" %U`);
    expect(entry.get('Name')).toBe(PRODUCT_NAME);
    expect(entry.get('Icon')).toBe(EXECUTABLE_NAME);
    expect(entry.get('StartupWMClass')).toBe(DESKTOP_ENTRY.replace(/\.desktop$/, ''));
    expect(text).not.toContain('--no-sandbox');
    expect(desktopEntryProblems(text)).toEqual([]);
  });

  it("sets up Chromium's sandbox on install: setuid root helper without user namespaces, else an AppArmor profile allowing them", () => {
    const postinst = readFileSync(join(record, 'tree', 'DEBIAN', 'postinst'), 'utf8');
    expect(postinst).toContain(`chmod 4755 '${INSTALL_DIR}/chrome-sandbox'`);
    expect(postinst).toMatch(/unshare --user true/);
    expect(postinst).toContain(`APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${EXECUTABLE_NAME}'`);
    expect(postinstProblems(postinst)).toEqual([]);
    const profile = readFileSync(join(appDir, 'resources', 'apparmor-profile'), 'utf8');
    expect(appArmorProfileProblems(profile)).toEqual([]);
    const postrm = readFileSync(join(record, 'tree', 'DEBIAN', 'postrm'), 'utf8');
    expect(postrm).toContain(`APPARMOR_PROFILE_DEST='/etc/apparmor.d/${EXECUTABLE_NAME}'`);
  });

  it('passes scripts/check-deb.ts, the check the release runs on the real .deb', () => {
    const deb = join(outDir, 'triage-desk_0.1.0_amd64.deb');
    expect(checkDeb(deb)).toEqual([]);
    const entries = parseContents(spawnSync('dpkg-deb', ['--contents', deb], { encoding: 'utf8' }).stdout);
    expect(entries.find((e) => e.path === `${INSTALL_DIR}/chrome-sandbox`)?.owner).toBe('root/root');
    expect(contentsProblems(entries)).toEqual([]);
  });

  it('scripts/check-deb.ts passes that package, and fails the job on one without libgbm1 or the link handler', () => {
    const checkCli = (deb: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/check-deb.ts'), '--deb', deb], {
        cwd: root,
        encoding: 'utf8',
      });
    const good = checkCli(join(outDir, 'triage-desk_0.1.0_amd64.deb'));
    expect(good.stdout).toContain('check-deb: Depends, desktop entry, sandbox setup and ownership as intended');
    expect(good.status).toBe(0);

    const tree = join(work, 'broken-tree');
    cpSync(join(record, 'tree'), tree, { recursive: true });
    const control = join(tree, 'DEBIAN', 'control');
    writeFileSync(control, readFileSync(control, 'utf8').replace(', libgbm1', ''));
    const desktop = join(tree, 'usr/share/applications', DESKTOP_ENTRY);
    writeFileSync(desktop, readFileSync(desktop, 'utf8').replace(/^MimeType=.*\n/m, ''));
    const broken = join(work, 'broken.deb');
    const built = spawnSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', tree, broken], {
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const bad = checkCli(broken);
    expect(bad.stdout).toContain('::error::Depends lacks libgbm1');
    expect(bad.stdout).toContain('::error::desktop entry MimeType is missing');
    expect(bad.status).toBe(1);
  });
});
