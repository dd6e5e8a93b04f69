import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium against the browser-mode gateway, which runs
 * the real main-process services (keychain, API client) in front of the real reference
 * service on demo data. Never `playwright install`: the browser comes from apt.
 */
const GATEWAY_PORT = Number(process.env['E2E_GATEWAY_PORT'] ?? 4792);
const SERVICE_PORT = Number(process.env['E2E_SERVICE_PORT'] ?? 4791);
export const E2E_SECRET = process.env['E2E_SECRET'] ?? 'e2e-secret-not-for-production';
/** The stack's control endpoint (scripts/e2e-stack.ts): one-time launch links and the fault service. */
const CONTROL_PORT = Number(process.env['E2E_CONTROL_PORT'] ?? GATEWAY_PORT + 11);
export const E2E_CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
/** The fault service's port (a second reference service the fault specs start, kill and restart). */
export const E2E_FAULT_PORT = Number(process.env['E2E_FAULT_PORT'] ?? SERVICE_PORT + 9);

export default defineConfig({
  testDir: 'tests/e2e',
  // One shared service and keychain: tests run in order so their writes don't race.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${GATEWAY_PORT}`,
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `scripts/with-keyring.sh node --import tsx scripts/e2e-stack.ts --gateway-port ${GATEWAY_PORT} --service-port ${SERVICE_PORT} --secret ${E2E_SECRET} --control-port ${CONTROL_PORT} --fault-port ${E2E_FAULT_PORT}`,
    url: `http://127.0.0.1:${GATEWAY_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
