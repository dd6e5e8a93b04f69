import { BrowserWindow, type BrowserWindowConstructorOptions, type Rectangle } from 'electron';
import type { AppLocation } from './app-location.js';
import { DEFAULT_SIZE, MIN_SIZE, placeOnScreen, type WindowState } from './window-state.js';

/** Every option of the security checklist, in one place the wiring tests read. */
export function mainWindowOptions(opts: { preload: string; icon?: string; bounds: Rectangle | null }): BrowserWindowConstructorOptions {
  return {
    ...(opts.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Triage Desk',
    ...(opts.icon ? { icon: opts.icon } : {}),
    show: false,
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

/**
 * Opens the main window where the last one closed (kept on a monitor that still exists),
 * maximized if it was, and reports its state when it closes so the shell can save it.
 */
export function openMainWindow(opts: {
  location: AppLocation;
  preload: string;
  icon?: string;
  state: WindowState;
  workAreas: Rectangle[];
  onCloseState(state: WindowState): void;
}): BrowserWindow {
  const bounds = placeOnScreen(opts.state.bounds, opts.workAreas);
  const win = new BrowserWindow(mainWindowOptions({ preload: opts.preload, bounds, ...(opts.icon ? { icon: opts.icon } : {}) }));
  win.once('ready-to-show', () => {
    if (opts.state.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    // Normal bounds: a maximized window remembers the size it returns to.
    opts.onCloseState({ bounds: win.getNormalBounds(), maximized: win.isMaximized() });
  });
  if (opts.location.devServerUrl) void win.loadURL(opts.location.devServerUrl);
  else void win.loadFile(opts.location.rendererFile);
  return win;
}
