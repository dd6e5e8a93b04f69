import type { Configuration } from 'electron-builder';
import { APP_ID, DEEP_LINK_SCHEME, EXECUTABLE_NAME, PRODUCT_NAME } from './src/main/electron/app-identity.js';

/**
 * Installers for Triage Desk (`npm run dist` builds the current platform's; the release
 * workflow builds all three and starts each one before publishing it). Checked offline by
 * tests/unit/electron/packaging.test.ts (schema, settings, workflows) and
 * tests/unit/electron/linux/package.test.ts (electron-builder's real Linux pipeline).
 */

/** The deep-link scheme: triage-desk://item/<itemId> opens that thread (src/main/electron/deep-link.ts). */
export const PROTOCOL_SCHEME = DEEP_LINK_SCHEME;

/**
 * electron-builder's own `Depends` for a .deb (FpmTarget.getDefaultDepends). Setting
 * `deb.depends` replaces them rather than adding to them, so they are repeated here; the
 * packaging test compares this copy with app-builder-lib's, so an upgrade that changes them fails.
 */
export const ELECTRON_BUILDER_DEB_DEPENDS = [
  'libgtk-3-0',
  'libnotify4',
  'libnss3',
  'libxss1',
  'libxtst6',
  'xdg-utils',
  'libatspi2.0-0',
  'libuuid1',
  'libsecret-1-0',
];

/**
 * What Electron itself loads that the defaults leave out (libgbm for the GPU process, ALSA,
 * renamed libasound2t64 since Ubuntu 24.04 / Debian 13), and libsecret for the keychain
 * (the Secret Service), named even though the defaults carry it today because the app cannot
 * keep a token without it.
 */
export const DEB_DEPENDS_ADDED = ['libsecret-1-0', 'libgbm1', 'libasound2t64 | libasound2'];

export const DEB_DEPENDS = [...new Set([...ELECTRON_BUILDER_DEB_DEPENDS, ...DEB_DEPENDS_ADDED])];

/**
 * Whether this build is signed and notarized, decided once from the environment the release
 * workflow passes (it sets CSC_LINK only on macOS; Windows reads WIN_CSC_LINK). Unsigned
 * macOS builds skip signing outright (identity null) and get a fresh ad-hoc signature after
 * the fuses change the binary, which Apple silicon needs to run it at all.
 */
export function macSigning(env: NodeJS.ProcessEnv = process.env): { sign: boolean; notarize: boolean } {
  const sign = Boolean(env['CSC_LINK']);
  const appleId = Boolean(env['APPLE_ID'] && env['APPLE_APP_SPECIFIC_PASSWORD'] && env['APPLE_TEAM_ID']);
  const apiKey = Boolean(env['APPLE_API_KEY'] && env['APPLE_API_KEY_ID'] && env['APPLE_API_ISSUER']);
  return { sign, notarize: sign && (appleId || apiKey) };
}

const signing = macSigning();

const config: Configuration = {
  appId: APP_ID,
  productName: PRODUCT_NAME,
  executableName: EXECUTABLE_NAME,
  copyright: 'Copyright © Triage Desk contributors',
  directories: { output: 'dist', buildResources: 'build' },
  // Only the built app (main, preload, renderer) and package.json; runtime dependencies are
  // added by electron-builder from package.json "dependencies" (the keychain binding and zod).
  // The reference service (its production build in out/server included), its data and the
  // renderer's sources never reach the installer.
  files: ['out/**/*', '!out/server/**', 'package.json', '!**/*.map'],
  asar: true,
  // The keychain binding is a prebuilt N-API module: nothing to rebuild against Electron.
  npmRebuild: false,
  protocols: [{ name: 'Triage Desk link', schemes: [PROTOCOL_SCHEME] }],
  fileAssociations: [],
  // Flipped on the packaged binary; docs/security.md says what each one prevents. Electron 45
  // has a ninth fuse (WasmTrapHandlers) that @electron/fuses 1.8 cannot name: it stays at
  // Electron's default, on.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    // The window is served from the privileged app:// scheme, so file:// needs nothing extra.
    grantFileProtocolExtraPrivileges: false,
    resetAdHocDarwinSignature: !signing.sign,
  },
  linux: {
    // The .deb only. An AppImage cannot run Chromium's sandbox on Ubuntu 24.04 and later
    // (unprivileged user namespaces are refused by AppArmor, and the setuid helper cannot be
    // root-owned inside its mount), so it would start only with --no-sandbox, which we never ship.
    target: ['deb'],
    icon: 'build/icons',
    category: 'Development',
    synopsis: 'Triage feedback threads: boards, threads, reports',
    description: 'Desktop triage dashboard for a feedback-thread service.',
    maintainer: 'Triage Desk contributors <triage-desk@users.noreply.github.com>',
    vendor: 'Triage Desk contributors',
    // The desktop entry is named after package.json "desktopName" (triage-desk.desktop), the
    // name Electron reports to the desktop as the window's app id, so the dock groups the
    // window under the launcher's icon and the entry's StartupWMClass matches it.
    syncDesktopName: true,
  },
  deb: { depends: DEB_DEPENDS },
  mac: {
    target: ['dmg'],
    // The bundle is "Triage Desk.app" (the top-level executableName is for Linux and Windows).
    executableName: PRODUCT_NAME,
    icon: 'build/icon.icns',
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    identity: signing.sign ? undefined : null,
    notarize: signing.notarize,
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: { target: ['nsis'], icon: 'build/icon.ico' },
  nsis: {
    // One-click and per-user: no install-mode page (the assisted installer always shows it
    // unless installing for all users), no elevation prompt; installs under
    // %LOCALAPPDATA%\Programs and starts the app when done.
    oneClick: true,
    perMachine: false,
    createDesktopShortcut: true,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },
  publish: null,
};

export default config;
