import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config, {
  DEB_DEPENDS,
  DEB_DEPENDS_ADDED,
  ELECTRON_BUILDER_DEB_DEPENDS,
  macSigning,
  PROTOCOL_SCHEME,
} from '../../../electron-builder.config.js';
import { packageOf } from '../../../scripts/build-server.js';
import { decodeIcnsTypes, decodeIcoSizes, ICNS_TYPES, pngSize } from '../../../scripts/lib/icon-containers.js';
import { DESKTOP_ENTRY } from '../../../src/main/electron/app-identity.js';

/**
 * Electron cannot be downloaded here, so `npm run dist` stops at its download step. These
 * checks load the configuration the way electron-builder does and run its own schema
 * validation, check each setting the installers depend on (where it matters, through
 * electron-builder's own code for that setting), and read the CI and release workflows.
 * tests/unit/electron/linux/package.test.ts runs the Linux pipeline itself.
 */
const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const { getConfig } = require('app-builder-lib/out/util/config/load.js') as {
  getConfig(
    request: { packageKey: string; configFilename: string; projectDir: string; packageMetadata: null },
    path: string,
  ): Promise<{ result: unknown }>;
};
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(
    config: unknown,
    debug: { isEnabled: boolean; add(k: string, v: unknown): void },
  ): Promise<void>;
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  desktopName: string;
  engines: Record<string, string>;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

// Loaded whole first: its modules require each other in an order that only the package's entry point gets right.
builderRequire('app-builder-lib');
type Defines = Record<string, string | null>;
type NsisOptions = NonNullable<typeof config.nsis>;
const { NsisTarget } = builderRequire('./out/targets/nsis/NsisTarget.js') as {
  NsisTarget: { prototype: { configureDefines(this: unknown, oneClick: boolean, defines: Defines): Promise<unknown> } };
};
const { CancellationToken } = builderRequire('builder-util-runtime') as { CancellationToken: new () => unknown };
const FpmTarget = (
  builderRequire('./out/targets/FpmTarget.js') as {
    default: { prototype: { getDefaultDepends(target: string): string[] } };
  }
).default;

/**
 * The NSIS defines electron-builder compiles the installer with for these options
 * (NsisTarget.configureDefines, with NsisTarget.build's own `oneClick` rule). The packager
 * stand-in gives only what that method reads: no custom resources, this app's names.
 */
async function nsisDefines(options: NsisOptions): Promise<Defines> {
  const defines: Defines = {};
  const packager = {
    info: { cancellationToken: new CancellationToken() },
    appInfo: { sanitizedProductName: 'Triage Desk', companyName: 'Triage Desk contributors' },
    getResource: () => Promise.resolve(null),
    expandMacro: (pattern: string) => pattern.replace('${productName}', 'Triage Desk').replace('${version}', '0.1.0'),
  };
  await NsisTarget.prototype.configureDefines.call(
    { packager, options: { ...options } },
    options.oneClick !== false,
    defines,
  );
  return defines;
}

describe('electron-builder configuration', () => {
  it('loads through electron-builder and passes its schema validation', async () => {
    const { result } = await getConfig(
      { packageKey: 'build', configFilename: 'electron-builder', projectDir: root, packageMetadata: null },
      'electron-builder.config.ts',
    );
    expect(result).toMatchObject({ appId: config.appId, productName: 'Triage Desk', linux: { syncDesktopName: true } });
    await expect(validateConfiguration(result, { isEnabled: false, add() {} })).resolves.toBeUndefined();
  });

  it('a wrong option is refused by that validation (the check is not a no-op)', async () => {
    await expect(
      validateConfiguration({ ...config, asar: 'yes please' }, { isEnabled: false, add() {} }),
    ).rejects.toThrow(/asar/);
    await expect(
      validateConfiguration(
        { ...config, linux: { ...config.linux, syncDesktopNames: true } },
        { isEnabled: false, add() {} },
      ),
    ).rejects.toThrow(/configuration\.linux/);
  });

  it('npm run dist builds the app, then packages the current platform without publishing', () => {
    expect(pkg.scripts['dist']).toBe(
      'electron-vite build && electron-builder --config electron-builder.config.ts --publish never',
    );
  });

  it('targets the .deb only on Linux (no AppImage), dmg, NSIS', () => {
    expect(config.linux?.target).toEqual(['deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config).not.toHaveProperty('appImage');
  });

  it('registers the triage-desk:// protocol and no file types', () => {
    expect(PROTOCOL_SCHEME).toBe('triage-desk');
    expect(config.protocols).toEqual([{ name: 'Triage Desk link', schemes: ['triage-desk'] }]);
    expect(config.fileAssociations).toEqual([]);
  });

  it('packs only the built app into an asar, never the service built for production beside it', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(['out/**/*', '!out/server/**', 'package.json', '!**/*.map']);
    expect(pkg.main).toBe('./out/main/index.js');
  });

  it('flips the fuses: no run-as-node, NODE_OPTIONS, --inspect or file:// privileges; encrypted cookies; asar only and validated', () => {
    const { resetAdHocDarwinSignature: _reset, ...fuses } = config.electronFuses!;
    expect(fuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
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
          // Static imports, and dynamic ones (a native binding loaded on first use is still shipped).
          for (const m of readFileSync(p, 'utf8').matchAll(
            /^import (?!type )[^'"]*from '([^'".][^']*)'|\bimport\(\s*'([^'".][^']*)'\s*\)/gm,
          )) {
            const spec = (m[1] ?? m[2])!;
            // #shared/… is the contract inside this repo (package.json "imports"), bundled like any source file.
            if (spec.startsWith('node:') || spec.startsWith('#') || spec === 'electron') continue;
            imported.add(packageOf(spec));
          }
        }
      }
    };
    for (const dir of ['src/main', 'src/preload', 'src/shared']) walk(join(root, dir));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...imported].sort());
  });
});

describe('the Linux .deb settings', () => {
  it("repeats electron-builder's default Depends exactly as app-builder-lib has them", () => {
    expect(ELECTRON_BUILDER_DEB_DEPENDS).toEqual(FpmTarget.prototype.getDefaultDepends('deb'));
  });

  it('depends on every default, libsecret, libgbm and ALSA, each once', () => {
    for (const d of [...ELECTRON_BUILDER_DEB_DEPENDS, 'libsecret-1-0', 'libgbm1', 'libasound2t64 | libasound2'])
      expect(DEB_DEPENDS).toContain(d);
    expect(new Set(DEB_DEPENDS).size).toBe(DEB_DEPENDS.length);
    expect(DEB_DEPENDS).toEqual([...new Set([...ELECTRON_BUILDER_DEB_DEPENDS, ...DEB_DEPENDS_ADDED])]);
    expect(config.deb?.depends).toEqual(DEB_DEPENDS);
  });

  it('names the desktop entry after package.json desktopName, the app id Electron gives the window', () => {
    expect(pkg.desktopName).toBe(DESKTOP_ENTRY);
    expect(config.linux?.syncDesktopName).toBe(true);
  });
});

describe('the Windows installer (NSIS)', () => {
  it('is one-click and per-user: no install-mode page, no elevation, no directory page', async () => {
    const defines = await nsisDefines(config.nsis!);
    expect(defines).toHaveProperty('ONE_CLICK');
    expect(defines).toHaveProperty('RUN_AFTER_FINISH');
    // Each of these would bring back the "for me / for all users" page or a UAC prompt.
    for (const name of [
      'INSTALL_MODE_PER_ALL_USERS',
      'INSTALL_MODE_PER_ALL_USERS_REQUIRED',
      'MULTIUSER_INSTALLMODE_ALLOW_ELEVATION',
      'allowToChangeInstallationDirectory',
    ]) {
      expect(defines, name).not.toHaveProperty(name);
    }
  });

  it('the same reading sees the install-mode page and elevation in an assisted installer (the check is not a no-op)', async () => {
    const assisted = await nsisDefines({ ...config.nsis!, oneClick: false });
    expect(assisted).toHaveProperty('INSTALL_MODE_PER_ALL_USERS_REQUIRED');
    expect(assisted).toHaveProperty('MULTIUSER_INSTALLMODE_ALLOW_ELEVATION');
    expect(assisted).not.toHaveProperty('ONE_CLICK');
  });
});

describe('macOS signing and notarization', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('signs only with a certificate, and notarizes only a signed build with a complete set of Apple credentials', () => {
    expect(macSigning({})).toEqual({ sign: false, notarize: false });
    expect(macSigning({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 't' })).toEqual({
      sign: false,
      notarize: false,
    });
    expect(macSigning({ CSC_LINK: 'cert.p12' })).toEqual({ sign: true, notarize: false });
    expect(macSigning({ CSC_LINK: 'cert.p12', APPLE_ID: 'a', APPLE_TEAM_ID: 't' })).toEqual({
      sign: true,
      notarize: false,
    });
    expect(
      macSigning({ CSC_LINK: 'cert.p12', APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 't' }),
    ).toEqual({ sign: true, notarize: true });
    expect(
      macSigning({ CSC_LINK: 'cert.p12', APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'i', APPLE_API_ISSUER: 'u' }),
    ).toEqual({ sign: true, notarize: true });
    // The workflow never passes an empty secret as a certificate.
    expect(macSigning({ CSC_LINK: '' })).toEqual({ sign: false, notarize: false });
  });

  it('without a certificate: no signing identity, a fresh ad-hoc signature after the fuses, no notarization', async () => {
    vi.stubEnv('CSC_LINK', '');
    vi.resetModules();
    const { default: unsigned } = await import('../../../electron-builder.config.js');
    expect(unsigned.mac?.identity).toBeNull();
    expect(unsigned.electronFuses?.resetAdHocDarwinSignature).toBe(true);
    expect(unsigned.mac?.notarize).toBe(false);
  });

  it('with a certificate and notarization credentials: the identity from CSC_LINK, its signature kept, notarized', async () => {
    vi.stubEnv('CSC_LINK', 'file:///tmp/cert.p12');
    vi.stubEnv('APPLE_API_KEY', '/tmp/AuthKey.p8');
    vi.stubEnv('APPLE_API_KEY_ID', 'KEYID');
    vi.stubEnv('APPLE_API_ISSUER', 'issuer');
    vi.resetModules();
    const { default: signed } = await import('../../../electron-builder.config.js');
    expect(signed.mac?.identity).toBeUndefined();
    expect(signed.electronFuses?.resetAdHocDarwinSignature).toBe(false);
    expect(signed.mac?.notarize).toBe(true);
    expect(signed.mac?.hardenedRuntime).toBe(true);
  });

  it('names the bundle after the product: Triage Desk.app', () => {
    expect(config.mac?.executableName).toBe('Triage Desk');
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

// Parsed with the YAML reader electron-builder itself depends on.
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
type Step = {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
type Job = {
  name?: string;
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  container?: unknown;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  strategy?: { matrix: { include: Record<string, string>[] } };
  steps: Step[];
};
type Workflow = {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  env: Record<string, string>;
  jobs: Record<string, Job>;
};
const readWorkflow = (name: string) =>
  yaml.load(readFileSync(join(root, '.github/workflows', name), 'utf8')) as Workflow;

/** Index of the first step after `after` whose run matches `pattern` (and whose `if` matches `when`, if given). */
function stepIndex(steps: Step[], pattern: RegExp, after = -1, when?: string): number {
  return steps.findIndex(
    (s, i) => i > after && s.run !== undefined && pattern.test(s.run) && (when === undefined || s.if === when),
  );
}

/** Every pinned action across both workflows: name → SHAs. */
function pins(...workflows: Workflow[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const wf of workflows) {
    for (const job of Object.values(wf.jobs)) {
      for (const s of job.steps) {
        if (!s.uses) continue;
        expect(s.uses, s.uses).toMatch(/^actions\/[a-z-]+@[0-9a-f]{40}$/);
        const [name, sha] = s.uses.split('@') as [string, string];
        map.set(name, (map.get(name) ?? new Set()).add(sha));
      }
    }
  }
  return map;
}

describe('release workflow', () => {
  const workflow = readWorkflow('release.yml');
  const job = workflow.jobs['desktop']!;
  const steps = job.steps;
  const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');

  it('runs on version tags and by hand, read-only except for the release job', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.on['push']).toEqual({ tags: ['v*'] });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(job.permissions).toBeUndefined();
    expect(Object.keys(workflow.jobs).sort()).toEqual(['desktop', 'release']);
  });

  it('builds with Node 22 (package.json engines still allow 20.19)', () => {
    expect(workflow.env['NODE_VERSION']).toBe('22');
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({
      'node-version': '${{ env.NODE_VERSION }}',
    });
    expect(pkg.engines['node']).toBe('>=20.19.0');
  });

  it('builds on Linux, macOS (both architectures) and Windows', () => {
    const os = job.strategy!.matrix.include.map((m) => m['os']);
    expect(os).toEqual(['ubuntu-24.04', 'macos-15', 'macos-15-intel', 'windows-2025']);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
  });

  it('pins every action to a full commit SHA, the same one wherever it is used', () => {
    const used = pins(workflow, readWorkflow('ci.yml'));
    expect(used.size).toBeGreaterThanOrEqual(4);
    for (const [name, shas] of used) expect(shas.size, name).toBe(1);
  });

  it('installs, checks, tests (the Electron suite under xvfb on Linux), packages, smoke-tests, uploads the installers', () => {
    const order = [
      /npm ci/,
      /electron\/install\.js/,
      /npm run typecheck/,
      /npm run lint/,
      /vitest run/,
      /electron-vite build/,
      /playwright test --config playwright\.electron\.config\.ts/,
      /npm run dist/,
      /scripts\/smoke-packaged\.ts/,
    ];
    let last = -1;
    for (const p of order) {
      const at = stepIndex(steps, p, last);
      expect(at, String(p)).toBeGreaterThan(last);
      last = at;
    }
    const upload = steps.findIndex((s) => s.name === 'Upload installers');
    expect(upload).toBeGreaterThan(last);
    expect(
      stepIndex(
        steps,
        /xvfb-run .*playwright test --config playwright\.electron\.config\.ts/,
        -1,
        "runner.os == 'Linux'",
      ),
    ).toBeGreaterThan(-1);
    expect(steps[upload]?.with).toMatchObject({
      name: 'triage-desk-${{ matrix.os }}',
      path: '${{ matrix.installers }}',
      'if-no-files-found': 'error',
    });
    const installers = job.strategy!.matrix.include.map((m) => m['installers']!.trim());
    expect(installers).toEqual(['dist/*.deb', 'dist/*.dmg', 'dist/*.dmg', 'dist/*.exe']);
  });

  it('on macOS and Windows runs the shell wiring and packaging config suites, leaving out only the Linux packaging tests', () => {
    const step = steps.find((s) => s.run?.includes('vitest run tests/unit/electron'));
    expect(step?.if).toBe("runner.os != 'Linux'");
    expect(step?.run).toBe(
      'npx vitest run tests/unit/electron tests/renderer --exclude "tests/unit/electron/linux/**"',
    );
    expect(existsSync(join(root, 'tests/unit/electron/linux/package.test.ts'))).toBe(true);
    expect(existsSync(join(root, 'tests/unit/electron/packaging.test.ts'))).toBe(true);
  });

  it('starts what it packaged on every runner, after packaging and before uploading: Linux under xvfb with a keyring and the setuid sandbox', () => {
    const dist = stepIndex(steps, /npm run dist/);
    const upload = steps.findIndex((s) => s.name === 'Upload installers');
    const linux = stepIndex(steps, /scripts\/smoke-packaged\.ts$/m, dist, "runner.os == 'Linux'");
    const others = stepIndex(steps, /scripts\/smoke-packaged\.ts$/m, dist, "runner.os != 'Linux'");
    for (const at of [linux, others]) {
      expect(at).toBeGreaterThan(dist);
      expect(at).toBeLessThan(upload);
    }
    const linuxRun = steps[linux]!.run!;
    expect(linuxRun).toMatch(/xvfb-run .*scripts\/with-keyring\.sh npx tsx scripts\/smoke-packaged\.ts$/m);
    expect(linuxRun.indexOf('sudo chown root:root dist/linux-unpacked/chrome-sandbox')).toBeGreaterThan(-1);
    expect(linuxRun.indexOf('sudo chmod 4755 dist/linux-unpacked/chrome-sandbox')).toBeLessThan(
      linuxRun.indexOf('xvfb-run'),
    );
    expect(steps[others]!.run).toBe('npx tsx scripts/smoke-packaged.ts');
    // Never a sandbox-less start, in tests or in what ships.
    expect(text).not.toContain('--no-sandbox');
  });

  it('on Linux checks the .deb, installs it with apt, and starts the installed app', () => {
    const when = "runner.os == 'Linux'";
    const dist = stepIndex(steps, /npm run dist/);
    const check = stepIndex(steps, /npx tsx scripts\/check-deb\.ts --deb dist\/\*\.deb/, dist, when);
    const contents = stepIndex(steps, /dpkg-deb --contents dist\/\*\.deb/, dist, when);
    const install = stepIndex(steps, /sudo apt-get install -y \.\/dist\/\*\.deb/, check, when);
    const smoke = stepIndex(
      steps,
      /xvfb-run .*scripts\/with-keyring\.sh npx tsx scripts\/smoke-packaged\.ts --binary "\/opt\/Triage Desk\/triage-desk"/,
      install,
      when,
    );
    expect(contents).toBe(check);
    expect(check).toBeGreaterThan(dist);
    expect(install).toBeGreaterThan(check);
    expect(smoke).toBeGreaterThan(install);
    expect(smoke).toBeLessThan(steps.findIndex((s) => s.name === 'Upload installers'));
    // The after-install must have left the sandbox usable: setuid helper or AppArmor profile.
    expect(steps[install]!.run).toContain('/etc/apparmor.d/triage-desk');
    expect(steps[install]!.run).toContain('4755');
  });

  it('signs and notarizes only with the secrets, each platform seeing only its own, and warns in the log when building unsigned', () => {
    const dist = steps[stepIndex(steps, /npm run dist/)]!;
    expect(dist.shell).toBe('bash');
    const env = dist.env!;
    for (const [name, value] of Object.entries(env)) {
      expect(value, name).toMatch(/^\$\{\{ runner\.os == '(macOS|Windows)' && secrets\.[A-Z_]+ \|\| '' \}\}$/);
    }
    const secrets = Object.values(env).map((v) => /secrets\.([A-Z_]+)/.exec(v)![1]);
    expect(secrets.sort()).toEqual(
      [
        'APPLE_API_ISSUER',
        'APPLE_API_KEY',
        'APPLE_API_KEY_ID',
        'APPLE_APP_SPECIFIC_PASSWORD',
        'APPLE_ID',
        'APPLE_TEAM_ID',
        'CSC_KEY_PASSWORD',
        'CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
        'WIN_CSC_LINK',
      ].sort(),
    );
    for (const [name, value] of Object.entries(env))
      expect(value.includes("'Windows'"), name).toBe(value.includes('WIN_CSC'));
    const run = dist.run!;
    expect(run).toMatch(/::warning title=Unsigned macOS build::/);
    expect(run).toMatch(/::warning title=macOS build not notarized::/);
    expect(run).toMatch(/::warning title=Unsigned Windows installer::/);
    expect(run).toMatch(
      /if \[\[ -n \$MAC_CSC_LINK \]\]; then\n\s*export CSC_LINK=\$MAC_CSC_LINK CSC_KEY_PASSWORD=\$MAC_CSC_KEY_PASSWORD/,
    );
    expect(run).toMatch(/export WIN_CSC_LINK=\$WIN_SIGNING_CERT/);
    // Auto-discovery off would also hide the identity CSC_LINK brings, so only without one.
    expect(run).toMatch(
      /if \[\[ -z \$\{CSC_LINK:-\} \]\]; then export CSC_IDENTITY_AUTO_DISCOVERY=false; fi\n\s*npm run dist/,
    );
    expect(dist.env).not.toHaveProperty('CSC_IDENTITY_AUTO_DISCOVERY');
  });

  it('for a version tag only, collects every installer with SHA256SUMS into a draft GitHub Release', () => {
    const release = workflow.jobs['release']!;
    expect(release.needs).toBe('desktop');
    expect(release.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(release.permissions).toEqual({ contents: 'write', actions: 'read' });
    expect(release.env).toMatchObject({ GH_TOKEN: '${{ secrets.GITHUB_TOKEN }}', GH_REPO: '${{ github.repository }}' });
    expect(release.steps.every((s) => s.uses === undefined)).toBe(true);
    const script = release.steps.map((s) => s.run ?? '').join('\n');
    const download = script.indexOf(`gh run download "$GITHUB_RUN_ID" --pattern 'triage-desk-*'`);
    const sums = script.indexOf('sha256sum -- * > SHA256SUMS');
    const create = script.indexOf('gh release create "$TAG" release/* --draft');
    expect(download).toBeGreaterThan(-1);
    expect(sums).toBeGreaterThan(download);
    expect(create).toBeGreaterThan(sums);
    for (const ext of ['deb', 'dmg', 'exe']) expect(script).toContain(`'*.${ext}'`);
    expect(script).not.toMatch(/gh release create(?![^\n]*--draft)/);
  });
});

describe('CI workflow', () => {
  const workflow = readWorkflow('ci.yml');

  it('runs on every push and pull request with read-only permissions and Node 22', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.env['NODE_VERSION']).toBe('22');
    for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined();
  });

  it("runs the README's test command, .ci/run, on Ubuntu 24.04 in Node 22's Debian image", () => {
    const linux = workflow.jobs['linux']!;
    expect(linux['runs-on']).toBe('ubuntu-24.04');
    expect(linux.container).toBe('node:22-bookworm');
    expect(linux.env).toEqual({ CI: 'true' });
    expect(linux.steps.filter((s) => s.run).map((s) => s.run)).toEqual(['bash .ci/run']);
    expect(linux.steps[0]?.uses).toMatch(/^actions\/checkout@/);
  });

  it('on macOS and Windows installs, typechecks, lints and runs the unit and renderer suites, leaving out the Linux-only tests', () => {
    const job = workflow.jobs['other-platforms']!;
    expect(job.strategy!.matrix.include.map((m) => m['os'])).toEqual(['macos-15', 'windows-2025']);
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({
      'node-version': '${{ env.NODE_VERSION }}',
      cache: 'npm',
    });
    const runs = job.steps.filter((s) => s.run).map((s) => s.run!);
    expect(runs.slice(0, 3)).toEqual(['npm ci --no-audit --no-fund', 'npm run typecheck', 'npm run lint']);
    expect(runs[3]).toContain('npx vitest run tests/unit tests/renderer "${exclude[@]}"');
    expect(runs[3]).toContain('exclude=(--exclude "tests/unit/electron/linux/**")');
    expect(runs[3]).toMatch(
      /if \[\[ \$RUNNER_OS == Windows \]\]; then exclude\+=\(--exclude "tests\/unit\/scripts\/smoke-packaged\.test\.ts"\); fi/,
    );
    expect(existsSync(join(root, 'tests/unit/scripts/smoke-packaged.test.ts'))).toBe(true);
  });
});

describe('the caches', () => {
  it('release caches npm and the Electron downloads', () => {
    const steps = readWorkflow('release.yml').jobs['desktop']!.steps;
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ cache: 'npm' });
    expect(steps.some((s) => s.uses?.startsWith('actions/cache@'))).toBe(true);
  });
});
