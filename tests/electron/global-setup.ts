import { existsSync } from 'node:fs';
import { findElectronBinary, MAIN_SCRIPT } from './support/electron-binary.js';

/** Says once, on one line, why the desktop suite is skipped; a skip is never a pass. */
export default function globalSetup(): void {
  const binary = findElectronBinary();
  // The release workflow sets this: on its runners a missing binary is a failure, not a skip.
  if (!binary.ok && process.env['TRIAGE_REQUIRE_ELECTRON'] === '1')
    throw new Error(`Electron suite cannot run: ${binary.reason}.`);
  if (!binary.ok) console.log(`Electron suite skipped: ${binary.reason}.`);
  else if (!existsSync(MAIN_SCRIPT))
    throw new Error(`The app is not built (${MAIN_SCRIPT} is missing): run \`npx electron-vite build\` first.`);
  else console.log(`Electron suite: launching ${binary.path}`);
}
