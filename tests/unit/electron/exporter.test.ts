import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronExporter } from '../../../src/main/electron/exporter.js';
import { electron, FakeBrowserWindow, resetElectron } from './support/fake-electron.js';

vi.mock('electron', async () => (await import('./support/fake-electron.js')).electronModule);

let dir: string;
let win: FakeBrowserWindow;
beforeEach(async () => {
  // Exports happen from a window, and windows exist only once the app is ready.
  await resetElectron().app.whenReady();
  dir = mkdtempSync(join(tmpdir(), 'triage-export-'));
  win = new FakeBrowserWindow({});
});
const exporter = () => createElectronExporter(() => win as never);

describe('spreadsheet (CSV) export', () => {
  it('asks where to save with a CSV filter, then writes the text as given (BOM and CRLF kept)', async () => {
    const target = join(dir, 'triage-desk-checkout-app-2026-11-26.csv');
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const content = '\ufeffID,Link,Status\r\nitm_1,triage-desk://item/itm_1,Open\r\n';
    expect(await exporter().csv({ suggestedName: 'triage-desk-checkout-app-2026-11-26.csv', content })).toEqual({
      saved: true,
      path: target,
    });
    expect(readFileSync(target, 'utf8')).toBe(content);
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(win, {
      defaultPath: 'triage-desk-checkout-app-2026-11-26.csv',
      filters: [{ name: 'Spreadsheet (CSV)', extensions: ['csv'] }],
    });
  });
});

describe('Markdown export', () => {
  it('asks where to save with the suggested name and a Markdown filter, then writes the file', async () => {
    const target = join(dir, 'Review 2026-11.md');
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const r = await exporter().markdown({ suggestedName: 'Review 2026-11.md', content: '# Review\n\nÜnïcode ✓\n' });
    expect(r).toEqual({ saved: true, path: target });
    expect(readFileSync(target, 'utf8')).toBe('# Review\n\nÜnïcode ✓\n');
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(win, {
      defaultPath: 'Review 2026-11.md',
      filters: [{ name: 'Markdown', extensions: ['md'] }],
    });
  });

  it('writes nothing when the person cancels', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    expect(await exporter().markdown({ suggestedName: 'a.md', content: 'x' })).toEqual({ saved: false, path: null });
  });

  it('a failed write rejects (the bridge turns it into an error sentence)', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({
      canceled: false,
      filePath: join(dir, 'missing-folder', 'a.md'),
    });
    await expect(exporter().markdown({ suggestedName: 'a.md', content: 'x' })).rejects.toThrow(/ENOENT/);
  });

  it('uses an app-modal dialog when there is no window', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: true });
    await createElectronExporter(() => null).markdown({ suggestedName: 'a.md', content: 'x' });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith({
      defaultPath: 'a.md',
      filters: [{ name: 'Markdown', extensions: ['md'] }],
    });
  });
});

describe('PDF export', () => {
  it('prints the window to A4 with backgrounds and writes the bytes', async () => {
    const target = join(dir, 'review.pdf');
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const r = await exporter().pdf({ suggestedName: 'review.pdf' });
    expect(r).toEqual({ saved: true, path: target });
    expect(win.webContents.printToPDF).toHaveBeenCalledWith({ printBackground: true, pageSize: 'A4' });
    expect(readFileSync(target, 'latin1')).toMatch(/^%PDF-/);
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(win, {
      defaultPath: 'review.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
  });

  it('does not print when the person cancels', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: undefined });
    expect(await exporter().pdf({ suggestedName: 'review.pdf' })).toEqual({ saved: false, path: null });
    expect(win.webContents.printToPDF).not.toHaveBeenCalled();
    expect(existsSync(join(dir, 'review.pdf'))).toBe(false);
  });

  it('refuses without a window to print', async () => {
    await expect(createElectronExporter(() => null).pdf({ suggestedName: 'r.pdf' })).rejects.toThrow(/no window/);
  });
});
