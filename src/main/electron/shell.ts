import { join, resolve } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, Notification, screen, session, shell } from 'electron';
import { CHANNEL_NAMES } from '../../shared/bridge/channels.js';
import { EVENTS, type MenuCommand, type OpenItemEvent } from '../../shared/bridge/events.js';
import { createAppServices } from '../app-services.js';
import { createBridgeHandlers, dispatchBridgeCall } from '../bridge/handlers.js';
import { createLogFile, type LogFile } from '../logging/log-file.js';
import { toKeychainError } from '../services/keychain-errors.js';
import { appLocation, type AppLocation } from './app-location.js';
import { DEEP_LINK_SCHEME, deepLinkInArgv, itemLink, parseDeepLink } from './deep-link.js';
import { createElectronExporter } from './exporter.js';
import { describeKeychainCheck } from './keychain-help.js';
import { buildMenuTemplate } from './menu.js';
import { openMainWindow } from './main-window.js';
import { isTrustedSender, lockDownContents, lockDownSession } from './security.js';
import { loadWindowState, saveWindowState } from './window-state.js';

/**
 * The desktop shell: one instance, one window, the security checklist, the bridge over IPC,
 * thread links, menus, the remembered window and the log. src/main/index.ts only calls
 * startShell; tests/unit/electron runs it against a recording fake of Electron's API.
 */
export interface ShellOptions {
  /** The folder of the built main script (out/main): the preload and the page are beside it. */
  mainDir: string;
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
}

export interface Shell {
  location: AppLocation;
  log: LogFile;
  window(): BrowserWindow | null;
  /** Handles a triage-desk:// link as if the OS had opened it. */
  openLink(raw: string): void;
}

const REFUSED = { ok: false, error: { kind: 'bad_request', message: 'Refused: this call did not come from the Triage Desk window.' } } as const;

export async function startShell(opts: ShellOptions): Promise<Shell | null> {
  // Unpackaged runs (tests, development) may keep their data apart from an installed copy's.
  const dataDir = !app.isPackaged ? opts.env['TRIAGE_USER_DATA'] : undefined;
  if (dataDir) app.setPath('userData', resolve(dataDir));

  // A second launch (a thread link clicked while the app runs) hands its arguments to the
  // first instance through 'second-instance' and quits.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  registerProtocol(opts.argv);

  const log = createLogFile({ dir: join(app.getPath('userData'), 'logs') });
  log.info('Triage Desk starting', { version: app.getVersion(), platform: process.platform, arch: process.arch, packaged: app.isPackaged });

  const location = appLocation({
    rendererFile: join(opts.mainDir, '../renderer/index.html'),
    devServerUrl: opts.env['ELECTRON_RENDERER_URL'],
    packaged: app.isPackaged,
  });
  let mainWindow: BrowserWindow | null = null;

  // Thread links: queued until the page has asked for them once (it then listens for more).
  let pageListens = false;
  let pendingLink: OpenItemEvent | null = null;
  function openLink(raw: string): void {
    const parsed = parseDeepLink(raw);
    const event: OpenItemEvent = parsed.ok ? { itemId: parsed.itemId } : { problem: parsed.message };
    log.info('thread link opened', parsed.ok ? { itemId: parsed.itemId } : { problem: parsed.message });
    focusWindow();
    if (pageListens && mainWindow) mainWindow.webContents.send(EVENTS.openItem, event);
    else pendingLink = event;
  }
  function focusWindow(): void {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  }
  const launchLink = deepLinkInArgv(opts.argv);
  if (launchLink) openLink(launchLink);

  // macOS delivers links as an event, also before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgv(argv);
    if (link) openLink(link);
    else focusWindow();
  });
  app.on('web-contents-created', (_e, contents) => lockDownContents(contents, { location, openExternal: (url) => void shell.openExternal(url) }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  await app.whenReady();
  lockDownSession(session.defaultSession, location);
  app.setAboutPanelOptions({ applicationName: 'Triage Desk', applicationVersion: app.getVersion(), version: app.getVersion(), copyright: 'Triage Desk contributors' });

  const keychainService = !app.isPackaged ? opts.env['TRIAGE_KEYCHAIN_SERVICE'] : undefined;
  const shown = new Set<Notification>();
  const services = await createAppServices({ ...(keychainService ? { keychainService } : {}), warn: (m) => log.warn(m) });
  const handlers = createBridgeHandlers({
    connections: services.connections,
    openExternal: (url) => shell.openExternal(url),
    copyText: async (text) => clipboard.writeText(text),
    exporter: createElectronExporter(() => mainWindow),
    notify: async ({ itemId, title, body }) => {
      if (!Notification.isSupported()) return { shown: false };
      const n = new Notification({ title, body });
      // Held until clicked or closed: a collected notification loses its click handler.
      shown.add(n);
      n.on('click', () => {
        shown.delete(n);
        openLink(itemLink(itemId));
      });
      n.on('close', () => shown.delete(n));
      n.show();
      log.info('notification shown', { itemId });
      return { shown: true };
    },
    takeOpenItem: () => {
      pageListens = true;
      const link = pendingLink;
      pendingLink = null;
      return link;
    },
  });
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, mainWindow, location)) {
        log.warn('bridge call refused: not from the Triage Desk window', { channel });
        return REFUSED;
      }
      const result = await dispatchBridgeCall(handlers, channel, args);
      if (!result.ok) log.warn('bridge call failed', { channel, kind: result.error.kind, status: result.error.status });
      return result;
    });
  }
  services.connections.onNetworkState((state) => mainWindow?.webContents.send(EVENTS.networkState, state));

  const sendCommand = (command: MenuCommand) => {
    focusWindow();
    mainWindow?.webContents.send(EVENTS.menuCommand, command);
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: 'Triage Desk',
        developer: !app.isPackaged,
        actions: {
          send: sendCommand,
          checkKeychain: () => void checkKeychain(),
          openLogFolder: () => void shell.openPath(log.dir),
        },
      }),
    ),
  );

  async function checkKeychain(): Promise<void> {
    let outcome: Parameters<typeof describeKeychainCheck>[1];
    try {
      outcome = { ok: true, saved: (await services.keychain.list()).length };
    } catch (e) {
      outcome = { ok: false, message: toKeychainError(e).message };
    }
    log.info('keychain checked', { ok: outcome.ok });
    const check = describeKeychainCheck(process.platform, outcome);
    const options = { type: check.ok ? ('info' as const) : ('warning' as const), title: 'Keychain', message: check.title, detail: check.detail, buttons: ['OK'] };
    if (mainWindow) await dialog.showMessageBox(mainWindow, options);
    else await dialog.showMessageBox(options);
  }

  // `npm run demo` signs in for this run only (nothing written to the keychain).
  const demoBase = opts.env['TRIAGE_DEMO_BASE_URL'];
  const demoToken = opts.env['TRIAGE_DEMO_TOKEN'];
  if (demoBase && demoToken) await services.connections.addEphemeral({ baseUrl: demoBase, token: demoToken, label: 'Demo (this session only)' });

  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const windowState = await loadWindowState(stateFile, (m) => log.warn(m));
  const preload = join(opts.mainDir, '../preload/index.cjs');
  function createWindow(): BrowserWindow {
    const win = openMainWindow({
      location,
      preload,
      state: windowState,
      workAreas: screen.getAllDisplays().map((d) => d.workArea),
      onCloseState: (state) => {
        Object.assign(windowState, state);
        try {
          saveWindowState(stateFile, state);
        } catch (e) {
          log.warn('window position not saved', { reason: (e as Error).message });
        }
      },
    });
    win.webContents.on('render-process-gone', (_e, details) => log.error('window contents stopped', { reason: details.reason, exitCode: details.exitCode }));
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
      pageListens = false;
    });
    return win;
  }
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
  return { location, log, window: () => mainWindow, openLink };
}

/**
 * Registers triage-desk:// with the OS for this program. Installers register it too (the
 * .desktop file, Info.plist, the NSIS registry keys); this covers development runs, where
 * Electron must be told the script to start.
 */
function registerProtocol(argv: readonly string[]): void {
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  else if (process.defaultApp && argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(argv[1])]);
}
