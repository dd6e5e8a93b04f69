/**
 * Electron wiring only: windows, the security checklist and IPC registration. Everything
 * with logic lives in plain Node modules (services, bridge) that the tests exercise.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, session, shell, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CHANNEL_NAMES } from '../shared/bridge/channels.js';
import { EVENTS } from '../shared/bridge/events.js';
import { createAppServices } from './app-services.js';
import { createBridgeHandlers, dispatchBridgeCall } from './bridge/handlers.js';
import { externalUrlOrNull } from './bridge/external-url.js';
import { createElectronExporter } from './electron/exporter.js';
import { RENDERER_CSP } from './gateway/gateway.js';

const here = dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const rendererFile = join(here, '../renderer/index.html');
const preloadFile = join(here, '../preload/index.cjs');

let mainWindow: BrowserWindow | null = null;

/** Only our own top-level page, loaded from our own files (or the dev server), may call the bridge. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  if (!mainWindow || event.sender !== mainWindow.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  try {
    const url = new URL(frame.url);
    if (devServerUrl) return url.origin === new URL(devServerUrl).origin;
    return url.protocol === 'file:' && fileURLToPath(url) === rendererFile;
  } catch {
    return false;
  }
}

function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    if (devServerUrl) return url.origin === new URL(devServerUrl).origin;
    return url.protocol === 'file:' && fileURLToPath(url) === rendererFile;
  } catch {
    return false;
  }
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const safe = externalUrlOrNull(url);
    if (safe) void shell.openExternal(safe);
    return { action: 'deny' };
  });
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Triage Desk',
    show: false,
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (devServerUrl) void win.loadURL(devServerUrl);
  else void win.loadFile(rendererFile);
  return win;
}

async function main(): Promise<void> {
  app.on('web-contents-created', (_e, contents) => lockDown(contents));
  await app.whenReady();

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (isAppUrl(details.url)) headers['Content-Security-Policy'] = [RENDERER_CSP];
    callback({ responseHeaders: headers });
  });

  const services = await createAppServices();
  const handlers = createBridgeHandlers({
    connections: services.connections,
    openExternal: (url) => shell.openExternal(url),
    exporter: createElectronExporter(() => mainWindow),
  });
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event)) return { ok: false, error: { kind: 'bad_request', message: 'Refused: this call did not come from the Triage Desk window.' } };
      return dispatchBridgeCall(handlers, channel, args);
    });
  }
  services.connections.onNetworkState((state) => mainWindow?.webContents.send(EVENTS.networkState, state));

  // `npm run demo` signs in for this run only (nothing written to the keychain).
  const demoBase = process.env['TRIAGE_DEMO_BASE_URL'];
  const demoToken = process.env['TRIAGE_DEMO_TOKEN'];
  if (demoBase && demoToken) await services.connections.addEphemeral({ baseUrl: demoBase, token: demoToken, label: 'Demo (this session only)' });

  mainWindow = createWindow();
  mainWindow.on('closed', () => (mainWindow = null));
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

main().catch((err: unknown) => {
  console.error('Triage Desk could not start:', err);
  app.exit(1);
});
