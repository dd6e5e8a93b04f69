import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The Electron binary the desktop suite launches, or the one-line reason it cannot run.
 * Read from the electron package's path.txt without require('electron'), which would try
 * to download the binary (impossible on machines without internet access).
 */
export const ROOT = resolve(import.meta.dirname, '../../..');
export const MAIN_SCRIPT = join(ROOT, 'out/main/index.js');

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(): ElectronBinary {
  const pkg = join(ROOT, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (!existsSync(pathFile) && !override) {
    return {
      ok: false,
      reason:
        'the Electron binary is not installed (node_modules/electron has no path.txt; run `node node_modules/electron/install.js` where it can be downloaded)',
    };
  }
  const name = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
  const path = override ? join(override, name) : join(pkg, 'dist', name);
  if (!existsSync(path))
    return {
      ok: false,
      reason: `the Electron binary is missing at ${path} (run \`node node_modules/electron/install.js\`)`,
    };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { ok: false, reason: 'no display to open a window on (run under xvfb-run on a headless Linux machine)' };
  }
  return { ok: true, path };
}
