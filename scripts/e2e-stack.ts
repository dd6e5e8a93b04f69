/**
 * What the end-to-end tests run against: the reference service on a fresh demo data
 * directory, and the browser-mode gateway with the real main-process services (real
 * keychain: run under scripts/with-keyring.sh). Nothing is signed in: tests use the
 * connect screen as a person would. `--shapes minimal` starts the service in lean mode, to
 * try the whole app against answers shaped like the live hosted service's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAppServices } from '../src/main/app-services.js';
import { startBrowserMode } from '../src/main/browser-mode.js';
import { parseFlags } from './lib/args.js';
import { startReferenceServer } from './lib/reference-server.js';

const flags = parseFlags(process.argv.slice(2), { 'gateway-port': 'string', 'service-port': 'string', secret: 'string', shapes: 'string' });
const shapes = flags.shapes ?? 'full';
if (shapes !== 'full' && shapes !== 'minimal') throw new Error(`--shapes must be full or minimal, not "${shapes}".`);
const dataDir = mkdtempSync(join(tmpdir(), 'triage-e2e-'));
const service = await startReferenceServer({ port: Number(flags['service-port'] ?? 4791), dataDir, demo: true, ...(shapes === 'minimal' ? { shapes } : {}) });
const services = await createAppServices({ keychainService: `triage-desk-e2e-${process.pid}` });
const gateway = await startBrowserMode({
  services,
  rendererDir: resolve(import.meta.dirname, '../out/renderer'),
  port: Number(flags['gateway-port'] ?? 4792),
  ...(flags.secret ? { secret: flags.secret } : {}),
});
console.log(`e2e stack: service ${service.baseUrl}${shapes === 'minimal' ? ' (minimal shapes)' : ''}, gateway ${gateway.url}`);

const stop = async () => {
  await gateway.close();
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
