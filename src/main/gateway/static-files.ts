import { readFile, stat } from 'node:fs/promises';
import path, { join } from 'node:path';
import { contentTypeOf } from '../content-types.js';
import { rendererFileFor } from '../renderer-file.js';

interface StaticFile {
  body: Buffer;
  type: string;
}

/**
 * The built renderer's file a URL path names (see rendererFileFor); a path naming no file
 * falls back to index.html, so reloading a deep link still opens the app.
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const full = rendererFileFor(root, urlPath.split('?')[0] ?? '/', path);
  if (full === null) return null;
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
