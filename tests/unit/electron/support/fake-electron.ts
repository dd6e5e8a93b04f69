import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * A recording stand-in for the parts of Electron's main-process API the shell uses, following
 * Electron's documented behaviour where it matters to the tests: ipcMain.handle refuses a
 * second handler for a channel, windows start hidden until 'ready-to-show', a window-open
 * handler returns { action }, permission handlers answer through a callback, and
 * onHeadersReceived hands back response headers through a callback.
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
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== fn));
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

let nextId = 1;

export class FakeWebContents extends Emitter {
  readonly id = nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly printToPDF = vi.fn(async (_options: unknown) => Buffer.from('%PDF-1.7 fake printed page\n%%EOF\n'));
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
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
  destroyed = false;
  bounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
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
  getNormalBounds() {
    return { ...this.bounds };
  }
  /** What closing the window does: 'close', then 'closed'. */
  close(): void {
    this.emit('close', fakeEvent());
    this.destroyed = true;
    this.emit('closed');
  }
}

/** Electron's main-process Notification: shown with show(), 'click' when the person clicks it. */
export class FakeNotification extends Emitter {
  static supported = true;
  static instances: FakeNotification[] = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  constructor(readonly options: { title: string; body?: string }) {
    super();
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

function fakeApp(userData: string) {
  const paths = new Map<string, string>([['userData', userData]]);
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    whenReady: vi.fn(async () => undefined),
    requestSingleInstanceLock: vi.fn(() => true),
    setAsDefaultProtocolClient: vi.fn((_scheme: string, _path?: string, _args?: string[]) => true),
    setAboutPanelOptions: vi.fn(),
    getVersion: () => '0.1.0',
    getPath: (name: string) => {
      const p = paths.get(name);
      if (!p) throw new Error(`fake app.getPath: no path for ${name}`);
      return p;
    },
    setPath: (name: string, value: string) => void paths.set(name, value),
    quit: vi.fn(),
    exit: vi.fn(),
  });
  return app;
}

type PermissionRequestHandler = (wc: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
type PermissionCheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean;
type HeadersListener = (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (r: { responseHeaders?: Record<string, string[]> }) => void) => void;

interface FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null;
  permissionCheckHandler: PermissionCheckHandler | null;
  headersListener: HeadersListener | null;
  setPermissionRequestHandler(h: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(h: PermissionCheckHandler | null): void;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
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
  };
  return s;
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
  session: { defaultSession: FakeSession };
  shell: { openExternal: ReturnType<typeof vi.fn>; openPath: ReturnType<typeof vi.fn> };
  clipboard: { writeText: ReturnType<typeof vi.fn> };
  Notification: typeof FakeNotification;
  dialog: { showSaveDialog: ReturnType<typeof vi.fn>; showMessageBox: ReturnType<typeof vi.fn> };
  Menu: { buildFromTemplate: ReturnType<typeof vi.fn>; setApplicationMenu: ReturnType<typeof vi.fn> };
  screen: { getAllDisplays: ReturnType<typeof vi.fn> };
  userData: string;
}

export const electron = {} as FakeElectron;

/** A fresh Electron for each test: no windows, handlers or listeners left from the last. */
export function resetElectron(): FakeElectron {
  const userData = mkdtempSync(join(tmpdir(), 'triage-shell-'));
  FakeBrowserWindow.instances = [];
  FakeNotification.instances = [];
  FakeNotification.supported = true;
  Object.assign(electron, {
    app: fakeApp(userData),
    BrowserWindow: FakeBrowserWindow,
    ipcMain: fakeIpcMain(),
    session: { defaultSession: fakeSession() },
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
    clipboard: { writeText: vi.fn() },
    Notification: FakeNotification,
    dialog: { showSaveDialog: vi.fn(), showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })) },
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]) },
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
