import type { Configuration } from 'electron-builder';
import { APP_ID, DEEP_LINK_SCHEME, EXECUTABLE_NAME, PRODUCT_NAME } from './src/main/electron/app-identity.js';

/**
 * Installers for Triage Desk (`npm run dist` builds the current platform's; the release
 * workflow builds all three). Checked offline by tests/unit/electron/packaging.test.ts with
 * electron-builder's own schema validation, since Electron itself cannot be downloaded here.
 */

/** The deep-link scheme: triage-desk://item/<itemId> opens that thread (src/main/electron/deep-link.ts). */
export const PROTOCOL_SCHEME = DEEP_LINK_SCHEME;

const config: Configuration = {
  appId: APP_ID,
  productName: PRODUCT_NAME,
  executableName: EXECUTABLE_NAME,
  copyright: 'Copyright © Triage Desk contributors',
  directories: { output: 'dist', buildResources: 'build' },
  // Only the built app (main, preload, renderer) and package.json; runtime dependencies are
  // added by electron-builder from package.json "dependencies" (the keychain binding and zod).
  // The reference service, its data and the renderer's sources never reach the installer.
  files: ['out/**/*', 'package.json', '!**/*.map'],
  asar: true,
  // The keychain binding is a prebuilt N-API module: nothing to rebuild against Electron.
  npmRebuild: false,
  protocols: [{ name: 'Triage Desk link', schemes: [PROTOCOL_SCHEME] }],
  fileAssociations: [],
  // Flipped on the packaged binary; docs/security.md says what each one prevents.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    // The window loads out/renderer/index.html over file://, whose ES module scripts need
    // this; turning it off comes with serving the renderer from a custom protocol instead.
    grantFileProtocolExtraPrivileges: true,
    // An unsigned arm64 build must keep a valid ad-hoc signature after the fuses change the binary.
    resetAdHocDarwinSignature: !process.env['CSC_LINK'],
  },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'build/icons',
    category: 'Development',
    synopsis: 'Triage feedback threads: boards, threads, reports',
    description: 'Desktop triage dashboard for a feedback-thread service.',
    maintainer: 'Triage Desk contributors <triage-desk@users.noreply.github.com>',
    vendor: 'Triage Desk contributors',
  },
  // The keychain is the Secret Service (GNOME Keyring, KWallet), reached through libsecret.
  deb: { depends: ['libsecret-1-0', 'libnotify4', 'libxss1', 'libnss3', 'xdg-utils'] },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  mac: {
    target: ['dmg'],
    icon: 'build/icon.icns',
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    // Unsigned builds (no certificate in CI secrets) still package; signing is the release's job.
    identity: process.env['CSC_LINK'] ? undefined : null,
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: { target: ['nsis'], icon: 'build/icon.ico' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },
  publish: null,
};

export default config;
