import { defineConfig } from '@playwright/test';

/**
 * The desktop suite: Playwright drives the built Electron app (`_electron.launch`) against
 * the reference service. It needs the Electron binary and a display; where either is missing
 * (as on machines that cannot download Electron) every test reports itself skipped and the
 * reason is printed on one line. The release workflow runs it on Linux (xvfb), macOS and Windows.
 */
export default defineConfig({
  testDir: 'tests/electron',
  globalSetup: './tests/electron/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '.reports/playwright-electron.json' }]],
  use: { trace: 'retain-on-failure' },
});
