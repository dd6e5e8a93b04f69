import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * A recording stand-in for the parts of Electron's main-process API the shell uses. It
 * follows Electron 45's documented behaviour wherever the shell could get it wrong:
 * - `ready` comes after the main script's first turn (whenReady never resolves at once);
 *   windows, `screen`, `session.defaultSession` and `protocol.handle` throw before it, and
 *   `protocol.registerSchemesAsPrivileged` throws after it;
 * - closing the last window emits `window-all-closed`, and with no listener the app quits;
 *   `activate` (macOS) is emitted by the test with the window count it reports;
 * - `app.quit()` emits a preventable `before-quit`;
 * - `webRequest.onHeadersReceived` fires for http(s) responses only, never for file:// or a
 *   custom protocol (Electron's docs);
 * - Notification emits `show` or `failed` after `show()`, and on Windows a toast closes
 *   itself on timeout (`close`), after which only `Notification.handleActivation` hears a
 *   click in the Action Center;
 * - ipcMain.handle refuses a second handler for a channel; a window-open handler returns
 *   { action }; permission handlers answer through a callback.
 * The platform is the one the harness runs the shell as, not the machine's.
 */
type Listener = (...args: never[]) => unknown;

export class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, fn: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  once(event: string, fn: Listener): this {
    const wrapped = ((...args: never[]) => {
      this.removeListener(event, wrapped);
      return fn(...args);
    }) as Listener;
    return this.on(event, wrapped);
  }
  removeListener(event: string, fn: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== fn),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => unknown)(...args);
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

/** An event object like Electron's: preventDefault() is recorded. */
export function fakeEvent(): { preventDefault(): void; defaultPrevented: boolean } {
  const e = {
    defaultPrevented: false,
    preventDefault() {
      e.defaultPrevented = true;
    },
  };
  return e;
}

function requireReady(what: string): void {
  if (!electron.app.isReady()) throw new Error(`${what} cannot be used before the app is ready`);
}

let nextId = 1;

export class FakeWebContents extends Emitter {
  readonly id = nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  reloads = 0;
  /** What executeJavaScript answers; the smoke test's page checks go through it. */
  evaluate: (code: string) => unknown = () => undefined;
  readonly printToPDF = vi.fn(async (_options: unknown) => Buffer.from('%PDF-1.7 fake printed page\n%%EOF\n'));
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  reload(): void {
    this.reloads += 1;
    this.emit('did-start-loading');
  }
  async executeJavaScript(code: string): Promise<unknown> {
    return this.evaluate(code);
  }
  /** The page finished loading (Electron emits it after the load promise settles). */
  finishLoad(): void {
    this.emit('did-finish-load');
  }
}

export class FakeBrowserWindow extends Emitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed);
  }
  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } = {};
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  fullScreen = false;
  destroyed = false;
  bounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    requireReady('BrowserWindow');
    const o = options as { x?: number; y?: number; width?: number; height?: number };
    this.bounds = { x: o.x ?? 0, y: o.y ?? 0, width: o.width ?? 800, height: o.height ?? 600 };
    FakeBrowserWindow.instances.push(this);
    // Electron announces every new web contents on the app.
    electron.app.emit('web-contents-created', {}, this.webContents);
  }
  async loadFile(file: string): Promise<void> {
    this.loaded = { file };
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = { url };
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  setFullScreen(on: boolean): void {
    this.fullScreen = on;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  /** What closing the window does: 'close', then 'closed', then the app's window-all-closed. */
  close(): void {
    this.emit('close', fakeEvent());
    this.destroyed = true;
    this.emit('closed');
    if (FakeBrowserWindow.getAllWindows().length === 0) {
      // Electron: with no window-all-closed listener the app quits; with one, it is the listener's call.
      if (electron.app.listenerCount('window-all-closed') === 0) electron.app.quit();
      else electron.app.emit('window-all-closed');
    }
  }
}

/**
 * Electron's main-process Notification. After show() it reports `show`, or `failed` with
 * the system's words (the test sets `nextFailure`). On Windows a toast that times out is
 * closed (`close`); it stays in the Action Center, where a later click reaches only the
 * callback given to handleActivation, with the toast's launch arguments.
 */
export class FakeNotification extends Emitter {
  static supported = true;
  static instances: FakeNotification[] = [];
  static nextFailure: string | null = null;
  static activationHandler: ((details: { type: string; arguments: string }) => void) | null = null;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  static handleActivation(callback: (details: { type: string; arguments: string }) => void): void {
    FakeNotification.activationHandler = callback;
  }
  shown = false;
  closed = false;
  constructor(readonly options: { title?: string; body?: string; toastXml?: string; id?: string }) {
    super();
    FakeNotification.instances.push(this);
  }
  show(): void {
    const failure = FakeNotification.nextFailure;
    FakeNotification.nextFailure = null;
    queueMicrotask(() => {
      if (failure !== null) this.emit('failed', fakeEvent(), failure);
      else {
        this.shown = true;
        this.emit('show', fakeEvent());
      }
    });
  }
  /** Windows: the toast timed out into the Action Center; its JS object is let go. */
  timeOut(): void {
    this.closed = true;
    this.emit('close', fakeEvent());
  }
  /** A click on the toast: the object's 'click' while it is held, and the activation callback on Windows. */
  click(platform: NodeJS.Platform): void {
    if (!this.closed) this.emit('click', fakeEvent());
    if (platform === 'win32') {
      const launch = /launch="([^"]*)"/.exec(this.options.toastXml ?? '')?.[1] ?? '';
      FakeNotification.activationHandler?.({ type: 'click', arguments: launch.replace(/&amp;/g, '&') });
    }
  }
}

function fakeApp(userData: string, appData: string) {
  const paths = new Map<string, string>([
    ['userData', userData],
    ['appData', appData],
    ['temp', tmpdir()],
  ]);
  let ready = false;
  let readyPromise: Promise<void> | null = null;
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    name: 'Triage Desk',
    isReady: () => ready,
    /** Resolves after the current turn, as Electron's does, and emits 'ready' first. */
    whenReady: vi.fn(() => {
      readyPromise ??= new Promise<void>((resolve) =>
        setImmediate(() => {
          ready = true;
          app.emit('ready');
          resolve();
        }),
      );
      return readyPromise;
    }),
    requestSingleInstanceLock: vi.fn(() => true),
    setAsDefaultProtocolClient: vi.fn((_scheme: string, _path?: string, _args?: string[]) => true),
    setAboutPanelOptions: vi.fn(),
    setAppUserModelId: vi.fn(),
    setName: (name: string) => void (app.name = name),
    getName: () => app.name,
    getVersion: () => '0.1.0',
    getPath: (name: string) => {
      const p = paths.get(name);
      if (!p) throw new Error(`fake app.getPath: no path for ${name}`);
      return p;
    },
    setPath: (name: string, value: string) => void paths.set(name, value),
    /** Electron: 'before-quit' first, which a listener may prevent; then the app goes. */
    quit: vi.fn(() => {
      const e = fakeEvent();
      app.emit('before-quit', e);
      if (e.defaultPrevented) return;
      app.quitted = true;
      app.emit('will-quit', fakeEvent());
    }),
    quitted: false,
    exit: vi.fn(),
  });
  return app;
}

type PermissionRequestHandler = (
  wc: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;
type PermissionCheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean;
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (r: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

interface FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null;
  permissionCheckHandler: PermissionCheckHandler | null;
  headersListener: HeadersListener | null;
  setPermissionRequestHandler(h: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(h: PermissionCheckHandler | null): void;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
  /**
   * A response arriving for `url`: the headers the page would get. Electron runs
   * onHeadersReceived for http(s) only, so a file:// or app:// response passes untouched.
   */
  respond(url: string, headers: Record<string, string[]>): Promise<Record<string, string[]>>;
}

function fakeSession(): FakeSession {
  const s: FakeSession = {
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    headersListener: null,
    setPermissionRequestHandler(h) {
      s.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h) {
      s.permissionCheckHandler = h;
    },
    webRequest: {
      onHeadersReceived(listener) {
        s.headersListener = listener;
      },
    },
    async respond(url, headers) {
      const listener = s.headersListener;
      if (!listener || !/^https?:/i.test(url)) return headers;
      return new Promise((resolve) =>
        listener({ url, responseHeaders: headers }, (r) => resolve(r.responseHeaders ?? headers)),
      );
    },
  };
  return s;
}

function fakeProtocol() {
  const handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  const privileged: { scheme: string; privileges?: Record<string, boolean> }[] = [];
  return {
    handlers,
    privileged,
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]) {
      // Electron: "can only be used before the ready event … and can be called only once".
      if (electron.app.isReady())
        throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
      if (privileged.length > 0) throw new Error('protocol.registerSchemesAsPrivileged can be called only once');
      privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
      requireReady('protocol.handle');
      if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
      handlers.set(scheme, handler);
    },
    /** What the page's request for `url` gets back from the registered handler. */
    async fetch(url: string, init?: RequestInit): Promise<Response> {
      const scheme = new URL(url).protocol.slice(0, -1);
      const handler = handlers.get(scheme);
      if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME ${url}`);
      return handler(new Request(url, init));
    },
  };
}

function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  return {
    handlers,
    handle(channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) {
      // Electron: "Attempted to register a second handler for '<channel>'".
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, fn);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  };
}

export interface FakeElectron {
  app: ReturnType<typeof fakeApp>;
  BrowserWindow: typeof FakeBrowserWindow;
  ipcMain: ReturnType<typeof fakeIpcMain>;
  session: { readonly defaultSession: FakeSession };
  protocol: ReturnType<typeof fakeProtocol>;
  shell: { openExternal: ReturnType<typeof vi.fn>; openPath: ReturnType<typeof vi.fn> };
  clipboard: { writeText: ReturnType<typeof vi.fn> };
  Notification: typeof FakeNotification;
  dialog: {
    showSaveDialog: ReturnType<typeof vi.fn>;
    showMessageBox: ReturnType<typeof vi.fn>;
    showErrorBox: ReturnType<typeof vi.fn>;
  };
  Menu: { buildFromTemplate: ReturnType<typeof vi.fn>; setApplicationMenu: ReturnType<typeof vi.fn> };
  screen: { getAllDisplays(): { workArea: { x: number; y: number; width: number; height: number } }[] };
  /** The monitors `screen` reports once the app is ready. */
  displays: { workArea: { x: number; y: number; width: number; height: number } }[];
  userData: string;
}

export const electron = {} as FakeElectron;

/** A fresh Electron for each test: no windows, handlers or listeners left from the last. */
export function resetElectron(): FakeElectron {
  const appData = mkdtempSync(join(tmpdir(), 'triage-appdata-'));
  const userData = join(appData, 'Triage Desk');
  FakeBrowserWindow.instances = [];
  FakeNotification.instances = [];
  FakeNotification.supported = true;
  FakeNotification.nextFailure = null;
  FakeNotification.activationHandler = null;
  const defaultSession = fakeSession();
  Object.assign(electron, {
    app: fakeApp(userData, appData),
    BrowserWindow: FakeBrowserWindow,
    ipcMain: fakeIpcMain(),
    session: {
      get defaultSession() {
        // Electron: "Session can only be received when app is ready".
        requireReady('session.defaultSession');
        return defaultSession;
      },
    },
    protocol: fakeProtocol(),
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
    clipboard: { writeText: vi.fn() },
    Notification: FakeNotification,
    dialog: {
      showSaveDialog: vi.fn(),
      showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })),
      showErrorBox: vi.fn(),
    },
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() },
    screen: {
      getAllDisplays() {
        // Electron: "The 'screen' module can't be used before the app 'ready' event".
        requireReady("The 'screen' module");
        return electron.displays;
      },
    },
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    userData,
  } satisfies FakeElectron);
  return electron;
}
resetElectron();

/**
 * The module vi.mock('electron') returns: getters, so a test's resetElectron() takes effect
 * for code that imported the names earlier.
 */
export const electronModule = {
  get app() {
    return electron.app;
  },
  get BrowserWindow() {
    return electron.BrowserWindow;
  },
  get ipcMain() {
    return electron.ipcMain;
  },
  get session() {
    return electron.session;
  },
  get protocol() {
    return electron.protocol;
  },
  get shell() {
    return electron.shell;
  },
  get dialog() {
    return electron.dialog;
  },
  get clipboard() {
    return electron.clipboard;
  },
  get Notification() {
    return electron.Notification;
  },
  get Menu() {
    return electron.Menu;
  },
  get screen() {
    return electron.screen;
  },
};
