import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { externalUrlOrNull } from '../bridge/external-url.js';
import { RENDERER_CSP } from '../../shared/renderer-csp.js';
import type { AppLocation } from './app-location.js';

/**
 * The Electron security checklist applied to every web contents and the session: navigation
 * and new-window locks, no <webview>, permissions denied, CSP on our page. docs/security.md
 * explains each; tests/unit/electron checks each against a recording fake of Electron.
 */

export function lockDownContents(contents: WebContents, opts: { location: AppLocation; openExternal(url: string): void }): void {
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!opts.location.isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const safe = externalUrlOrNull(url);
    if (safe) opts.openExternal(safe);
    return { action: 'deny' };
  });
}

export function lockDownSession(ses: Session, location: AppLocation): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (location.isAppUrl(details.url)) headers['Content-Security-Policy'] = [RENDERER_CSP];
    callback({ responseHeaders: headers });
  });
}

/** Only our window's top frame, showing our own page, may call the bridge. */
export function isTrustedSender(event: IpcMainInvokeEvent, window: { webContents: WebContents } | null, location: AppLocation): boolean {
  if (!window || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return location.isAppUrl(frame.url);
}
