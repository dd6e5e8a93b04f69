import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '#shared/bridge/channels.js';
import { EVENTS } from '#shared/bridge/events.js';
import { RENDERER_CSP } from '#shared/renderer-csp.js';
import { APP_ID } from '../../../src/main/electron/app-identity.js';
import { DEVELOPMENT_NAME } from '../../../src/main/electron/shell.js';
import { UNSIGNED_MAC_REASON } from '../../../src/main/electron/notifications.js';
import { startServer, type Running } from '../../server/support/harness.js';
import { answerSignIn } from '../../server/support/oauth-browser.js';
import { baseWorld, TOKENS } from '../../server/support/world.js';
import { fakeEvent, FakeWebContents } from './support/fake-electron.js';
import { PLATFORMS, startTestShell, type Platform } from './support/shell-harness.js';

vi.mock('electron', async () => (await import('./support/fake-electron.js')).electronModule);

type Item = {
  label?: string;
  role?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: () => void;
  submenu?: Item[];
};
const template = (e: { Menu: { buildFromTemplate: { mock: { calls: unknown[][] } } } }) =>
  e.Menu.buildFromTemplate.mock.calls[0]![0] as Item[];
function find(items: Item[], label: string): Item | undefined {
  for (const i of items) {
    if (i.label === label) return i;
    const inner = i.submenu && find(i.submenu, label);
    if (inner) return inner;
  }
  return undefined;
}
const roles = (items: Item[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);

let service: Running;
beforeAll(async () => {
  service = await startServer(baseWorld());
});
afterAll(async () => {
  await service?.close();
});

/** The whole wiring suite, once as each platform: the shell must hold on all three. */
describe.each(PLATFORMS)('the desktop shell as %s', (platform: Platform) => {
  const start = (opts: Parameters<typeof startTestShell>[0] = {}) => startTestShell({ platform, ...opts });

  describe('the main window', () => {
    it('is created with every option of the security checklist', async () => {
      const { window, mainDir } = await start();
      expect(window.options.webPreferences).toEqual({
        preload: join(mainDir, '../preload/index.cjs'),
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
      expect(window.options).toMatchObject({
        show: false,
        minWidth: 900,
        minHeight: 600,
        title: 'Triage Desk',
        width: 1400,
        height: 900,
      });
    });

    it('stays hidden until ready-to-show, then shows', async () => {
      const { window } = await start();
      expect(window.visible).toBe(false);
      window.emit('ready-to-show');
      expect(window.visible).toBe(true);
    });

    it('loads our own page from app://triage-desk, never a file:// URL', async () => {
      const { window } = await start({ packaged: true });
      expect(window.loaded).toEqual({ url: 'app://triage-desk/index.html' });
    });

    it('loads the dev server only when the app is not packaged', async () => {
      const dev = await start({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
      expect(dev.window.loaded).toEqual({ url: 'http://localhost:5173/' });
      const installed = await start({ packaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
      expect(installed.window.loaded).toEqual({ url: 'app://triage-desk/index.html' });
      expect(installed.shell.location.isAppUrl('http://localhost:5173/')).toBe(false);
    });

    it('refuses a dev server URL that is not http(s)', async () => {
      const { window } = await start({ env: { ELECTRON_RENDERER_URL: 'javascript:alert(1)' } });
      expect(window.loaded).toEqual({ url: 'app://triage-desk/index.html' });
    });

    it('fits a monitor smaller than its minimum size', async () => {
      const { window } = await start({
        before: (e) => (e.displays = [{ workArea: { x: 0, y: 0, width: 800, height: 560 } }]),
      });
      expect(window.options).toMatchObject({ minWidth: 800, minHeight: 560, width: 800, height: 560 });
    });

    it('gets the app icon on Linux, where the window manager has no other source for it', async () => {
      const { window } = await start({ iconFile: join(tmpdir(), 'icon.png') });
      if (platform === 'linux') expect(window.options.icon).toBe(join(tmpdir(), 'icon.png'));
      else expect(window.options.icon).toBeUndefined();
    });
  });

  describe('the page on app://', () => {
    it('registers app: as a privileged standard, secure scheme before the app is ready', async () => {
      const { electron } = await start();
      expect(electron.protocol.privileged).toEqual([
        { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
      ]);
    });

    it('serves the built page and its scripts with the CSP as a response header', async () => {
      const { electron } = await start({ packaged: true });
      const page = await electron.protocol.fetch('app://triage-desk/index.html');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(await page.text()).toContain('<div id="root">');
      const script = await electron.protocol.fetch('app://triage-desk/assets/index.js');
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await script.text()).toContain('Triage Desk');
    });

    it('serves nothing outside the built page, whatever the path says', async () => {
      const { electron } = await start({ packaged: true });
      for (const url of [
        'app://triage-desk/../outside.txt',
        'app://triage-desk/%2e%2e/outside.txt',
        'app://triage-desk/..%2foutside.txt',
        'app://triage-desk/..%5coutside.txt',
        'app://triage-desk/assets/%2e%2e%2f%2e%2e%2foutside.txt',
        'app://triage-desk/index.html%00.js',
        'app://other-host/index.html',
        'app://triage-desk/missing.js',
      ]) {
        const r = await electron.protocol.fetch(url);
        expect(r.status, url).toBe(404);
        expect(await r.text(), url).not.toContain('not part of the page');
      }
      expect(
        (await electron.protocol.fetch('app://triage-desk/index.html', { method: 'POST', body: 'x' })).status,
      ).toBe(405);
    });

    it('adds nothing to responses through the session (webRequest never sees app:// or file://)', async () => {
      const { electron } = await start({ packaged: true });
      const ses = electron.session.defaultSession;
      expect(await ses.respond('https://cdn.example.com/shot.png', { 'X-B': ['2'] })).toEqual({ 'X-B': ['2'] });
      expect(ses.headersListener).toBeNull();
    });
  });

  describe('the bridge over IPC', () => {
    it('registers every channel exactly once, and nothing else', async () => {
      const { electron } = await start();
      expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
      expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
    });

    it('answers our page', async () => {
      const { invoke } = await start({ packaged: true });
      await expect(invoke('network:state')).resolves.toMatchObject({ ok: true, data: { phase: expect.any(String) } });
    });

    it('validates the arguments of a call from our page', async () => {
      const { invoke } = await start();
      await expect(
        invoke('export:markdown', { suggestedName: '../../etc/passwd.md', content: '' }),
      ).resolves.toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    });

    it('refuses a call from another webContents', async () => {
      const { invokeAs, pageUrl } = await start();
      const r = await invokeAs(
        { sender: new FakeWebContents(), senderFrame: { url: pageUrl, parent: null } },
        'network:state',
      );
      expect(r).toMatchObject({
        ok: false,
        error: { kind: 'bad_request', message: expect.stringMatching(/did not come from the Triage Desk window/) },
      });
    });

    it('refuses a call from a subframe of our window', async () => {
      const { invokeAs, window, pageUrl } = await start();
      const r = await invokeAs(
        { sender: window.webContents, senderFrame: { url: pageUrl, parent: { url: pageUrl } } },
        'network:state',
      );
      expect(r).toMatchObject({ ok: false });
    });

    it('refuses a call from a foreign URL in our window, a file:// copy of the page included', async () => {
      const { invokeAs, window, rendererDir } = await start({ packaged: true });
      const { pathToFileURL } = await import('node:url');
      for (const url of [
        'https://evil.example/',
        pathToFileURL(join(rendererDir, 'index.html')).href,
        'app://evil/index.html',
        'app://triage-desk.evil.example/index.html',
        'app://user@triage-desk/index.html',
        'http://localhost:5173/',
        'about:blank',
        'not a url',
      ]) {
        const r = await invokeAs({ sender: window.webContents, senderFrame: { url, parent: null } }, 'network:state');
        expect(r, url).toMatchObject({ ok: false });
      }
    });

    it('refuses a call with no frame (the frame was navigated away or destroyed)', async () => {
      const { invokeAs, window } = await start();
      expect(await invokeAs({ sender: window.webContents, senderFrame: null }, 'network:state')).toMatchObject({
        ok: false,
      });
    });

    it('refuses calls once the window is gone', async () => {
      const { invoke, window } = await start();
      window.close();
      expect(await invoke('network:state')).toMatchObject({ ok: false });
    });

    it('accepts the dev server page only in development', async () => {
      const { invoke } = await start({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' } });
      expect(await invoke('network:state')).toMatchObject({ ok: true });
    });
  });

  describe('navigation and new windows', () => {
    it('prevents will-navigate and will-redirect to anything but our page, in every web contents', async () => {
      const started = await start({ packaged: true });
      const other = new FakeWebContents();
      started.electron.app.emit('web-contents-created', {}, other);
      for (const wc of [started.window.webContents, other]) {
        for (const event of ['will-navigate', 'will-redirect']) {
          for (const url of [
            'https://evil.example/',
            'file:///etc/passwd',
            'javascript:alert(1)',
            'triage-desk://item/x',
            'app://evil/index.html',
          ]) {
            const e = fakeEvent();
            wc.emit(event, e, url);
            expect(e.defaultPrevented, `${event} ${url}`).toBe(true);
          }
          const ours = fakeEvent();
          wc.emit(event, ours, started.pageUrl);
          expect(ours.defaultPrevented).toBe(false);
        }
      }
    });

    it('prevents attaching a webview', async () => {
      const { window } = await start();
      const e = fakeEvent();
      window.webContents.emit('will-attach-webview', e, {}, {});
      expect(e.defaultPrevented).toBe(true);
    });

    it('denies window.open; http(s) goes to the system browser, other schemes nowhere', async () => {
      const { window, electron } = await start();
      const open = window.webContents.windowOpenHandler!;
      for (const url of ['https://example.com/a?b=1', 'http://example.com/'])
        expect(open({ url })).toEqual({ action: 'deny' });
      for (const url of [
        'file:///etc/passwd',
        'javascript:alert(1)',
        'triage-desk://item/1',
        'smb://server/share',
        'https://user:pw@example.com/',
        'not a url',
      ]) {
        expect(open({ url })).toEqual({ action: 'deny' });
      }
      expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/a?b=1'], ['http://example.com/']]);
    });

    it('opens http(s) from the bridge and refuses other schemes', async () => {
      const { invoke, electron } = await start();
      expect(await invoke('shell:openExternal', 'https://example.com/')).toEqual({ ok: true, data: null });
      for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'vscode://open']) {
        expect(await invoke('shell:openExternal', url)).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
      }
      expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/']]);
    });
  });

  describe('the session', () => {
    it('denies every permission request and check', async () => {
      const { electron, window } = await start();
      const ses = electron.session.defaultSession;
      for (const permission of [
        'notifications',
        'media',
        'geolocation',
        'clipboard-read',
        'openExternal',
        'fullscreen',
      ]) {
        const callback = vi.fn();
        ses.permissionRequestHandler!(window.webContents, permission, callback, {});
        expect(callback).toHaveBeenCalledWith(false);
        expect(ses.permissionCheckHandler!(window.webContents, permission, 'app://triage-desk', {})).toBe(false);
      }
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
      expect(
        await startShell({
          platform,
          mainDir: join(tmpdir(), 'out', 'main'),
          env: {},
          argv: ['x', 'triage-desk://item/itm_1'],
        }),
      ).toBeNull();
      expect(e.app.quit).toHaveBeenCalled();
      expect(e.BrowserWindow.instances).toHaveLength(0);
      expect(e.ipcMain.handlers.size).toBe(0);
    });

    it('registers the scheme for the installed app', async () => {
      const { electron } = await start({ packaged: true });
      expect(electron.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('triage-desk');
    });

    it('does not take triage-desk:// from the installed app in a development run unless asked', async () => {
      const dev = await start();
      expect(dev.electron.app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
    });

    it('a development run asked to (TRIAGE_REGISTER_PROTOCOL=1) registers itself: Electron with its app folder, not the installed app', async () => {
      // `electron .` sets process.defaultApp; the links then start Electron with the app's folder.
      const had = Object.getOwnPropertyDescriptor(process, 'defaultApp');
      Object.defineProperty(process, 'defaultApp', { value: true, configurable: true, writable: true });
      try {
        const appFolder = join(tmpdir(), 'triage-desk-checkout');
        const dev = await start({ env: { TRIAGE_REGISTER_PROTOCOL: '1' }, argv: [process.execPath, appFolder] });
        expect(dev.electron.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('triage-desk', process.execPath, [
          resolve(appFolder),
        ]);
        const other = await start({ env: { TRIAGE_REGISTER_PROTOCOL: 'yes' }, argv: [process.execPath, appFolder] });
        expect(other.electron.app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
      } finally {
        if (had) Object.defineProperty(process, 'defaultApp', had);
        else Reflect.deleteProperty(process, 'defaultApp');
      }
    });

    it('keeps the link the app was launched with until the page asks, then sends later ones', async () => {
      const { invoke, window, electron } = await start({
        argv: ['triage-desk', '--no-sandbox', 'triage-desk://item/itm_42'],
      });
      expect(await invoke('app:takeOpenItem')).toEqual({ ok: true, data: { itemId: 'itm_42' } });
      expect(await invoke('app:takeOpenItem')).toEqual({ ok: true, data: null });

      window.minimized = true;
      electron.app.emit('second-instance', fakeEvent(), ['triage-desk', 'triage-desk://item/itm_7'], '/');
      expect(window.webContents.sent).toContainEqual({ channel: EVENTS.openItem, args: [{ itemId: 'itm_7' }] });
      expect(window.minimized).toBe(false);
      expect(window.focused).toBe(true);
    });

    it('takes open-url events (macOS) and explains a link it cannot read', async () => {
      const { invoke, electron, window } = await start();
      await invoke('app:takeOpenItem');
      const e = fakeEvent();
      electron.app.emit('open-url', e, 'triage-desk://settings/evil');
      expect(e.defaultPrevented).toBe(true);
      const sent = window.webContents.sent.find((s) => s.channel === EVENTS.openItem);
      expect(sent?.args[0]).toMatchObject({
        problem: expect.stringMatching(/Thread links look like triage-desk:\/\/item\//),
      });
    });

    it('refuses a link whose thread ID hides control or bidi-override characters', async () => {
      const { invoke, electron, window } = await start();
      await invoke('app:takeOpenItem');
      for (const id of ['itm%7F1', 'itm%C2%851', 'itm%E2%80%AE1'])
        electron.app.emit('open-url', fakeEvent(), `triage-desk://item/${id}`);
      const sent = window.webContents.sent.filter((s) => s.channel === EVENTS.openItem).map((s) => s.args[0]);
      expect(sent).toHaveLength(3);
      for (const s of sent) expect(s).toMatchObject({ problem: expect.stringMatching(/not a valid thread ID/) });
    });

    it('a second launch without a link just brings the window forward', async () => {
      const { electron, window } = await start();
      electron.app.emit('second-instance', fakeEvent(), ['triage-desk'], '/');
      expect(window.focused).toBe(true);
      expect(window.webContents.sent.filter((s) => s.channel === EVENTS.openItem)).toEqual([]);
    });

    it('a reloaded page takes the link handshake again before links are sent to it', async () => {
      const { invoke, electron, window } = await start();
      await invoke('app:takeOpenItem');
      window.webContents.reload();
      electron.app.emit('second-instance', fakeEvent(), ['triage-desk', 'triage-desk://item/itm_8'], '/');
      expect(window.webContents.sent.filter((s) => s.channel === EVENTS.openItem)).toEqual([]);
      expect(await invoke('app:takeOpenItem')).toEqual({ ok: true, data: { itemId: 'itm_8' } });
    });
  });

  describe('closing the last window', () => {
    it(platform === 'darwin' ? 'keeps the app running in the Dock' : 'quits the app', async () => {
      const { electron, window } = await start();
      window.close();
      expect(electron.app.quitted).toBe(platform !== 'darwin');
    });
  });

  describe('the window where it was', () => {
    it('saves size, position, maximized and full screen on close and opens there next launch', async () => {
      const first = await start();
      first.window.bounds = { x: 200, y: 120, width: 1200, height: 800 };
      first.window.fullScreen = true;
      first.window.close();
      // Saved by the time the window has closed: quitting may end the process right after.
      expect(
        existsSync(join(first.electron.userData.replace(/Triage Desk$/, DEVELOPMENT_NAME), 'window-state.json')),
      ).toBe(true);

      const userData = first.electron.app.getPath('userData');
      const second = await start({ env: { TRIAGE_USER_DATA: userData } });
      expect(second.window.options).toMatchObject({ x: 200, y: 120, width: 1200, height: 800 });
      second.window.emit('ready-to-show');
      expect(second.window.fullScreen).toBe(true);
    });

    it('moves the window onto a monitor when its monitor is gone', async () => {
      const first = await start();
      first.window.bounds = { x: 2400, y: 100, width: 1200, height: 800 }; // on a second monitor
      first.window.close();
      const userData = first.electron.app.getPath('userData');
      const second = await start({ env: { TRIAGE_USER_DATA: userData } }); // one 1920×1040 monitor
      const o = second.window.options as { x: number; y: number; width: number; height: number };
      expect(o.x + o.width).toBeLessThanOrEqual(1920);
      expect(o.y + o.height).toBeLessThanOrEqual(1040);
      expect(o).toMatchObject({ width: 1200, height: 800 });
    });
  });

  describe('development runs and the installed app', () => {
    it('a development run has its own name and data folder, so it never shares the installed copy’s lock or settings', async () => {
      const dev = await start();
      expect(dev.electron.app.getName()).toBe(DEVELOPMENT_NAME);
      expect(dev.electron.app.getPath('userData')).toBe(join(dev.electron.app.getPath('appData'), DEVELOPMENT_NAME));
      const installed = await start({ packaged: true });
      expect(installed.electron.app.getName()).toBe('Triage Desk');
      expect(installed.electron.app.getPath('userData')).toBe(installed.electron.userData);
    });

    it('keeps separate data for a test run when TRIAGE_USER_DATA is set, but not in the installed app', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'triage-userdata-'));
      const dev = await start({ env: { TRIAGE_USER_DATA: dir } });
      expect(dev.electron.app.getPath('userData')).toBe(dir);
      const installed = await start({ packaged: true, env: { TRIAGE_USER_DATA: dir } });
      expect(installed.electron.app.getPath('userData')).not.toBe(dir);
    });

    it('signs in with the demo variables only in a development run', async () => {
      const env = { TRIAGE_DEMO_BASE_URL: service.baseUrl, TRIAGE_DEMO_TOKEN: TOKENS.owner };
      const dev = await start({ env });
      expect(await dev.invoke('connections:active')).toMatchObject({
        ok: true,
        data: { connection: { label: 'Demo (this session only)', ephemeral: true } },
      });
      const installed = await start({ packaged: true, env });
      expect(await installed.invoke('connections:active')).toEqual({ ok: true, data: null });
    });
  });

  describe('quitting', () => {
    it('waits for writes in flight, then quits', async () => {
      const { invoke, electron } = await start({
        env: { TRIAGE_DEMO_BASE_URL: service.baseUrl, TRIAGE_DEMO_TOKEN: TOKENS.owner },
      });
      const write = invoke('api:setStatus', { itemId: 'it_1', status: 'deferred' });
      electron.app.quit();
      expect(electron.app.quitted).toBe(false);
      expect(await write).toMatchObject({ ok: true });
      await vi.waitFor(() => expect(electron.app.quitted).toBe(true));
      const again = await start({ env: { TRIAGE_DEMO_BASE_URL: service.baseUrl, TRIAGE_DEMO_TOKEN: TOKENS.owner } });
      expect(await again.invoke('api:getItem', { itemId: 'it_1' })).toMatchObject({
        ok: true,
        data: { status: 'deferred' },
      });
      await again.invoke('api:setStatus', { itemId: 'it_1', status: 'open' });
    });

    it('quits at once when nothing is being written', async () => {
      const idle = await start();
      idle.electron.app.quit();
      expect(idle.electron.app.quitted).toBe(true);
    });
  });

  describe('a window that stops', () => {
    it('is reloaded once and the person is told; a second stop within a minute asks first', async () => {
      const { window, electron, shell } = await start();
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 11 });
      expect(window.webContents.reloads).toBe(1);
      await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(1));
      expect(electron.dialog.showMessageBox.mock.calls[0]!.at(-1)).toMatchObject({
        message: 'The Triage Desk window stopped and was reloaded.',
        detail: expect.stringMatching(/\(crashed\)/),
      });

      electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'oom', exitCode: 0 });
      await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(2));
      expect(electron.dialog.showMessageBox.mock.calls[1]!.at(-1)).toMatchObject({
        message: 'The Triage Desk window stopped again.',
        buttons: ['Reload', 'Quit'],
      });
      await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
      expect(window.webContents.reloads).toBe(1);
      expect(readFileSync(shell.log.file, 'utf8')).toMatch(
        /ERROR window contents stopped reason="crashed" exitCode="11"/,
      );
    });

    it('is left alone after a clean exit', async () => {
      const { window, electron } = await start();
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'clean-exit', exitCode: 0 });
      expect(window.webContents.reloads).toBe(0);
      expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
    });
  });

  describe('a startup failure', () => {
    it('shows an error box, writes the log and exits non-zero', async () => {
      const { resetElectron } = await import('./support/fake-electron.js');
      const e = resetElectron();
      const { startShell } = await import('../../../src/main/electron/shell.js');
      e.screen.getAllDisplays = () => {
        throw new Error('no display');
      };
      expect(
        await startShell({
          platform,
          mainDir: join(tmpdir(), 'out', 'main'),
          env: { TRIAGE_KEYCHAIN_SERVICE: `triage-desk-shell-test-${process.pid}` },
          argv: ['x'],
        }),
      ).toBeNull();
      expect(e.dialog.showErrorBox).toHaveBeenCalledWith(
        'Triage Desk could not start',
        expect.stringMatching(/^no display\n\nDetails are in the log: .*triage-desk\.log$/),
      );
      expect(e.app.exit).toHaveBeenCalledWith(1);
      const logFile = (e.dialog.showErrorBox.mock.calls[0]![1] as string).split('Details are in the log: ')[1]!;
      expect(readFileSync(logFile, 'utf8')).toMatch(/ERROR Triage Desk could not start reason="no display"/);
    });
  });

  describe('menus, About and help', () => {
    it('sets File, Edit, View, Go, Window, Help as the application menu', async () => {
      const { electron } = await start();
      const menus = template(electron).map((m) => m.label ?? m.role);
      expect(menus.slice(-6)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'help']);
      expect(menus.length).toBe(platform === 'darwin' ? 7 : 6);
      expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith({ template: template(electron) });
    });

    it('a menu command goes to the page', async () => {
      const { electron, window, invoke } = await start();
      await invoke('app:takeOpenItem');
      find(template(electron), 'New Thread…')!.click!();
      expect(window.webContents.sent).toContainEqual({ channel: EVENTS.menuCommand, args: ['thread.create'] });
    });

    it('the View menu offers the workspace’s four views, each sent to the page', async () => {
      const { electron, window, invoke } = await start();
      await invoke('app:takeOpenItem');
      const view = template(electron).find((m) => m.label === 'View')!;
      const labels = (view.submenu as Array<{ label?: string }>).map((i) => i.label).filter(Boolean);
      expect(labels.slice(0, 4)).toEqual(['Board', 'Table', 'Hot Elements', 'Evidence Gallery']);
      find(template(electron), 'Hot Elements')!.click!();
      find(template(electron), 'Evidence Gallery')!.click!();
      expect(window.webContents.sent).toContainEqual({ channel: EVENTS.menuCommand, args: ['view.elements'] });
      expect(window.webContents.sent).toContainEqual({ channel: EVENTS.menuCommand, args: ['view.evidence'] });
    });

    it('keys the page handles are never registered twice (on macOS, not shown as key equivalents at all)', async () => {
      const { electron } = await start();
      const items = template(electron);
      expect(find(items, 'New Thread…')).toMatchObject({ accelerator: 'CmdOrCtrl+N' });
      if (platform === 'darwin') {
        expect(find(items, 'Command Palette…')!.accelerator).toBeUndefined();
        expect(find(items, 'Keyboard Shortcuts')!.accelerator).toBeUndefined();
      } else {
        expect(find(items, 'Command Palette…')).toMatchObject({
          accelerator: 'CmdOrCtrl+K',
          registerAccelerator: false,
        });
        expect(find(items, 'Keyboard Shortcuts')).toMatchObject({ accelerator: '?', registerAccelerator: false });
      }
    });

    it('has a Close item in the Window menu (Cmd+W / Ctrl+W)', async () => {
      const { electron } = await start();
      const windowMenu = template(electron).find((m) => m.label === 'Window')!;
      expect(roles(windowMenu.submenu!)).toContain('close');
    });

    it('has developer tools only while developing', async () => {
      const dev = await start();
      expect(roles(template(dev.electron))).toContain('toggleDevTools');
      const installed = await start({ packaged: true });
      expect(roles(template(installed.electron))).not.toContain('toggleDevTools');
      expect(roles(template(installed.electron))).not.toContain('reload');
    });

    it('sets the About panel with the version once (macOS would show "0.1.0 (0.1.0)")', async () => {
      const { electron } = await start();
      expect(electron.app.setAboutPanelOptions).toHaveBeenCalledWith({
        applicationName: 'Triage Desk',
        applicationVersion: '0.1.0',
        copyright: 'Triage Desk contributors',
      });
    });

    it('"Check the Keychain" reports what it found in a message box', async () => {
      const { electron } = await start();
      find(template(electron), 'Check the Keychain…')!.click!();
      await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalled());
      const options = electron.dialog.showMessageBox.mock.calls[0]!.at(-1) as { message: string; detail: string };
      // Under scripts/with-keyring.sh the keychain answers; without one, the box says how to fix it.
      expect(options.message).toMatch(/^(The keychain is reachable\.|Triage Desk cannot use the keychain\.)$/);
      expect(options.detail.length).toBeGreaterThan(20);
    });

    it('"Open the Log Folder" opens the logs folder in the app data folder', async () => {
      const { electron, shell } = await start();
      find(template(electron), 'Open the Log Folder')!.click!();
      const logs = join(electron.app.getPath('userData'), 'logs');
      expect(electron.shell.openPath).toHaveBeenCalledWith(logs);
      expect(shell.log.dir).toBe(logs);
    });
  });

  describe('the log', () => {
    it('records the start and failed calls, never a token or a body', async () => {
      const { invoke, shell } = await start();
      const token = 'tok_live_SECRET_abc123';
      await invoke('connections:add', { baseUrl: 'ftp://nope', token });
      await invoke('export:markdown', { suggestedName: 'x/y.md', content: 'Private message body' });
      const text = readFileSync(shell.log.file, 'utf8');
      expect(text).toMatch(new RegExp(`INFO Triage Desk starting version="0.1.0" platform="${platform}"`));
      expect(text).toMatch(/WARN bridge call failed channel="connections:add" kind="bad_request"/);
      expect(text).not.toContain(token);
      expect(text).not.toContain('Private message body');
    });

    it('records refused senders', async () => {
      const { invokeAs, shell } = await start();
      await invokeAs(
        { sender: new FakeWebContents(), senderFrame: { url: 'https://evil.example/', parent: null } },
        'network:state',
      );
      expect(readFileSync(shell.log.file, 'utf8')).toMatch(
        /bridge call refused: not from the Triage Desk window channel="network:state"/,
      );
    });
  });

  describe('notifications', () => {
    it('reports shown only when the system showed it, and a click opens the thread in the window', async () => {
      const { invoke, electron, window } = await start({ packaged: true });
      await invoke('app:takeOpenItem');
      expect(
        await invoke('notify:show', { itemId: 'itm_5', title: 'Cora mentioned you in Checkout app', body: 'look' }),
      ).toEqual({ ok: true, data: { shown: true } });
      const n = electron.Notification.instances[0]!;
      expect(n.shown).toBe(true);
      if (platform === 'win32') {
        // The toast carries the link itself, so a click after it has timed out still opens the thread.
        expect(n.options.toastXml).toContain('launch="triage-desk://item/itm_5"');
        expect(n.options.toastXml).toContain('<text>Cora mentioned you in Checkout app</text>');
        n.timeOut();
      } else {
        expect(n.options).toEqual({ title: 'Cora mentioned you in Checkout app', body: 'look' });
      }
      n.click(platform);
      expect(window.webContents.sent.filter((s) => s.channel === EVENTS.openItem)).toEqual([
        { channel: EVENTS.openItem, args: [{ itemId: 'itm_5' }] },
      ]);
      expect(window.focused).toBe(true);
    });

    it('says it was not shown, and why, when the system refuses it', async () => {
      const { invoke, electron } = await start({ packaged: true });
      electron.Notification.nextFailure = 'Toast notifications are disabled for this app';
      expect(await invoke('notify:show', { itemId: 'itm_5', title: 't', body: '' })).toEqual({
        ok: true,
        data: {
          shown: false,
          reason: 'The system could not show the notification (Toast notifications are disabled for this app).',
        },
      });
    });

    it('says so when the system has no notifications, and validates what it is asked to show', async () => {
      const { invoke, electron } = await start();
      electron.Notification.supported = false;
      expect(await invoke('notify:availability')).toMatchObject({
        ok: true,
        data: { available: false, reason: expect.stringMatching(/no desktop notifications/) },
      });
      expect(await invoke('notify:show', { itemId: 'itm_5', title: 't', body: '' })).toMatchObject({
        ok: true,
        data: { shown: false },
      });
      expect(await invoke('notify:show', { itemId: 'itm_5', title: 'x'.repeat(201), body: '' })).toMatchObject({
        ok: false,
        error: { kind: 'bad_request' },
      });
      expect(electron.Notification.instances).toHaveLength(0);
    });

    it(
      platform === 'darwin'
        ? 'says an unsigned build gets none, and never claims one was shown'
        : 'does not depend on a code signature',
      async () => {
        const { invoke, electron } = await start({ packaged: true, codeSignature: 'adhoc' });
        const availability = await invoke('notify:availability');
        const shown = await invoke('notify:show', { itemId: 'itm_5', title: 't', body: '' });
        if (platform === 'darwin') {
          expect(availability).toEqual({ ok: true, data: { available: false, reason: UNSIGNED_MAC_REASON } });
          expect(shown).toEqual({ ok: true, data: { shown: false, reason: UNSIGNED_MAC_REASON } });
          expect(electron.Notification.instances).toHaveLength(0);
        } else {
          expect(availability).toEqual({ ok: true, data: { available: true, reason: null } });
          expect(shown).toEqual({ ok: true, data: { shown: true } });
        }
      },
    );

    it(
      platform === 'win32' ? 'names the installed app to Windows, so its toasts are its own' : 'sets no Windows app ID',
      async () => {
        const installed = await start({ packaged: true });
        if (platform === 'win32') expect(installed.electron.app.setAppUserModelId).toHaveBeenCalledWith(APP_ID);
        else expect(installed.electron.app.setAppUserModelId).not.toHaveBeenCalled();
      },
    );

    it('never writes a notification text to the log', async () => {
      const { invoke, shell } = await start();
      await invoke('notify:show', { itemId: 'itm_5', title: 'Secret title', body: 'Private words' });
      const text = readFileSync(shell.log.file, 'utf8');
      expect(text).toContain('notification shown itemId="itm_5"');
      expect(text).not.toMatch(/Secret title|Private words/);
    });
  });

  describe('the clipboard', () => {
    it('copies text to the system clipboard', async () => {
      const { invoke, electron } = await start();
      expect(await invoke('shell:copyText', 'triage-desk://item/itm_5')).toEqual({ ok: true, data: null });
      expect(electron.clipboard.writeText).toHaveBeenCalledWith('triage-desk://item/itm_5');
    });
  });

  describe('the smoke test the release run starts', () => {
    it('checks the page, a bridge round trip and the keychain, writes the result and exits 0', async () => {
      const resultFile = join(mkdtempSync(join(tmpdir(), 'triage-smoke-')), 'result.json');
      const lines: string[] = [];
      const { window, electron, invoke } = await start({
        packaged: true,
        argv: ['triage-desk', '--smoke-test', `--smoke-result=${resultFile}`],
        out: (l) => lines.push(l),
      });
      // A fresh throwaway data folder: never the person's own.
      expect(electron.app.getPath('userData')).not.toBe(electron.userData);
      expect(electron.app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
      window.webContents.evaluate = (code) => {
        if (code.includes('childElementCount')) return 2;
        if (code.includes('window.triage.networkState()'))
          return invoke('network:state').then((r) => JSON.stringify(r));
        throw new Error(`unexpected script ${code}`);
      };
      window.webContents.finishLoad();
      await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalled(), { timeout: 15_000 });
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { ok: boolean; steps: string[]; reason?: string };
      expect(result.reason).toBeUndefined();
      expect(result).toMatchObject({ ok: true });
      expect(result.steps).toHaveLength(4);
      expect(electron.app.exit).toHaveBeenCalledWith(0);
      expect(lines).toEqual([expect.stringMatching(/^Triage Desk smoke test: passed \(4 steps: /)]);
    });

    it('exits non-zero with the reason when the page does not load', async () => {
      const resultFile = join(mkdtempSync(join(tmpdir(), 'triage-smoke-')), 'result.json');
      const { window, electron } = await start({
        packaged: true,
        argv: ['triage-desk', '--smoke-test', `--smoke-result=${resultFile}`],
        out: () => {},
      });
      window.webContents.emit('did-fail-load', fakeEvent(), -6, 'ERR_FILE_NOT_FOUND');
      await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
      expect(JSON.parse(readFileSync(resultFile, 'utf8'))).toEqual({
        ok: false,
        steps: [],
        reason: 'the window loads the page: ERR_FILE_NOT_FOUND (-6)',
      });
    });
  });
});

describe('the recording fake keeps to Electron’s documented rules', () => {
  it('refuses windows, the screen, the session and protocol.handle before ready, and privileged schemes after it', async () => {
    const { resetElectron, FakeBrowserWindow } = await import('./support/fake-electron.js');
    const e = resetElectron();
    expect(() => new FakeBrowserWindow({})).toThrow(/before the app is ready/);
    expect(() => e.screen.getAllDisplays()).toThrow(/before the app is ready/);
    expect(() => e.session.defaultSession).toThrow(/before the app is ready/);
    expect(() => e.protocol.handle('app', () => new Response(''))).toThrow(/before the app is ready/);
    const ready = e.app.whenReady();
    expect(e.app.isReady()).toBe(false);
    await ready;
    expect(e.app.isReady()).toBe(true);
    expect(() => e.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow(/before app is ready/);
  });
});

describe('macOS with the window closed', () => {
  it('a link, a menu command or a click on the Dock icon brings a window back', async () => {
    const { electron, window, invokeAs, pageUrl } = await startTestShell({ platform: 'darwin' });
    window.close();
    electron.app.emit('open-url', fakeEvent(), 'triage-desk://item/itm_3');
    expect(electron.BrowserWindow.getAllWindows()).toHaveLength(1);
    const second = electron.BrowserWindow.getAllWindows()[0]!;
    expect(second.visible).toBe(true);
    // The new page takes the link once it listens.
    const asNew = { sender: second.webContents, senderFrame: { url: pageUrl, parent: null } };
    expect(await invokeAs(asNew, 'app:takeOpenItem')).toEqual({ ok: true, data: { itemId: 'itm_3' } });

    second.close();
    find(template(electron), 'New Thread…')!.click!();
    const third = electron.BrowserWindow.getAllWindows()[0]!;
    expect(third).toBeDefined();
    await invokeAs({ sender: third.webContents, senderFrame: { url: pageUrl, parent: null } }, 'app:takeOpenItem');
    await new Promise((r) => setImmediate(r));
    expect(third.webContents.sent).toContainEqual({ channel: EVENTS.menuCommand, args: ['thread.create'] });

    third.close();
    electron.app.emit('activate', fakeEvent(), false);
    expect(electron.BrowserWindow.getAllWindows()).toHaveLength(1);
  });

  it('a notification clicked after the window was closed opens the thread in a new window', async () => {
    const { electron, window, invoke, invokeAs, pageUrl } = await startTestShell({
      platform: 'darwin',
      packaged: true,
    });
    await invoke('app:takeOpenItem');
    await invoke('notify:show', { itemId: 'itm_9', title: 'Assigned to you', body: '' });
    window.close();
    electron.Notification.instances[0]!.click('darwin');
    const reopened = electron.BrowserWindow.getAllWindows()[0]!;
    expect(reopened).toBeDefined();
    expect(reopened.visible).toBe(true);
    expect(
      await invokeAs({ sender: reopened.webContents, senderFrame: { url: pageUrl, parent: null } }, 'app:takeOpenItem'),
    ).toEqual({ ok: true, data: { itemId: 'itm_9' } });
  });
});

describe('browser sign-in in the desktop app', () => {
  it('opens the sign-in page in the system browser (never a window of ours), tells the page, and signs in', async () => {
    const oauthService = await startServer(baseWorld(), {
      oauth: { enabled: true, personas: ['u_owner'] },
      authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 },
    });
    try {
      const { invoke, electron, window } = await startTestShell({ platform: 'linux' });
      electron.shell.openExternal.mockImplementation((url: string) =>
        answerSignIn(oauthService.baseUrl, url, /Olivia Owner/),
      );
      const r = await invoke('connections:signIn', { baseUrl: oauthService.baseUrl, label: 'Desktop sign-in' });
      expect(r).toMatchObject({
        ok: true,
        data: { connection: { label: 'Desktop sign-in', auth: 'browser' }, you: { name: 'Olivia Owner' } },
      });
      const opened = electron.shell.openExternal.mock.calls.map((c) => String(c[0]));
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatch(new RegExp(`^${oauthService.baseUrl}/oauth/auth\\?`));
      expect(window.webContents.sent).toContainEqual({ channel: EVENTS.signInPage, args: [opened[0]] });
      expect(electron.BrowserWindow.instances).toHaveLength(1);
      const removed = await invoke(
        'connections:remove',
        (r as { data: { connection: { id: string } } }).data.connection.id,
      );
      expect(removed).toEqual({ ok: true, data: null });
    } finally {
      await oauthService.close();
    }
  });
});
