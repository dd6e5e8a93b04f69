import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path, { join, resolve } from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { isWrite } from '../services/api-client.js';
import { CHANNEL_NAMES } from '#shared/bridge/channels.js';
import { EVENTS, type MenuCommand, type OpenItemEvent } from '#shared/bridge/events.js';
import type { EndpointName } from '#shared/api/index.js';
import { createAppServices } from '../app-services.js';
import { externalUrlOrNull } from '../bridge/external-url.js';
import { createBridgeHandlers, dispatchBridgeCall } from '../bridge/handlers.js';
import { createLogFile, type LogFile } from '../logging/log-file.js';
import { createKeychainStore } from '../services/credential-store.js';
import { toKeychainError } from '../services/keychain-errors.js';
import { APP_ID, DEEP_LINK_SCHEME, PRODUCT_NAME } from './app-identity.js';
import { appLocation, type AppLocation } from './app-location.js';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppFileServer } from './app-protocol.js';
import { readCodeSignature, type CodeSignature } from './code-signature.js';
import { deepLinkInArgv, parseDeepLink } from './deep-link.js';
import { createElectronExporter } from './exporter.js';
import { describeKeychainCheck } from './keychain-help.js';
import { buildMenuTemplate } from './menu.js';
import { openMainWindow } from './main-window.js';
import { createNotifier } from './notifications.js';
import { isTrustedSender, lockDownContents, lockDownSession } from './security.js';
import { reportSmokeResult, runSmokeTest, smokeRequest, type SmokePage } from './smoke-test.js';
import { loadWindowState, saveWindowState } from './window-state.js';
import { createWriteTracker, holdQuitForWrites } from './write-tracker.js';

/**
 * The desktop shell: one instance, one window, the security checklist, the page on app://,
 * the bridge over IPC, thread links, menus, notifications, the remembered window, the log,
 * and the smoke test the release run starts. src/main/index.ts only calls startShell;
 * tests/unit/electron runs it as each platform against a recording fake of Electron's API.
 */
export interface ShellOptions {
  /** The folder of the built main script (out/main): the preload and the page are beside it. */
  mainDir: string;
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
  /** The platform to behave as (process.platform in the app; each of the three in tests). */
  platform?: NodeJS.Platform;
  /** The window icon Linux shows in the dock and the window switcher (a PNG). */
  iconFile?: string;
  /** macOS: whether this build is signed (notifications need it); read with codesign by default. */
  codeSignature?: () => Promise<CodeSignature>;
  /** Where the smoke test's one line goes (stdout). */
  out?: (line: string) => void;
  /** How long quitting waits for writes in flight. */
  quitWaitMs?: number;
}

export interface Shell {
  location: AppLocation;
  log: LogFile;
  window(): BrowserWindow | null;
  /** Handles a triage-desk:// link as if the OS had opened it. */
  openLink(raw: string): void;
}

/** Development runs keep their own name and data, so they never share an installed copy's lock, links or settings. */
export const DEVELOPMENT_NAME = `${PRODUCT_NAME} Development`;
const REFUSED = {
  ok: false,
  error: { kind: 'bad_request', message: 'Refused: this call did not come from the Triage Desk window.' },
} as const;
/** A window that stops twice within this long is not reloaded a second time without asking. */
const CRASH_AGAIN_MS = 60_000;

export async function startShell(opts: ShellOptions): Promise<Shell | null> {
  let log: LogFile | null = null;
  try {
    return await boot(opts, (l) => (log = l));
  } catch (e) {
    reportStartupFailure(e, log);
    return null;
  }
}

/** A failure before the window exists: an error box and the log, never an invisible console line. */
function reportStartupFailure(e: unknown, log: LogFile | null): void {
  const reason = e instanceof Error ? e.message : String(e);
  log?.error('Triage Desk could not start', { reason });
  // Safe before `ready`: on Linux it then prints to stderr instead of showing a box.
  dialog.showErrorBox(
    'Triage Desk could not start',
    `${reason}${log ? `\n\nDetails are in the log: ${log.file}` : ''}`,
  );
  app.exit(1);
}

async function boot(opts: ShellOptions, setLog: (log: LogFile) => void): Promise<Shell | null> {
  const platform = opts.platform ?? process.platform;
  const packaged = app.isPackaged;
  const smoke = smokeRequest(opts.argv);

  if (smoke) {
    app.setPath('userData', mkdtempSync(join(app.getPath('temp'), 'triage-desk-smoke-')));
  } else if (!packaged) {
    app.setName(DEVELOPMENT_NAME);
    app.setPath('userData', resolve(opts.env['TRIAGE_USER_DATA'] || join(app.getPath('appData'), DEVELOPMENT_NAME)));
  }
  // Must precede `ready` (Electron throws after it).
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // Windows matches notifications to the Start menu entry the installer made with this ID.
  if (platform === 'win32') app.setAppUserModelId(packaged ? APP_ID : process.execPath);

  // A second launch (a thread link clicked while the app runs) hands its arguments to the
  // first instance through 'second-instance' and quits. The lock is per data folder.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  if (!smoke) registerProtocol(opts.argv, opts.env, packaged);

  const log = createLogFile({ dir: join(app.getPath('userData'), 'logs') });
  setLog(log);
  log.info('Triage Desk starting', {
    version: app.getVersion(),
    platform,
    arch: process.arch,
    packaged,
    smoke: smoke !== null,
  });

  const location = appLocation({
    rendererDir: join(opts.mainDir, '../renderer'),
    devServerUrl: opts.env['ELECTRON_RENDERER_URL'],
    packaged,
  });
  let mainWindow: BrowserWindow | null = null;
  let ready = false;

  // Thread links and menu commands wait for a page that listens: the first window's, or a
  // new one's (macOS keeps running with none). Taking the launch link says the page listens.
  let pageListens = false;
  let pendingLink: OpenItemEvent | null = null;
  const pendingCommands: MenuCommand[] = [];

  function ensureWindow(): BrowserWindow | null {
    if (!ready) return null; // the window is made at `ready`
    if (!mainWindow) mainWindow = createWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return mainWindow;
  }
  function openLink(raw: string): void {
    const parsed = parseDeepLink(raw);
    const event: OpenItemEvent = parsed.ok ? { itemId: parsed.itemId } : { problem: parsed.message };
    log.info('thread link opened', parsed.ok ? { itemId: parsed.itemId } : { problem: parsed.message });
    const win = ensureWindow();
    if (pageListens && win) win.webContents.send(EVENTS.openItem, event);
    else pendingLink = event;
  }
  function sendCommand(command: MenuCommand): void {
    const win = ensureWindow();
    if (pageListens && win) win.webContents.send(EVENTS.menuCommand, command);
    else pendingCommands.push(command);
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
    else ensureWindow();
  });
  app.on('web-contents-created', (_e, contents) =>
    lockDownContents(contents, { location, openExternal: (url) => void shell.openExternal(url) }),
  );
  app.on('window-all-closed', () => {
    // macOS apps stay in the Dock with no window; a link, a notification or the Dock brings one back.
    if (platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) ensureWindow();
  });

  const writes = createWriteTracker();
  holdQuitForWrites(app, writes, {
    timeoutMs: opts.quitWaitMs ?? 5_000,
    log: (message, pending) => log.info(message, { pending }),
  });

  await app.whenReady();
  protocol.handle(APP_SCHEME, createAppFileServer({ rootDir: location.rendererDir, path, readFile }));
  lockDownSession(session.defaultSession);
  // The version once: macOS shows "Version X (Y)" when given both a version and a build.
  app.setAboutPanelOptions({
    applicationName: PRODUCT_NAME,
    applicationVersion: app.getVersion(),
    copyright: 'Triage Desk contributors',
  });

  const keychainService = !packaged ? opts.env['TRIAGE_KEYCHAIN_SERVICE'] : undefined;
  const services = await createAppServices({
    ...(keychainService ? { keychainService } : {}),
    warn: (m) => log.warn(m),
  });
  const notifier = createNotifier({
    platform,
    Notification,
    codeSignature:
      opts.codeSignature ??
      (() => (platform === 'darwin' && packaged ? readCodeSignature(process.execPath) : Promise.resolve('unknown'))),
    openLink,
    log: (message, fields) => log.info(message, fields),
  });
  const handlers = createBridgeHandlers({
    connections: services.connections,
    openExternal: (url) => shell.openExternal(url),
    copyText: async (text) => clipboard.writeText(text),
    exporter: createElectronExporter(() => mainWindow),
    notify: notifier,
    takeOpenItem: () => {
      pageListens = true;
      const link = pendingLink;
      pendingLink = null;
      // Commands chosen while the window was being made reach the page once it listens.
      const commands = pendingCommands.splice(0);
      if (commands.length > 0)
        setImmediate(() => commands.forEach((c) => mainWindow?.webContents.send(EVENTS.menuCommand, c)));
      return link;
    },
  });
  for (const channel of CHANNEL_NAMES) {
    const write = channel.startsWith('api:') && isWrite(channel.slice(4) as EndpointName);
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, mainWindow, location)) {
        log.warn('bridge call refused: not from the Triage Desk window', { channel });
        return REFUSED;
      }
      const call = dispatchBridgeCall(handlers, channel, args);
      const result = await (write ? writes.track(call) : call);
      if (!result.ok) log.warn('bridge call failed', { channel, kind: result.error.kind, status: result.error.status });
      return result;
    });
  }
  services.connections.onNetworkState((state) => mainWindow?.webContents.send(EVENTS.networkState, state));
  services.connections.onSignedOut((event) => {
    log.warn('browser sign-in ended', { connectionId: event.connectionId });
    mainWindow?.webContents.send(EVENTS.signedOut, event);
  });
  // The sign-in page opens in the person's own browser (RFC 8252: never a window of ours); the
  // page also gets it, to offer it again should the browser not have come forward.
  services.connections.onSignInPage((url) => {
    const safe = externalUrlOrNull(url);
    if (!safe) return;
    log.info('sign-in page opened in the browser', { host: new URL(safe).host });
    void shell.openExternal(safe);
    mainWindow?.webContents.send(EVENTS.signInPage, safe);
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform,
        appName: PRODUCT_NAME,
        developer: !packaged,
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
    const check = describeKeychainCheck(platform, outcome);
    const options = {
      type: check.ok ? ('info' as const) : ('warning' as const),
      title: 'Keychain',
      message: check.title,
      detail: check.detail,
      buttons: ['OK'],
    };
    if (mainWindow) await dialog.showMessageBox(mainWindow, options);
    else await dialog.showMessageBox(options);
  }

  // `npm run demo` signs in for this run only (nothing written to the keychain). Never in an
  // installed app: whoever could set two variables would sign it in to any service.
  const demoBase = opts.env['TRIAGE_DEMO_BASE_URL'];
  const demoToken = opts.env['TRIAGE_DEMO_TOKEN'];
  if (!packaged && !smoke && demoBase && demoToken)
    await services.connections.addEphemeral({ baseUrl: demoBase, token: demoToken, label: 'Demo (this session only)' });

  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const windowState = await loadWindowState(stateFile, (m) => log.warn(m));
  const preload = join(opts.mainDir, '../preload/index.cjs');
  let lastCrashAt: number | null = null;

  function createWindow(): BrowserWindow {
    const win = openMainWindow({
      location,
      preload,
      state: windowState,
      workAreas: screen.getAllDisplays().map((d) => d.workArea),
      ...(platform === 'linux' && opts.iconFile ? { icon: opts.iconFile } : {}),
      onCloseState: (state) => {
        Object.assign(windowState, state);
        try {
          saveWindowState(stateFile, state);
        } catch (e) {
          log.warn('window position not saved', { reason: (e as Error).message });
        }
      },
    });
    // A reload starts a new page, which must take the link handshake again before events reach it.
    win.webContents.on('did-start-loading', () => {
      pageListens = false;
    });
    win.webContents.on('render-process-gone', (_e, details) => {
      log.error('window contents stopped', { reason: details.reason, exitCode: details.exitCode });
      if (details.reason === 'clean-exit' || win.isDestroyed()) return;
      void recoverFromCrash(win, details.reason);
    });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
      pageListens = false;
    });
    return win;
  }

  /** Reload once and say so; a second stop within a minute asks before reloading again. */
  async function recoverFromCrash(win: BrowserWindow, reason: string): Promise<void> {
    const now = Date.now();
    const again = lastCrashAt !== null && now - lastCrashAt < CRASH_AGAIN_MS;
    lastCrashAt = now;
    const detail = `It stopped unexpectedly (${reason}). Saved connections are kept; text you had typed and not sent may need typing again. Help → Open the Log Folder has the details.`;
    if (!again) {
      win.webContents.reload();
      log.warn('window reloaded after it stopped', { reason });
      await dialog.showMessageBox(win, {
        type: 'warning',
        title: PRODUCT_NAME,
        message: 'The Triage Desk window stopped and was reloaded.',
        detail,
        buttons: ['OK'],
      });
      return;
    }
    const choice = await dialog.showMessageBox(win, {
      type: 'error',
      title: PRODUCT_NAME,
      message: 'The Triage Desk window stopped again.',
      detail,
      buttons: ['Reload', 'Quit'],
      defaultId: 0,
      cancelId: 1,
    });
    if (choice.response === 0 && !win.isDestroyed()) win.webContents.reload();
    else app.quit();
  }

  mainWindow = createWindow();
  ready = true;

  if (smoke) {
    const win = mainWindow;
    const page: SmokePage = {
      loaded: () =>
        new Promise<void>((done, fail) => {
          win.webContents.once('did-finish-load', () => done());
          win.webContents.once('did-fail-load', (_e, code, description) => fail(new Error(`${description} (${code})`)));
        }),
      evaluate: (code) => win.webContents.executeJavaScript(code),
    };
    void runSmokeTest({
      page,
      keychainRoundTrip: async () => {
        const store = createKeychainStore({ service: `triage-desk-smoke-${process.pid}`, warn: (m) => log.warn(m) });
        const saved = await store.add({
          baseUrl: 'https://smoke.invalid',
          token: 'smoke-test-token',
          label: 'Smoke test',
          userName: null,
          addedAt: Date.now(),
        });
        const read = await store.get(saved.id);
        if (read?.token !== 'smoke-test-token') throw new Error('the entry read back differs from the one saved');
        if (!(await store.remove(saved.id))) throw new Error('the entry could not be deleted');
      },
    }).then((result) => {
      log.info(result.ok ? 'smoke test passed' : 'smoke test failed', {
        steps: result.steps.length,
        ...(result.reason ? { reason: result.reason } : {}),
      });
      reportSmokeResult(result, smoke, opts.out ?? ((line) => process.stdout.write(`${line}\n`)));
      app.exit(result.ok ? 0 : 1);
    });
  }
  return { location, log, window: () => mainWindow, openLink };
}

/**
 * Registers triage-desk:// with the OS for this program. Installers register it too (the
 * .desktop file, Info.plist, the NSIS registry keys). A development run registers only when
 * asked (TRIAGE_REGISTER_PROTOCOL=1): it would otherwise take links from the installed app.
 */
function registerProtocol(argv: readonly string[], env: NodeJS.ProcessEnv, packaged: boolean): void {
  if (packaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  else if (env['TRIAGE_REGISTER_PROTOCOL'] === '1' && process.defaultApp && argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(argv[1])]);
  }
}
