import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../../src/shared/bridge/channels.js';
import { EVENTS } from '../../../src/shared/bridge/events.js';
import { RENDERER_CSP } from '../../../src/shared/renderer-csp.js';
import { fakeEvent, FakeWebContents } from './support/fake-electron.js';
import { MAIN_DIR, RENDERER_FILE, RENDERER_URL, startTestShell } from './support/shell-harness.js';

vi.mock('electron', async () => (await import('./support/fake-electron.js')).electronModule);

describe('the main window', () => {
  it('is created with every option of the security checklist', async () => {
    const { window } = await startTestShell();
    expect(window.options.webPreferences).toEqual({
      preload: join(MAIN_DIR, '../preload/index.cjs'),
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
    });
    expect(window.options).toMatchObject({ show: false, minWidth: 900, minHeight: 600, title: 'Triage Desk', width: 1400, height: 900 });
  });

  it('stays hidden until ready-to-show, then shows', async () => {
    const { window } = await startTestShell();
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('loads our own page from the package', async () => {
    const { window } = await startTestShell({ packaged: true });
    expect(window.loaded).toEqual({ file: RENDERER_FILE });
  });

  it('loads the dev server only when the app is not packaged', async () => {
    const dev = await startTestShell({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
    expect(dev.window.loaded).toEqual({ url: 'http://localhost:5173/' });
    const installed = await startTestShell({ packaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
    expect(installed.window.loaded).toEqual({ file: RENDERER_FILE });
    expect(installed.shell.location.isAppUrl('http://localhost:5173/')).toBe(false);
  });

  it('refuses a dev server URL that is not http(s)', async () => {
    const { window } = await startTestShell({ env: { ELECTRON_RENDERER_URL: 'javascript:alert(1)' } });
    expect(window.loaded).toEqual({ file: RENDERER_FILE });
  });
});

describe('the bridge over IPC', () => {
  it('registers every channel exactly once, and nothing else', async () => {
    const { electron } = await startTestShell();
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
  });

  it('answers our page', async () => {
    const { invoke } = await startTestShell();
    await expect(invoke('network:state')).resolves.toMatchObject({ ok: true, data: { phase: expect.any(String) } });
  });

  it('validates the arguments of a call from our page', async () => {
    const { invoke } = await startTestShell();
    await expect(invoke('export:markdown', { suggestedName: '../../etc/passwd.md', content: '' })).resolves.toMatchObject({ ok: false, error: { kind: 'bad_request' } });
  });

  it('refuses a call from another webContents', async () => {
    const { invokeAs } = await startTestShell();
    const r = await invokeAs({ sender: new FakeWebContents(), senderFrame: { url: RENDERER_URL, parent: null } }, 'network:state');
    expect(r).toMatchObject({ ok: false, error: { kind: 'bad_request', message: expect.stringMatching(/did not come from the Triage Desk window/) } });
  });

  it('refuses a call from a subframe of our window', async () => {
    const { invokeAs, window } = await startTestShell();
    const r = await invokeAs({ sender: window.webContents, senderFrame: { url: RENDERER_URL, parent: { url: RENDERER_URL } } }, 'network:state');
    expect(r).toMatchObject({ ok: false });
  });

  it('refuses a call from a foreign URL in our window', async () => {
    const { invokeAs, window } = await startTestShell();
    for (const url of ['https://evil.example/', 'file:///tmp/index.html', 'http://localhost:5173/', 'about:blank', 'not a url']) {
      const r = await invokeAs({ sender: window.webContents, senderFrame: { url, parent: null } }, 'network:state');
      expect(r, url).toMatchObject({ ok: false });
    }
  });

  it('refuses a call with no frame (the frame was navigated away or destroyed)', async () => {
    const { invokeAs, window } = await startTestShell();
    expect(await invokeAs({ sender: window.webContents, senderFrame: null }, 'network:state')).toMatchObject({ ok: false });
  });

  it('refuses calls once the window is gone', async () => {
    const { invoke, window } = await startTestShell();
    window.close();
    expect(await invoke('network:state')).toMatchObject({ ok: false });
  });

  it('accepts the dev server page only in development', async () => {
    const { invoke } = await startTestShell({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
    expect(await invoke('network:state')).toMatchObject({ ok: true });
  });
});

describe('navigation and new windows', () => {
  async function contents() {
    const started = await startTestShell();
    const other = new FakeWebContents();
    // Every web contents gets the locks, not only the main window's.
    started.electron.app.emit('web-contents-created', {}, other);
    return { ...started, contents: [started.window.webContents, other] };
  }

  it('prevents will-navigate and will-redirect to anything but our page', async () => {
    const { contents: all } = await contents();
    for (const wc of all) {
      for (const event of ['will-navigate', 'will-redirect']) {
        for (const url of ['https://evil.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'triage-desk://item/x']) {
          const e = fakeEvent();
          wc.emit(event, e, url);
          expect(e.defaultPrevented, `${event} ${url}`).toBe(true);
        }
        const ours = fakeEvent();
        wc.emit(event, ours, `${RENDERER_URL}#/projects`);
        expect(ours.defaultPrevented).toBe(false);
      }
    }
  });

  it('prevents attaching a webview', async () => {
    const { window } = await startTestShell();
    const e = fakeEvent();
    window.webContents.emit('will-attach-webview', e, {}, {});
    expect(e.defaultPrevented).toBe(true);
  });

  it('denies window.open; http(s) goes to the system browser, other schemes nowhere', async () => {
    const { window, electron } = await startTestShell();
    const open = window.webContents.windowOpenHandler!;
    for (const url of ['https://example.com/a?b=1', 'http://example.com/']) expect(open({ url })).toEqual({ action: 'deny' });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'triage-desk://item/1', 'smb://server/share', 'https://user:pw@example.com/', 'not a url']) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/a?b=1'], ['http://example.com/']]);
  });

  it('opens http(s) from the bridge and refuses other schemes', async () => {
    const { invoke, electron } = await startTestShell();
    expect(await invoke('shell:openExternal', 'https://example.com/')).toEqual({ ok: true, data: null });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'vscode://open']) {
      expect(await invoke('shell:openExternal', url)).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    }
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/']]);
  });
});

describe('the session', () => {
  it('denies every permission request and check', async () => {
    const { electron, window } = await startTestShell();
    const ses = electron.session.defaultSession;
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      ses.permissionRequestHandler!(window.webContents, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(ses.permissionCheckHandler!(window.webContents, permission, 'file://', {})).toBe(false);
    }
  });

  it('applies the CSP to our page, and leaves other responses alone', async () => {
    const { electron } = await startTestShell({ packaged: true });
    const listener = electron.session.defaultSession.headersListener!;
    const ours = await new Promise<Record<string, string[]> | undefined>((resolve) => listener({ url: RENDERER_URL, responseHeaders: { 'X-A': ['1'] } }, (r) => resolve(r.responseHeaders)));
    expect(ours).toEqual({ 'X-A': ['1'], 'Content-Security-Policy': [RENDERER_CSP] });
    const image = await new Promise<Record<string, string[]> | undefined>((resolve) => listener({ url: 'https://cdn.example.com/shot.png', responseHeaders: { 'X-B': ['2'] } }, (r) => resolve(r.responseHeaders)));
    expect(image).toEqual({ 'X-B': ['2'] });
  });

  it('uses a CSP that allows no remote script, frames or plugins', () => {
    expect(RENDERER_CSP).toMatch(/script-src 'self'/);
    expect(RENDERER_CSP).toMatch(/object-src 'none'/);
    expect(RENDERER_CSP).toMatch(/frame-ancestors 'none'/);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|unsafe-inline/);
  });
});

describe('one instance, and the triage-desk:// protocol', () => {
  it('quits at once when another instance holds the lock', async () => {
    const { resetElectron } = await import('./support/fake-electron.js');
    const e = resetElectron();
    e.app.requestSingleInstanceLock.mockReturnValue(false);
    const { startShell } = await import('../../../src/main/electron/shell.js');
    expect(await startShell({ mainDir: MAIN_DIR, env: {}, argv: ['x', 'triage-desk://item/itm_1'] })).toBeNull();
    expect(e.app.quit).toHaveBeenCalled();
    expect(e.BrowserWindow.instances).toHaveLength(0);
    expect(e.ipcMain.handlers.size).toBe(0);
  });

  it('registers the scheme for the installed app', async () => {
    const { electron } = await startTestShell({ packaged: true });
    expect(electron.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('triage-desk');
  });

  it('keeps the link the app was launched with until the page asks, then sends later ones', async () => {
    const { invoke, window, electron } = await startTestShell({ argv: ['/opt/triage-desk/triage-desk', '--no-sandbox', 'triage-desk://item/itm_42'] });
    expect(await invoke('app:takeOpenItem')).toEqual({ ok: true, data: { itemId: 'itm_42' } });
    expect(await invoke('app:takeOpenItem')).toEqual({ ok: true, data: null });

    window.minimized = true;
    electron.app.emit('second-instance', fakeEvent(), ['/opt/triage-desk/triage-desk', 'triage-desk://item/itm_7'], '/');
    expect(window.webContents.sent).toContainEqual({ channel: EVENTS.openItem, args: [{ itemId: 'itm_7' }] });
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
  });

  it('takes macOS open-url events and explains a link it cannot read', async () => {
    const { invoke, electron, window } = await startTestShell();
    await invoke('app:takeOpenItem');
    const e = fakeEvent();
    electron.app.emit('open-url', e, 'triage-desk://settings/evil');
    expect(e.defaultPrevented).toBe(true);
    const sent = window.webContents.sent.find((s) => s.channel === EVENTS.openItem);
    expect(sent?.args[0]).toMatchObject({ problem: expect.stringMatching(/Thread links look like triage-desk:\/\/item\//) });
  });

  it('a second launch without a link just brings the window forward', async () => {
    const { electron, window } = await startTestShell();
    electron.app.emit('second-instance', fakeEvent(), ['/opt/triage-desk/triage-desk'], '/');
    expect(window.focused).toBe(true);
    expect(window.webContents.sent.filter((s) => s.channel === EVENTS.openItem)).toEqual([]);
  });
});

describe('the window where it was', () => {
  it('saves size, position and maximized on close and opens there next launch', async () => {
    const first = await startTestShell();
    first.window.bounds = { x: 200, y: 120, width: 1200, height: 800 };
    first.window.maximized = true;
    first.window.close();
    // Saved by the time the window has closed: quitting may end the process right after.
    expect(existsSync(join(first.electron.userData, 'window-state.json'))).toBe(true);

    const userData = first.electron.userData;
    const second = await startTestShell({ before: (e) => e.app.setPath('userData', userData) });
    expect(second.window.options).toMatchObject({ x: 200, y: 120, width: 1200, height: 800 });
    second.window.emit('ready-to-show');
    expect(second.window.maximized).toBe(true);
  });

  it('moves the window onto a monitor when its monitor is gone', async () => {
    const first = await startTestShell();
    first.window.bounds = { x: 2400, y: 100, width: 1200, height: 800 }; // on a second monitor
    first.window.close();
    await vi.waitFor(() => expect(existsSync(join(first.electron.userData, 'window-state.json'))).toBe(true));
    const userData = first.electron.userData;
    const second = await startTestShell({ before: (e) => e.app.setPath('userData', userData) }); // one 1920×1040 monitor
    const o = second.window.options as { x: number; y: number; width: number; height: number };
    expect(o.x + o.width).toBeLessThanOrEqual(1920);
    expect(o.y + o.height).toBeLessThanOrEqual(1040);
    expect(o).toMatchObject({ width: 1200, height: 800 });
  });

  it('keeps separate data for a test run when TRIAGE_USER_DATA is set, but not in the installed app', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triage-userdata-'));
    const dev = await startTestShell({ env: { TRIAGE_USER_DATA: dir } });
    expect(dev.electron.app.getPath('userData')).toBe(dir);
    const installed = await startTestShell({ packaged: true, env: { TRIAGE_USER_DATA: dir } });
    expect(installed.electron.app.getPath('userData')).not.toBe(dir);
  });
});

describe('menus, About and help', () => {
  type Item = { label?: string; role?: string; accelerator?: string; registerAccelerator?: boolean; click?: () => void; submenu?: Item[] };
  const template = (e: { Menu: { buildFromTemplate: { mock: { calls: unknown[][] } } } }) => e.Menu.buildFromTemplate.mock.calls[0]![0] as Item[];
  const find = (items: Item[], label: string): Item | undefined => {
    for (const i of items) {
      if (i.label === label) return i;
      const inner = i.submenu && find(i.submenu, label);
      if (inner) return inner;
    }
    return undefined;
  };

  it('sets File, Edit, View, Go, Window, Help as the application menu', async () => {
    const { electron } = await startTestShell();
    const menus = template(electron).map((m) => m.label ?? m.role);
    expect(menus.slice(-6)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'help']);
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith({ template: template(electron) });
  });

  it('a menu command goes to the page, and keys the page handles are not registered twice', async () => {
    const { electron, window } = await startTestShell();
    const items = template(electron);
    find(items, 'New Thread…')!.click!();
    expect(window.webContents.sent).toContainEqual({ channel: EVENTS.menuCommand, args: ['thread.create'] });
    expect(find(items, 'Command Palette…')).toMatchObject({ accelerator: 'CmdOrCtrl+K', registerAccelerator: false });
    expect(find(items, 'New Thread…')).toMatchObject({ accelerator: 'CmdOrCtrl+N' });
  });

  it('has developer tools only while developing', async () => {
    const dev = await startTestShell();
    const roles = (items: Item[]): string[] => items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);
    expect(roles(template(dev.electron))).toContain('toggleDevTools');
    const installed = await startTestShell({ packaged: true });
    expect(roles(template(installed.electron))).not.toContain('toggleDevTools');
    expect(roles(template(installed.electron))).not.toContain('reload');
  });

  it('sets the About panel with the version', async () => {
    const { electron } = await startTestShell();
    expect(electron.app.setAboutPanelOptions).toHaveBeenCalledWith(expect.objectContaining({ applicationName: 'Triage Desk', applicationVersion: '0.1.0' }));
  });

  it('"Check the Keychain" reports what it found in a message box', async () => {
    const { electron } = await startTestShell();
    find(template(electron), 'Check the Keychain…')!.click!();
    await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalled());
    const options = electron.dialog.showMessageBox.mock.calls[0]!.at(-1) as { message: string; detail: string };
    // Under scripts/with-keyring.sh the keychain answers; without one, the box says how to fix it.
    expect(options.message).toMatch(/^(The keychain is reachable\.|Triage Desk cannot use the keychain\.)$/);
    expect(options.detail.length).toBeGreaterThan(20);
  });

  it('"Open the Log Folder" opens the logs folder in the app data folder', async () => {
    const { electron, shell } = await startTestShell();
    find(template(electron), 'Open the Log Folder')!.click!();
    expect(electron.shell.openPath).toHaveBeenCalledWith(join(electron.userData, 'logs'));
    expect(shell.log.dir).toBe(join(electron.userData, 'logs'));
  });
});

describe('the log', () => {
  it('records the start and failed calls, never a token or a body', async () => {
    const { invoke, shell } = await startTestShell();
    const token = 'tok_live_SECRET_abc123';
    await invoke('connections:add', { baseUrl: 'ftp://nope', token });
    await invoke('export:markdown', { suggestedName: 'x/y.md', content: 'Private message body' });
    const text = readFileSync(shell.log.file, 'utf8');
    expect(text).toMatch(/INFO Triage Desk starting version="0.1.0"/);
    expect(text).toMatch(/WARN bridge call failed channel="connections:add" kind="bad_request"/);
    expect(text).not.toContain(token);
    expect(text).not.toContain('Private message body');
  });

  it('records refused senders', async () => {
    const { invokeAs, shell } = await startTestShell();
    await invokeAs({ sender: new FakeWebContents(), senderFrame: { url: 'https://evil.example/', parent: null } }, 'network:state');
    expect(readFileSync(shell.log.file, 'utf8')).toMatch(/bridge call refused: not from the Triage Desk window channel="network:state"/);
  });
});

describe('notifications and the clipboard', () => {
  it('shows a system notification whose click opens the thread in the window', async () => {
    const { invoke, electron, window } = await startTestShell();
    await invoke('app:takeOpenItem');
    expect(await invoke('notify:show', { itemId: 'itm_5', title: 'Cora mentioned you in Checkout app', body: 'look' })).toEqual({ ok: true, data: { shown: true } });
    const n = electron.Notification.instances[0]!;
    expect(n.options).toEqual({ title: 'Cora mentioned you in Checkout app', body: 'look' });
    expect(n.shown).toBe(true);
    n.emit('click');
    expect(window.webContents.sent).toContainEqual({ channel: EVENTS.openItem, args: [{ itemId: 'itm_5' }] });
    expect(window.focused).toBe(true);
  });

  it('says so when the system has no notifications, and validates what it is asked to show', async () => {
    const { invoke, electron } = await startTestShell();
    electron.Notification.supported = false;
    expect(await invoke('notify:show', { itemId: 'itm_5', title: 't', body: '' })).toEqual({ ok: true, data: { shown: false } });
    expect(await invoke('notify:show', { itemId: 'itm_5', title: 'x'.repeat(201), body: '' })).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(electron.Notification.instances).toHaveLength(0);
  });

  it('never writes a notification text to the log', async () => {
    const { invoke, shell } = await startTestShell();
    await invoke('notify:show', { itemId: 'itm_5', title: 'Secret title', body: 'Private words' });
    const text = readFileSync(shell.log.file, 'utf8');
    expect(text).toContain('notification shown itemId="itm_5"');
    expect(text).not.toMatch(/Secret title|Private words/);
  });

  it('copies text to the system clipboard', async () => {
    const { invoke, electron } = await startTestShell();
    expect(await invoke('shell:copyText', 'triage-desk://item/itm_5')).toEqual({ ok: true, data: null });
    expect(electron.clipboard.writeText).toHaveBeenCalledWith('triage-desk://item/itm_5');
  });
});
