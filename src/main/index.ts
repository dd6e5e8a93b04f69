/**
 * The Electron entry point. Everything it starts lives in src/main/electron/shell.ts (wiring,
 * tested against a recording fake of Electron) and plain Node modules.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
// electron-vite copies the icon beside the built main script and gives its path (asar-aware).
import iconFile from '../../build/icons/512x512.png?asset';
import { startShell } from './electron/shell.js';

void startShell({ mainDir: dirname(fileURLToPath(import.meta.url)), env: process.env, argv: process.argv, iconFile });
