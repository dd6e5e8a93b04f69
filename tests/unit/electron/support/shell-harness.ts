import { pathToFileURL } from 'node:url';
import { startShell, type Shell } from '../../../../src/main/electron/shell.js';
import { electron, fakeEvent, resetElectron, type FakeBrowserWindow, type FakeElectron } from './fake-electron.js';

export const MAIN_DIR = '/opt/triage-desk/resources/app.asar/out/main';
export const RENDERER_FILE = '/opt/triage-desk/resources/app.asar/out/renderer/index.html';
export const RENDERER_URL = pathToFileURL(RENDERER_FILE).href;

export interface Started {
  electron: FakeElectron;
  shell: Shell;
  window: FakeBrowserWindow;
  /** Calls a bridge channel the way ipcRenderer.invoke from our page would reach ipcMain. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  invokeAs(sender: { sender: unknown; senderFrame: unknown }, channel: string, ...args: unknown[]): Promise<unknown>;
  trustedEvent(): { sender: unknown; senderFrame: { url: string; parent: null } };
}

export async function startTestShell(opts: { packaged?: boolean; env?: NodeJS.ProcessEnv; argv?: string[]; before?: (e: FakeElectron) => void } = {}): Promise<Started> {
  const e = resetElectron();
  e.app.isPackaged = opts.packaged ?? false;
  opts.before?.(e);
  const shell = await startShell({
    mainDir: MAIN_DIR,
    env: { TRIAGE_KEYCHAIN_SERVICE: `triage-desk-shell-test-${process.pid}`, ...opts.env },
    argv: opts.argv ?? ['/opt/triage-desk/triage-desk'],
  });
  if (!shell) throw new Error('the shell did not start');
  const window = e.BrowserWindow.instances[0]!;
  const trustedEvent = () => ({ sender: window.webContents, senderFrame: { url: shell.location.devServerUrl ?? RENDERER_URL, parent: null } });
  const invokeAs = async (event: { sender: unknown; senderFrame: unknown }, channel: string, ...args: unknown[]) => {
    const handler = electron.ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ ...fakeEvent(), ...event }, ...args);
  };
  return { electron: e, shell, window, trustedEvent, invokeAs, invoke: (channel, ...args) => invokeAs(trustedEvent(), channel, ...args) };
}
