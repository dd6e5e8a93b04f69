import { APP_ENTRY_URL, APP_HOST, APP_SCHEME } from './app-protocol.js';

/**
 * Where the window's page comes from, and so which URLs count as "the app": our own page on
 * app://triage-desk (app-protocol.ts), or the electron-vite dev server while developing. The
 * dev server is honoured only when the app is not packaged, so an installed copy can never
 * be pointed at another page by setting ELECTRON_RENDERER_URL.
 */
export interface AppLocation {
  /** What the window loads. */
  entryUrl: string;
  /** The built page's folder, served on app:// (unused while a dev server serves the page). */
  rendererDir: string;
  /** Set only for an unpackaged app started by `electron-vite dev`. */
  devServerUrl: string | null;
  isAppUrl(raw: string): boolean;
}

export function appLocation(opts: {
  rendererDir: string;
  devServerUrl: string | undefined;
  packaged: boolean;
}): AppLocation {
  const devServerUrl = !opts.packaged && opts.devServerUrl ? httpUrlOrNull(opts.devServerUrl) : null;
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : null;
  return {
    entryUrl: devServerUrl ?? APP_ENTRY_URL,
    rendererDir: opts.rendererDir,
    devServerUrl,
    isAppUrl(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return false;
      }
      if (devOrigin) return url.origin === devOrigin;
      // app: is not a scheme WHATWG URL knows, so its origin reads "null" and its host keeps
      // its case (Chromium lowercases it): compare the parts.
      return (
        url.protocol === `${APP_SCHEME}:` &&
        url.host.toLowerCase() === APP_HOST &&
        url.username === '' &&
        url.password === ''
      );
    },
  };
}

function httpUrlOrNull(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}
