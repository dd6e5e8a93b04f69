import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '#shared/bridge/events.js';

/**
 * The native menus: File, Edit, View, Go, Window, Help (and the app menu on macOS). Commands
 * the renderer already handles from the keyboard show their keys without registering them
 * (`registerAccelerator: false`), so the page keeps handling those keys itself and a key
 * press never runs a command twice. macOS ignores `registerAccelerator` (every shown key is a
 * key equivalent there: a bare `?` would open Keyboard Shortcuts while someone types a
 * question), so on macOS those items show no key at all.
 */
interface MenuActions {
  send(command: MenuCommand): void;
  checkKeychain(): void;
  openLogFolder(): void;
}

interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Developer tools and reload only while developing (never in an installed app). */
  developer: boolean;
  actions: MenuActions;
}

export function buildMenuTemplate({
  platform,
  appName,
  developer,
  actions,
}: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const cmd = (
    label: string,
    command: MenuCommand,
    accelerator?: string,
    pageHandlesKeys = false,
  ): MenuItemConstructorOptions => ({
    label,
    click: () => actions.send(command),
    ...(accelerator && !(mac && pageHandlesKeys)
      ? { accelerator, ...(pageHandlesKeys ? { registerAccelerator: false } : {}) }
      : {}),
  });
  const sep: MenuItemConstructorOptions = { type: 'separator' };

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            sep,
            { role: 'services' },
            sep,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            sep,
            { role: 'quit' },
          ],
        },
      ]
    : [];

  return [
    ...appMenu,
    {
      label: 'File',
      submenu: [
        cmd('New Thread…', 'thread.create', 'CmdOrCtrl+N'),
        cmd('Copy Link to Thread', 'thread.copyLink', 'CmdOrCtrl+Shift+C'),
        sep,
        cmd('Connections…', 'go.connections'),
        ...(mac ? [] : [sep, { role: 'quit' } as MenuItemConstructorOptions]),
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        sep,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        cmd('Board', 'view.board'),
        cmd('Table', 'view.table'),
        cmd('Hot Elements', 'view.elements'),
        cmd('Evidence Gallery', 'view.evidence'),
        sep,
        cmd('Search Threads', 'search.focus', 'CmdOrCtrl+F'),
        cmd('Command Palette…', 'palette.open', 'CmdOrCtrl+K', true),
        cmd('Refresh', 'view.refresh', 'CmdOrCtrl+R'),
        sep,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        sep,
        { role: 'togglefullscreen' },
        ...(developer
          ? [
              sep,
              { role: 'reload', accelerator: 'CmdOrCtrl+Shift+R' } as MenuItemConstructorOptions,
              { role: 'toggleDevTools' } as MenuItemConstructorOptions,
            ]
          : []),
      ],
    },
    {
      label: 'Go',
      submenu: [
        cmd('Projects', 'go.projects', 'CmdOrCtrl+Shift+P'),
        cmd('For Me', 'go.inbox', 'CmdOrCtrl+I'),
        cmd('Reports', 'go.reports', 'CmdOrCtrl+Shift+E'),
        cmd('Dedupe Queue', 'go.dedupe', 'CmdOrCtrl+Shift+D'),
      ],
    },
    {
      label: 'Window',
      // Cmd+W closes the window on macOS as everywhere else; the app keeps running in the Dock.
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { role: 'close' }, sep, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [
        cmd('Keyboard Shortcuts', 'shortcuts.show', '?', true),
        sep,
        { label: 'Check the Keychain…', click: () => actions.checkKeychain() },
        { label: 'Open the Log Folder', click: () => actions.openLogFolder() },
        ...(mac ? [] : [sep, { role: 'about' } as MenuItemConstructorOptions]),
      ],
    },
  ];
}
