import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAppFileServer, fileForRequest } from '../../../src/main/electron/app-protocol.js';
import { RENDERER_CSP } from '#shared/renderer-csp.js';

describe('the app:// file server on this machine’s paths', () => {
  const root = path.resolve(mkdtempSync(path.join(tmpdir(), 'triage-app-protocol-')));
  const rendererDir = path.join(root, 'out', 'renderer');
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(rendererDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(path.join(rendererDir, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(path.join(root, 'secret.txt'), 'outside');
  const serve = createAppFileServer({ rootDir: rendererDir, path, readFile });

  it('answers the page for / and /index.html, with the CSP and nosniff', async () => {
    for (const url of [
      'app://triage-desk/',
      'app://triage-desk/index.html',
      'app://triage-desk/index.html?x=1#/projects',
    ]) {
      const r = await serve(new Request(url));
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await r.text()).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('gives each file its type, so module scripts and styles are accepted under nosniff', async () => {
    expect((await serve(new Request('app://triage-desk/assets/app.css'))).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await serve(new Request('app://triage-desk/assets/font.woff2'))).headers.get('content-type')).toBe(
      'font/woff2',
    );
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await serve(new Request('app://triage-desk/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await serve(new Request('app://triage-desk/index.html', { method: 'PUT', body: 'x' }))).status).toBe(405);
  });

  it('never reads outside the page, for any path a page could ask for', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom(
            '..',
            '%2e%2e',
            '.',
            '%2f',
            '%5c',
            'assets',
            'secret.txt',
            '%00',
            'index.html',
            '..%2f',
            'C:',
            '%2e',
          ),
          { maxLength: 6 },
        ),
        async (parts) => {
          const url = `app://triage-desk/${parts.join('/')}`;
          const r = await serve(new Request(url));
          if (r.status === 200) expect(await r.text()).not.toBe('outside');
          const file = fileForRequest(url, { rootDir: rendererDir, path });
          if (file) expect(path.relative(rendererDir, file).startsWith('..')).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the app:// file server with Windows path rules', () => {
  const rootDir = 'C:\\Users\\Ana\\AppData\\Local\\Programs\\Triage Desk\\resources\\app.asar\\out\\renderer';
  const files = new Map([
    [`${rootDir}\\index.html`, 'page'],
    [`${rootDir}\\assets\\index.js`, 'script'],
    ['C:\\Users\\Ana\\AppData\\Local\\Programs\\Triage Desk\\resources\\app.asar\\out\\main\\index.js', 'main'],
  ]);
  const readFileWin = async (file: string) => {
    // Windows file names ignore case; the drive letter may come either way.
    const hit = [...files].find(([k]) => k.toLowerCase() === file.toLowerCase());
    if (!hit) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return new TextEncoder().encode(hit[1]);
  };

  it('serves the page and its scripts from a drive-letter folder, whichever case the drive letter has', async () => {
    for (const dir of [rootDir, `c${rootDir.slice(1)}`]) {
      const serve = createAppFileServer({ rootDir: dir, path: path.win32, readFile: readFileWin });
      expect(await (await serve(new Request('app://triage-desk/index.html'))).text()).toBe('page');
      expect(await (await serve(new Request('app://triage-desk/assets/index.js'))).text()).toBe('script');
    }
  });

  it('refuses backslashes, drive letters, UNC paths and climbing out, encoded or not', () => {
    for (const url of [
      'app://triage-desk/..\\main\\index.js',
      'app://triage-desk/%5c..%5cmain%5cindex.js',
      'app://triage-desk/..%2fmain%2findex.js',
      'app://triage-desk/C:%5cWindows%5cwin.ini',
      'app://triage-desk/C:/Windows/win.ini',
      'app://triage-desk/%5c%5cserver%5cshare%5cx',
      'app://triage-desk/assets/..%2f..%2fmain/index.js',
    ]) {
      expect(fileForRequest(url, { rootDir, path: path.win32 }), url).toBeNull();
    }
    expect(fileForRequest('app://triage-desk/assets/index.js', { rootDir, path: path.win32 })).toBe(
      `${rootDir}\\assets\\index.js`,
    );
  });
});
