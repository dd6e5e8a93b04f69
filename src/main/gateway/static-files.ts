import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { contentTypeOf } from '../content-types.js';

export interface StaticFile {
  body: Buffer;
  type: string;
}

/**
 * Resolves a URL path to a file inside the built renderer, never outside it; unknown
 * paths fall back to index.html so reloading a deep link still opens the app.
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(root, rel);
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const target = (await isFile(full)) ? full : join(root, 'index.html');
  try {
    return { body: await readFile(target), type: contentTypeOf(target) };
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
