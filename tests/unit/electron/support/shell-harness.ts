import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startShell, type Shell, type ShellOptions } from '../../../../src/main/electron/shell.js';
import type { CodeSignature } from '../../../../src/main/electron/code-signature.js';
import { electron, fakeEvent, resetElectron, type FakeBrowserWindow, type FakeElectron } from './fake-electron.js';

/**
 * Starts the real shell against the recording fake, as one of the three platforms. Every
 * path comes from one folder made here (resolve + join), so the same suite holds on a Linux,
 * macOS or Windows machine: nothing assumes POSIX separators or a drive letter.
 */
export const PLATFORMS = ['linux', 'darwin', 'win32'] as const satisfies readonly NodeJS.Platform[];
export type Platform = (typeof PLATFORMS)[number];

/** resources/app.asar/out as electron-builder lays it out, with a page and a script to serve. */
function installedApp(): { mainDir: string; rendererDir: string; executable: string } {
  const root = resolve(mkdtempSync(join(tmpdir(), 'triage-installed-')));
  const out = join(root, 'resources', 'app.asar', 'out');
  const rendererDir = join(out, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  mkdirSync(join(out, 'main'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>Triage Desk</title><div id="root"></div><script type="module" src="./assets/index.js"></script>',
  );
  writeFileSync(join(rendererDir, 'assets', 'index.js'), 'export const page = "Triage Desk";\n');
  writeFileSync(join(root, 'outside.txt'), 'not part of the page');
  return { mainDir: join(out, 'main'), rendererDir, executable: join(root, 'triage-desk') };
}

export interface Started {
  electron: FakeElectron;
  shell: Shell;
  window: FakeBrowserWindow;
  platform: Platform;
  mainDir: string;
  rendererDir: string;
  /** The URL our page has in the window. */
  pageUrl: string;
  /** Calls a bridge channel the way ipcRenderer.invoke from our page would reach ipcMain. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  invokeAs(sender: { sender: unknown; senderFrame: unknown }, channel: string, ...args: unknown[]): Promise<unknown>;
  trustedEvent(): { sender: unknown; senderFrame: { url: string; parent: null } };
}

export interface StartOptions {
  platform?: Platform;
  packaged?: boolean;
  env?: NodeJS.ProcessEnv;
  argv?: string[];
  before?: (e: FakeElectron) => void;
  codeSignature?: CodeSignature;
  out?: (line: string) => void;
  quitWaitMs?: number;
  iconFile?: string;
}

export async function startTestShell(opts: StartOptions = {}): Promise<Started> {
  const e = resetElectron();
  const platform = opts.platform ?? 'linux';
  e.app.isPackaged = opts.packaged ?? false;
  opts.before?.(e);
  const app = installedApp();
  const shellOptions: ShellOptions = {
    platform,
    mainDir: app.mainDir,
    env: { TRIAGE_KEYCHAIN_SERVICE: `triage-desk-shell-test-${process.pid}`, ...opts.env },
    argv: opts.argv ?? [app.executable],
    codeSignature: async () => opts.codeSignature ?? 'signed',
    ...(opts.out ? { out: opts.out } : {}),
    ...(opts.quitWaitMs !== undefined ? { quitWaitMs: opts.quitWaitMs } : {}),
    ...(opts.iconFile ? { iconFile: opts.iconFile } : {}),
  };
  const shell = await startShell(shellOptions);
  if (!shell) throw new Error(`the shell did not start: ${JSON.stringify(e.dialog.showErrorBox.mock.calls)}`);
  const window = e.BrowserWindow.instances[0]!;
  const pageUrl = `${shell.location.entryUrl}#/projects`;
  const trustedEvent = () => ({ sender: window.webContents, senderFrame: { url: pageUrl, parent: null } });
  const invokeAs = async (event: { sender: unknown; senderFrame: unknown }, channel: string, ...args: unknown[]) => {
    const handler = electron.ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ ...fakeEvent(), ...event }, ...args);
  };
  return {
    electron: e,
    shell,
    window,
    platform,
    mainDir: app.mainDir,
    rendererDir: app.rendererDir,
    pageUrl,
    trustedEvent,
    invokeAs,
    invoke: (channel, ...args) => invokeAs(trustedEvent(), channel, ...args),
  };
}
