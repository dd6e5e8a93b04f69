import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { PROTOCOL_SCHEME } from '../../../electron-builder.config.js';
import { decodeIcnsTypes, decodeIcoSizes, ICNS_TYPES, pngSize } from '../../../scripts/lib/icon-containers.js';

/**
 * Electron cannot be downloaded here, so `npm run dist` stops at its download step. These
 * checks load the configuration the way electron-builder does and run its own schema
 * validation, then check the settings the issue asks for.
 */
const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const { getConfig } = require('app-builder-lib/out/util/config/load.js') as {
  getConfig(request: { packageKey: string; configFilename: string; projectDir: string; packageMetadata: null }, path: string): Promise<{ result: unknown }>;
};
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, debug: { isEnabled: boolean; add(k: string, v: unknown): void }): Promise<void>;
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string>; dependencies: Record<string, string> };

describe('electron-builder configuration', () => {
  it('loads through electron-builder and passes its schema validation', async () => {
    const { result } = await getConfig({ packageKey: 'build', configFilename: 'electron-builder', projectDir: root, packageMetadata: null }, 'electron-builder.config.ts');
    expect(result).toMatchObject({ appId: config.appId, productName: 'Triage Desk' });
    await expect(validateConfiguration(result, { isEnabled: false, add() {} })).resolves.toBeUndefined();
  });

  it('a wrong option is refused by that validation (the check is not a no-op)', async () => {
    await expect(validateConfiguration({ ...config, asar: 'yes please' }, { isEnabled: false, add() {} })).rejects.toThrow(/asar/);
  });

  it('npm run dist builds the app, then packages the current platform without publishing', () => {
    expect(pkg.scripts['dist']).toBe('electron-vite build && electron-builder --config electron-builder.config.ts --publish never');
  });

  it('targets AppImage and deb, dmg, NSIS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
  });

  it('registers the triage-desk:// protocol and no file types', () => {
    expect(PROTOCOL_SCHEME).toBe('triage-desk');
    expect(config.protocols).toEqual([{ name: 'Triage Desk link', schemes: ['triage-desk'] }]);
    expect(config.fileAssociations).toEqual([]);
  });

  it('packs only the built app into an asar', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(['out/**/*', 'package.json', '!**/*.map']);
    expect(pkg.main).toBe('./out/main/index.js');
  });

  it('flips the fuses: no run-as-node, NODE_OPTIONS or --inspect; encrypted cookies; asar only and validated', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('ships exactly the packages the main process and preload import at run time', () => {
    // Renderer libraries are bundled by vite, the reference service is not shipped: neither belongs in "dependencies".
    const imported = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          for (const m of readFileSync(p, 'utf8').matchAll(/^import (?!type )[^'"]*from '([^'".][^']*)'/gm)) {
            const spec = m[1]!;
            if (spec.startsWith('node:') || spec === 'electron') continue;
            imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
          }
        }
      }
    };
    for (const dir of ['src/main', 'src/preload', 'src/shared']) walk(join(root, dir));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...imported].sort());
  });
});

describe('app icon', () => {
  const build = join(root, 'build');

  it('has every Linux size as NxN.png', () => {
    for (const s of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(readFileSync(join(build, 'icons', `${s}x${s}.png`)))).toEqual({ width: s, height: s });
    }
    expect(config.linux?.icon).toBe('build/icons');
  });

  it('has a Windows .ico from 16 to 256 px', () => {
    expect(decodeIcoSizes(readFileSync(join(build, 'icon.ico')))).toEqual([16, 24, 32, 48, 64, 128, 256]);
    expect(config.win?.icon).toBe('build/icon.ico');
  });

  it('has a macOS .icns with every element, each PNG of its size', () => {
    const elements = decodeIcnsTypes(readFileSync(join(build, 'icon.icns')));
    expect(elements.map((e) => e.type)).toEqual(ICNS_TYPES.map((t) => t.type));
    for (const e of elements) {
      const want = ICNS_TYPES.find((t) => t.type === e.type)!.pixels;
      expect(pngSize(Buffer.from(e.png))).toEqual({ width: want, height: want });
    }
    expect(config.mac?.icon).toBe('build/icon.icns');
  });
});

describe('release workflow', () => {
  // Parsed with the YAML reader electron-builder itself depends on.
  const yaml = createRequire(require.resolve('app-builder-lib/package.json'))('js-yaml') as { load(text: string): unknown };
  type Step = { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, string> };
  const workflow = yaml.load(readFileSync(join(root, '.github/workflows/release.yml'), 'utf8')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { 'runs-on': string; strategy: { matrix: { include: { os: string; installers: string }[] } }; steps: Step[] }>;
  };
  const job = workflow.jobs['desktop']!;
  const steps = job.steps;
  const run = (pattern: RegExp) => steps.filter((s) => s.run && pattern.test(s.run));

  it('runs on version tags and by hand, with read-only permissions', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('builds on Linux, macOS (both architectures) and Windows', () => {
    const os = job.strategy.matrix.include.map((m) => m.os);
    expect(os).toEqual(['ubuntu-24.04', 'macos-15', 'macos-15-intel', 'windows-2025']);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
  });

  it('pins every action to a full commit SHA', () => {
    const uses = steps.filter((s) => s.uses).map((s) => s.uses!);
    expect(uses.length).toBeGreaterThan(3);
    for (const u of uses) expect(u, u).toMatch(/^actions\/[a-z-]+@[0-9a-f]{40}$/);
  });

  it('installs, checks, tests (the Electron suite under xvfb on Linux), packages, uploads the installers', () => {
    const order = [/npm ci/, /electron\/install\.js/, /npm run typecheck/, /npm run lint/, /vitest run/, /electron-vite build/, /playwright test --config playwright\.electron\.config\.ts/, /npm run dist/];
    let last = -1;
    for (const p of order) {
      const at = steps.findIndex((s, i) => i > last && s.run && p.test(s.run));
      expect(at, String(p)).toBeGreaterThan(last);
      last = at;
    }
    expect(run(/xvfb-run .*playwright test --config playwright\.electron\.config\.ts/)[0]?.if).toBe("runner.os == 'Linux'");
    const upload = steps.find((s) => s.name === 'Upload installers');
    expect(upload?.with).toMatchObject({ path: '${{ matrix.installers }}', 'if-no-files-found': 'error' });
    const installers = job.strategy.matrix.include.map((m) => m.installers.trim());
    expect(installers).toEqual(['dist/*.AppImage\ndist/*.deb', 'dist/*.dmg', 'dist/*.dmg', 'dist/*.exe']);
  });

  it('caches npm and the Electron downloads', () => {
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ cache: 'npm' });
    expect(steps.some((s) => s.uses?.startsWith('actions/cache@'))).toBe(true);
  });
});
