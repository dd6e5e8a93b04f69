/**
 * The Electron entry point. Everything it starts lives in src/main/electron/shell.ts (wiring,
 * tested against a recording fake of Electron) and plain Node modules.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { startShell } from './electron/shell.js';

startShell({ mainDir: dirname(fileURLToPath(import.meta.url)), env: process.env, argv: process.argv }).catch((err: unknown) => {
  console.error('Triage Desk could not start:', err);
  app.exit(1);
});
