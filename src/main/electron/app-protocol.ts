import type { PlatformPath } from 'node:path';
import { RENDERER_CSP } from '#shared/renderer-csp.js';
import { contentTypeOf } from '../content-types.js';
import { rendererFileFor } from '../renderer-file.js';

/**
 * The window's page is served from app://triage-desk/, a privileged standard scheme, not
 * from file://. "Is this our page?" is then one origin compare (no file paths, so no drive
 * letter or case to get wrong), the page's ES modules load without Electron's extra file://
 * privileges (that fuse is off), and the CSP travels as a real response header, which
 * webRequest would never add to a file:// or custom-protocol response.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'triage-desk';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Registered before `ready`: standard (an origin, storage), secure, fetch-able, code-cached. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

interface AppFileServerOptions {
  /** The built renderer (out/renderer), inside app.asar when packaged. */
  rootDir: string;
  /** The platform's path rules: path.win32 on Windows (case-insensitive, either slash). */
  path: PlatformPath;
  readFile(file: string): Promise<Uint8Array>;
}

function answer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/** The file under rootDir a request names (see rendererFileFor), or null, also for another scheme or host. */
export function fileForRequest(url: string, opts: Pick<AppFileServerOptions, 'rootDir' | 'path'>): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // Chromium lowercases a standard scheme's host; WHATWG URL in Node leaves a custom one as written.
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) return null;
  return rendererFileFor(opts.rootDir, parsed.pathname, opts.path);
}

export function createAppFileServer(opts: AppFileServerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Only GET and HEAD');
    const file = fileForRequest(request.url, opts);
    if (!file) return answer(404, 'Not found');
    let body: Uint8Array;
    try {
      body = await opts.readFile(file);
    } catch {
      return answer(404, 'Not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'content-type': contentTypeOf(file),
        'content-security-policy': RENDERER_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
    });
  };
}
