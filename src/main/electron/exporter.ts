import { writeFile } from 'node:fs/promises';
import { dialog, type BrowserWindow } from 'electron';
import type { ExportCsvArgs, ExportMarkdownArgs, ExportPdfArgs, ExportResult } from '#shared/bridge/channels.js';

/**
 * Saves report exports where the person chooses. The PDF is the window itself printed
 * with the renderer's print stylesheet, so it matches what is on screen.
 */
export function createElectronExporter(getWindow: () => BrowserWindow | null) {
  async function ask(suggestedName: string, filter: { name: string; extensions: string[] }): Promise<string | null> {
    const win = getWindow();
    const options = { defaultPath: suggestedName, filters: [filter] };
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return r.canceled || !r.filePath ? null : r.filePath;
  }
  async function saveText(
    suggestedName: string,
    content: string,
    filter: { name: string; extensions: string[] },
  ): Promise<ExportResult> {
    const path = await ask(suggestedName, filter);
    if (!path) return { saved: false, path: null };
    await writeFile(path, content, 'utf8');
    return { saved: true, path };
  }
  return {
    markdown: ({ suggestedName, content }: ExportMarkdownArgs) =>
      saveText(suggestedName, content, { name: 'Markdown', extensions: ['md'] }),
    csv: ({ suggestedName, content }: ExportCsvArgs) =>
      saveText(suggestedName, content, { name: 'Spreadsheet (CSV)', extensions: ['csv'] }),
    async pdf({ suggestedName }: ExportPdfArgs): Promise<ExportResult> {
      const win = getWindow();
      if (!win) throw new Error('no window to print');
      const path = await ask(suggestedName, { name: 'PDF', extensions: ['pdf'] });
      if (!path) return { saved: false, path: null };
      const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
      await writeFile(path, pdf);
      return { saved: true, path };
    },
  };
}
