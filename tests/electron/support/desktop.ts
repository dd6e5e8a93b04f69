import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import { startReferenceServer, type RunningServer } from '../../../scripts/lib/reference-server.js';
import { MAIN_SCRIPT, type ElectronBinary } from './electron-binary.js';

/** One person's desktop: the app's data folder and keychain entries, kept across launches. */
export interface Desktop {
  service: RunningServer;
  userData: string;
  keychainService: string;
  launch(extraArgs?: string[]): Promise<{ app: ElectronApplication; page: Page }>;
  dispose(): Promise<void>;
}

export async function startDesktop(binary: Extract<ElectronBinary, { ok: true }>): Promise<Desktop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'triage-electron-service-'));
  const service = await startReferenceServer({ port: 0, dataDir, demo: true });
  const userData = mkdtempSync(join(tmpdir(), 'triage-electron-userdata-'));
  const keychainService = `triage-desk-electron-test-${process.pid}`;
  return {
    service,
    userData,
    keychainService,
    async launch(extraArgs = []) {
      const app = await _electron.launch({
        executablePath: binary.path,
        // Hosted Linux runners forbid the unprivileged user namespaces Chromium's sandbox needs.
        args: [
          ...(process.platform === 'linux' && process.env['CI'] ? ['--no-sandbox'] : []),
          MAIN_SCRIPT,
          ...extraArgs,
        ],
        env: { ...process.env, TRIAGE_USER_DATA: userData, TRIAGE_KEYCHAIN_SERVICE: keychainService } as Record<
          string,
          string
        >,
        timeout: 60_000,
      });
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      return { app, page };
    },
    async dispose() {
      await service.stop();
      // The test's keychain entries go with it (the real keychain, under its own service name).
      const { findCredentialsAsync, AsyncEntry } = await import('@napi-rs/keyring');
      for (const c of await findCredentialsAsync(keychainService).catch(() => []))
        await new AsyncEntry(keychainService, c.account).deleteCredential();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/** Answers the next native save dialog with this path, in the main process (the dialog itself cannot be clicked). */
export async function answerSaveDialog(app: ElectronApplication, filePath: string): Promise<void> {
  await app.evaluate(({ dialog }, path) => {
    const original = dialog.showSaveDialog;
    dialog.showSaveDialog = (async () => {
      dialog.showSaveDialog = original;
      return { canceled: false, filePath: path };
    }) as typeof dialog.showSaveDialog;
  }, filePath);
}

export async function columnCount(page: Page, status: string): Promise<number> {
  const text = (await page.getByTestId(`column-count-${status}`).textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

export async function windowBounds(app: ElectronApplication) {
  return app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!;
    return { ...w.getNormalBounds(), maximized: w.isMaximized() };
  });
}

export async function expectConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('project-list')).toBeVisible();
}
