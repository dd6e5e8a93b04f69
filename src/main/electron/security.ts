import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { externalUrlOrNull } from '../bridge/external-url.js';
import type { AppLocation } from './app-location.js';

/**
 * The Electron security checklist applied to every web contents and the session: navigation
 * and new-window locks, no <webview>, permissions denied. docs/security.md
 * explains each; tests/unit/electron checks each against a recording fake of Electron.
 */

export function lockDownContents(
  contents: WebContents,
  opts: { location: AppLocation; openExternal(url: string): void },
): void {
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

/**
 * Every permission a page can ask for is denied. The CSP is not added here: webRequest never
 * sees app:// responses (nor file://), so the page's own protocol sends it (app-protocol.ts),
 * and the dev server sends its own nonce-based one.
 */
export function lockDownSession(ses: Session): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** Only our window's top frame, showing our own page, may call the bridge. */
export function isTrustedSender(
  event: IpcMainInvokeEvent,
  window: { webContents: WebContents } | null,
  location: AppLocation,
): boolean {
  if (!window || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return location.isAppUrl(frame.url);
}
