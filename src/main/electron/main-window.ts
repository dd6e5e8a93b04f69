import { BrowserWindow, type BrowserWindowConstructorOptions, type Rectangle } from 'electron';
import type { AppLocation } from './app-location.js';
import { DEFAULT_SIZE, minimumSize, placeOnScreen, type WindowState } from './window-state.js';

/** Every option of the security checklist, in one place the wiring tests read. */
function mainWindowOptions(opts: {
  preload: string;
  icon?: string;
  bounds: Rectangle | null;
  workAreas: Rectangle[];
}): BrowserWindowConstructorOptions {
  const min = minimumSize(opts.workAreas);
  // First launch: the default size, but never larger than the first monitor's work area.
  const first = opts.workAreas[0];
  const size =
    opts.bounds ??
    (first
      ? { width: Math.min(DEFAULT_SIZE.width, first.width), height: Math.min(DEFAULT_SIZE.height, first.height) }
      : DEFAULT_SIZE);
  return {
    ...size,
    minWidth: min.width,
    minHeight: min.height,
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
 * maximized or full screen if it was, and reports its state when it closes so the shell can
 * save it.
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
  const win = new BrowserWindow(
    mainWindowOptions({
      preload: opts.preload,
      bounds,
      workAreas: opts.workAreas,
      ...(opts.icon ? { icon: opts.icon } : {}),
    }),
  );
  win.once('ready-to-show', () => {
    if (opts.state.fullScreen) win.setFullScreen(true);
    else if (opts.state.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    // Normal bounds: a maximized or full-screen window remembers the size it returns to.
    opts.onCloseState({ bounds: win.getNormalBounds(), maximized: win.isMaximized(), fullScreen: win.isFullScreen() });
  });
  void win.loadURL(opts.location.entryUrl);
  return win;
}
