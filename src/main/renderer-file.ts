import type { PlatformPath } from 'node:path';

/**
 * The file under the built renderer (`rootDir`) a URL path names, `/` naming index.html; null
 * when it names anything else: a segment that climbs (also encoded, %2e%2e or %2f), a
 * backslash, a NUL or a drive letter. Both ways the page is served (the desktop app's app://
 * scheme and browser mode's gateway) read only files this gives.
 */
export function rendererFileFor(rootDir: string, rawPathname: string, path: PlatformPath): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return null;
  }
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..' || /[\\\0:]/.test(s))) return null;
  const file = path.resolve(rootDir, ...segments);
  const inside = path.relative(rootDir, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return file;
}
