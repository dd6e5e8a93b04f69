import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appLocation } from '../../../src/main/electron/app-location.js';
import { deepLinkInArgv, itemLink, parseDeepLink } from '../../../src/main/electron/deep-link.js';
import { describeKeychainCheck } from '../../../src/main/electron/keychain-help.js';
import {
  loadWindowState,
  minimumSize,
  placeOnScreen,
  saveWindowState,
} from '../../../src/main/electron/window-state.js';
import { createLogFile, scrub } from '../../../src/main/logging/log-file.js';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

describe('thread links', () => {
  it('round-trips item IDs, including ones that need escaping', () => {
    for (const id of ['itm_1', 'itm 2/with#odd?chars', 'ünï'])
      expect(parseDeepLink(itemLink(id))).toEqual({ ok: true, itemId: id });
  });

  it('explains links it cannot use', () => {
    expect(parseDeepLink('https://example.com/item/1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a Triage Desk link/),
    });
    expect(parseDeepLink('triage-desk://item/')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Thread links look like/),
    });
    expect(parseDeepLink('triage-desk://item/a/b')).toMatchObject({ ok: false });
    expect(parseDeepLink('triage-desk://project/1')).toMatchObject({ ok: false });
    expect(parseDeepLink('triage-desk://item/%E0%A4%A')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not readable/),
    });
    expect(parseDeepLink(`triage-desk://item/${'x'.repeat(300)}`)).toMatchObject({ ok: false });
    expect(parseDeepLink('::::')).toMatchObject({ ok: false });
  });

  it('refuses thread IDs with control characters, DEL, C1 controls or bidi marks and overrides', () => {
    for (const hidden of [
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ]) {
      expect(parseDeepLink(itemLink(`itm${hidden}1`)), JSON.stringify(hidden)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/not a valid thread ID/),
      });
    }
    expect(parseDeepLink(itemLink('itm_\u00e9\u4e2d'))).toEqual({ ok: true, itemId: 'itm_\u00e9\u4e2d' });
  });

  it('finds the link among the arguments the OS and Chromium pass', () => {
    expect(deepLinkInArgv(['/usr/bin/triage-desk', '--allow-file-access-from-files', 'triage-desk://item/itm_9'])).toBe(
      'triage-desk://item/itm_9',
    );
    expect(deepLinkInArgv(['C:\\Triage Desk\\triage-desk.exe', 'TRIAGE-DESK://item/x'])).toBe('TRIAGE-DESK://item/x');
    expect(deepLinkInArgv(['/usr/bin/triage-desk'])).toBeNull();
  });
});

describe('app location', () => {
  const rendererDir = '/app/out/renderer';
  it('counts only our own origin, app://triage-desk, as the app when packaged', () => {
    const l = appLocation({ rendererDir, devServerUrl: 'http://localhost:5173', packaged: true });
    expect(l.devServerUrl).toBeNull();
    expect(l.entryUrl).toBe('app://triage-desk/index.html');
    expect(l.isAppUrl('app://triage-desk/index.html#/p/x')).toBe(true);
    expect(l.isAppUrl('app://TRIAGE-DESK/index.html')).toBe(true);
    expect(l.isAppUrl('app://triage-desk.evil/index.html')).toBe(false);
    expect(l.isAppUrl('app://user:pw@triage-desk/index.html')).toBe(false);
    expect(l.isAppUrl('file:///app/out/renderer/index.html')).toBe(false);
    expect(l.isAppUrl('http://localhost:5173/')).toBe(false);
  });
  it('counts the dev server origin while developing', () => {
    const l = appLocation({ rendererDir, devServerUrl: 'http://localhost:5173', packaged: false });
    expect(l.entryUrl).toBe('http://localhost:5173/');
    expect(l.isAppUrl('http://localhost:5173/#/projects')).toBe(true);
    expect(l.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(l.isAppUrl('app://triage-desk/index.html')).toBe(false);
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  it('keeps a window that is on screen', () => {
    expect(placeOnScreen({ x: 100, y: 50, width: 1200, height: 800 }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 800,
    });
  });
  it('brings back a window whose monitor is gone, shrunk to fit', () => {
    expect(placeOnScreen({ x: 3000, y: 200, width: 2500, height: 1400 }, screen)).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
    });
    expect(placeOnScreen({ x: -2000, y: 100, width: 1000, height: 700 }, screen)).toEqual({
      x: 0,
      y: 100,
      width: 1000,
      height: 700,
    });
  });
  it('moves a window whose title bar is above the screen', () => {
    expect(placeOnScreen({ x: 100, y: -500, width: 1000, height: 700 }, screen)).toEqual({
      x: 100,
      y: 0,
      width: 1000,
      height: 700,
    });
  });
  it('picks the monitor that holds most of the window', () => {
    const two = [...screen, { x: 1920, y: 0, width: 1280, height: 1000 }];
    expect(placeOnScreen({ x: 1920 + 100, y: 100, width: 900, height: 600 }, two)).toEqual({
      x: 2020,
      y: 100,
      width: 900,
      height: 600,
    });
  });
  it('opens at the default size without a saved position or monitors', () => {
    expect(placeOnScreen(null, screen)).toBeNull();
    expect(placeOnScreen({ x: 0, y: 0, width: 900, height: 600 }, [])).toBeNull();
  });
  it('saves and loads; a damaged file is a first launch with a warning', async () => {
    const dir = tmp('triage-ws-');
    const file = join(dir, 'sub', 'window-state.json');
    saveWindowState(file, { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true, fullScreen: true });
    expect(await loadWindowState(file)).toEqual({
      bounds: { x: 1, y: 2, width: 1000, height: 700 },
      maximized: true,
      fullScreen: true,
    });
    expect(readdirSync(join(dir, 'sub'))).toEqual(['window-state.json']);
    writeFileSync(file, '{"bounds": {"x": "evil"}');
    const warnings: string[] = [];
    expect(await loadWindowState(file, (m) => warnings.push(m))).toEqual({
      bounds: null,
      maximized: false,
      fullScreen: false,
    });
    expect(warnings[0]).toMatch(/unreadable/);
    expect(await loadWindowState(join(dir, 'none.json'))).toEqual({
      bounds: null,
      maximized: false,
      fullScreen: false,
    });
  });
  it('reads a file saved before full screen was remembered', async () => {
    const file = join(tmp('triage-ws-'), 'window-state.json');
    writeFileSync(file, JSON.stringify({ bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false }));
    expect(await loadWindowState(file)).toEqual({
      bounds: { x: 1, y: 2, width: 1000, height: 700 },
      maximized: false,
      fullScreen: false,
    });
  });
  it('never asks for a window larger than the smallest monitor', () => {
    expect(minimumSize(screen)).toEqual({ width: 900, height: 600 });
    expect(minimumSize([{ x: 0, y: 0, width: 1024, height: 552 }])).toEqual({ width: 900, height: 552 });
    expect(minimumSize([])).toEqual({ width: 900, height: 600 });
    expect(
      placeOnScreen({ x: 3000, y: 0, width: 1400, height: 900 }, [{ x: 0, y: 0, width: 800, height: 560 }]),
    ).toEqual({ x: 0, y: 0, width: 800, height: 560 });
  });
});

describe('log file', () => {
  it('writes one line per event with its fields', () => {
    const dir = tmp('triage-log-');
    const log = createLogFile({ dir, now: () => new Date('2026-11-23T10:00:00Z') });
    log.info('started', { version: '0.1.0', packaged: false });
    log.error('multi\nline', { reason: 'x' });
    expect(readFileSync(log.file, 'utf8')).toBe(
      '2026-11-23T10:00:00.000Z INFO started version="0.1.0" packaged="false"\n2026-11-23T10:00:00.000Z ERROR multi line reason="x"\n',
    );
  });

  it('never writes tokens, secrets or bodies, whatever the caller passes', () => {
    const dir = tmp('triage-log-');
    const log = createLogFile({ dir });
    log.warn('request failed: Authorization: Bearer abc.def-123 at http://u:p@host/x?secret=s3cr3t&y=1', {
      token: 't0k',
      body: 'hello',
      content: 'c',
      itemId: 'itm_1',
    });
    const text = readFileSync(log.file, 'utf8');
    for (const s of ['abc.def-123', 'u:p@', 's3cr3t', 't0k', 'hello', '"c"']) expect(text).not.toContain(s);
    expect(text).toContain('itemId="itm_1"');
    expect(scrub('Bearer xyz')).toBe('Bearer [redacted]');
  });

  it('rotates at the size limit and keeps a bounded number of old files', () => {
    const dir = tmp('triage-log-');
    const log = createLogFile({ dir, maxBytes: 200, keep: 2 });
    for (let i = 0; i < 40; i++) log.info(`event number ${i}`);
    expect(readdirSync(dir).sort()).toEqual(['triage-desk.1.log', 'triage-desk.2.log', 'triage-desk.log']);
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).length).toBeLessThanOrEqual(200);
    expect(readFileSync(log.file, 'utf8')).toContain('event number 39');
  });

  it('a folder it cannot write to does not throw', () => {
    const dir = tmp('triage-log-');
    writeFileSync(join(dir, 'file'), '');
    const log = createLogFile({ dir: join(dir, 'file', 'logs') });
    expect(() => log.info('x')).not.toThrow();
  });
});

describe('keychain help', () => {
  it('names the fix for each platform when the keychain fails', () => {
    expect(describeKeychainCheck('linux', { ok: false, message: 'No keychain.' }).detail).toMatch(/gnome-keyring/);
    expect(describeKeychainCheck('darwin', { ok: false, message: 'No keychain.' }).detail).toMatch(/Keychain Access/);
    expect(describeKeychainCheck('win32', { ok: false, message: 'No keychain.' }).detail).toMatch(/Credential Manager/);
    expect(describeKeychainCheck('linux', { ok: true, saved: 2 })).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/Saved connections: 2/),
    });
  });
});
