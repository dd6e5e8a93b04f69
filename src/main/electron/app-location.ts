import { fileURLToPath } from 'node:url';

/**
 * Where the window's page comes from, and so which URLs count as "the app": our own
 * index.html inside the package, or the electron-vite dev server while developing. The dev
 * server is honoured only when the app is not packaged, so an installed copy can never be
 * pointed at another page by setting ELECTRON_RENDERER_URL.
 */
export interface AppLocation {
  rendererFile: string;
  /** Set only for an unpackaged app started by `electron-vite dev`. */
  devServerUrl: string | null;
  isAppUrl(raw: string): boolean;
}

export function appLocation(opts: { rendererFile: string; devServerUrl: string | undefined; packaged: boolean }): AppLocation {
  const devServerUrl = !opts.packaged && opts.devServerUrl ? httpUrlOrNull(opts.devServerUrl) : null;
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : null;
  return {
    rendererFile: opts.rendererFile,
    devServerUrl,
    isAppUrl(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return false;
      }
      if (devOrigin) return url.origin === devOrigin;
      if (url.protocol !== 'file:' || url.host !== '') return false;
      try {
        return fileURLToPath(url) === opts.rendererFile;
      } catch {
        return false;
      }
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
