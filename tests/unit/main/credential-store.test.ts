import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKeychainStore,
  KEYCHAIN_UNAVAILABLE_MESSAGE,
  KeychainError,
  KeychainUnavailableError,
  createBindingLoader,
  toKeychainError,
} from '../../../src/main/services/credential-store.js';
import { ENTRY_OPTIONS, requireKeyring, uniqueService, wipeService } from './support/keyring.js';

const run = promisify(execFile);

const conn = (n: number) => ({
  baseUrl: `https://feedback${n}.example.com`,
  token: `tok-secret-${n}-abcdef`,
  label: `Connection ${n}`,
  userName: `User ${n}`,
  addedAt: 1_700_000_000_000 + n,
});

describe('keychain credential store (real gnome-keyring)', () => {
  const service = uniqueService('store');
  const warnings: string[] = [];
  const store = createKeychainStore({ service, warn: (m) => warnings.push(m) });

  beforeAll(requireKeyring);
  afterAll(() => wipeService(service));

  it('adds, lists without tokens, gets with the token, and removes', async () => {
    const a = await store.add(conn(1));
    const b = await store.add({ ...conn(2), id: 'fixed-id' });
    expect(a).toEqual({
      id: expect.any(String),
      label: 'Connection 1',
      baseUrl: 'https://feedback1.example.com',
      userName: 'User 1',
      addedAt: conn(1).addedAt,
      ephemeral: false,
      auth: 'token',
    });
    expect(b.id).toBe('fixed-id');

    const listed = await store.list();
    expect(listed).toEqual([a, b]);
    expect(JSON.stringify(listed)).not.toMatch(/tok-secret/);
    for (const s of listed)
      expect(Object.keys(s).sort()).toEqual(['addedAt', 'auth', 'baseUrl', 'ephemeral', 'id', 'label', 'userName']);

    expect(await store.get(a.id)).toEqual({ summary: a, token: conn(1).token });

    expect(await store.remove(a.id)).toBe(true);
    expect(await store.remove(a.id)).toBe(false);
    expect(await store.get(a.id)).toBeNull();
    expect(await store.list()).toEqual([b]);
  });

  it('keeps one entry per connection: account = id, password = the connection JSON', async () => {
    const s = await store.add(conn(3));
    const raw = await new AsyncEntry(service, s.id, ENTRY_OPTIONS).getPassword();
    expect(JSON.parse(raw ?? 'null')).toEqual({
      baseUrl: conn(3).baseUrl,
      token: conn(3).token,
      label: conn(3).label,
      userName: conn(3).userName,
      addedAt: conn(3).addedAt,
    });
  });

  it('skips entries that are not ours or not JSON, with a warning that leaks no secret', async () => {
    const foreign = uniqueService('foreign');
    const other = createKeychainStore({ service: foreign, warn: (m) => warnings.push(m) });
    try {
      await new AsyncEntry(foreign, 'not-json', ENTRY_OPTIONS).setPassword('hunter2-plain-password');
      await new AsyncEntry(foreign, 'other-app', ENTRY_OPTIONS).setPassword(JSON.stringify({ apiKey: 'other-secret' }));
      const mine = await other.add(conn(4));
      warnings.length = 0;

      expect(await other.list()).toEqual([mine]);
      expect(warnings).toHaveLength(2);
      expect(warnings.join('\n')).toMatch(/Skipping keychain entry "not-json".*not JSON/);
      expect(warnings.join('\n')).toMatch(
        /Skipping keychain entry "other-app".*does not look like a Triage Desk connection/,
      );
      expect(warnings.join('\n')).not.toMatch(/hunter2|other-secret/);
      expect(await other.get('other-app')).toBeNull();
    } finally {
      await wipeService(foreign);
    }
  });

  it('answers null / false for a connection that is not there', async () => {
    expect(await store.get('never-added')).toBeNull();
    expect(await store.remove('never-added')).toBe(false);
  });
});

describe('keychain unreachable', () => {
  it('throws KeychainUnavailableError naming the fix for every operation', async () => {
    const child = fileURLToPath(new URL('./support/keychain-child.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child, uniqueService('unreachable')], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/triage-desk-test-bus' },
      timeout: 20_000,
    });
    const result = JSON.parse(stdout) as Record<
      string,
      { ok: boolean; name?: string; message?: string; detail?: string }
    >;
    for (const op of ['add', 'list', 'get', 'remove']) {
      expect(result[op], op).toMatchObject({
        ok: false,
        name: 'KeychainUnavailableError',
        message: KEYCHAIN_UNAVAILABLE_MESSAGE,
      });
    }
    expect(result.add?.detail).toMatch(/nonexistent\/triage-desk-test-bus/);
    expect(KEYCHAIN_UNAVAILABLE_MESSAGE).toBe(
      'No OS keychain is reachable, so Triage Desk cannot store your token safely. On Linux, install and unlock a Secret Service keyring (GNOME Keyring or KWallet) and sign in to your desktop session, then try again.',
    );
  });

  it('classifies the binding failures that mean "no keychain"', () => {
    for (const detail of [
      "Couldn't access platform storage: Secret Service: no result found",
      'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
      'zbus error: Failed to connect to address `unix:path=/run/user/0/bus`: No such file or directory (os error 2)',
    ]) {
      const e = toKeychainError(new Error(detail));
      expect(e).toBeInstanceOf(KeychainUnavailableError);
      expect(e.detail).toBe(detail);
    }
    const other = toKeychainError(new Error('Entry is matched by 2 credentials'));
    expect(other).toBeInstanceOf(KeychainError);
    expect(other).not.toBeInstanceOf(KeychainUnavailableError);
    expect(other.message).toMatch(/refused the request \(Entry is matched by 2 credentials\)/);
  });
});

describe('the keychain binding', () => {
  it('is loaded on first use: a missing native binary makes each call "keychain unavailable", and loading is tried again next time', async () => {
    let attempts = 0;
    const store = createKeychainStore({
      service: uniqueService('no-binding'),
      binding: createBindingLoader(() => {
        attempts += 1;
        return Promise.reject(new Error("Cannot find module '@napi-rs/keyring-linux-x64-gnu'"));
      }),
    });
    expect(attempts).toBe(0);
    for (const op of [() => store.list(), () => store.get('x'), () => store.add(conn(1)), () => store.remove('x')]) {
      const e = await op().catch((err: unknown) => err);
      expect(e).toBeInstanceOf(KeychainUnavailableError);
      expect((e as KeychainUnavailableError).message).toBe(KEYCHAIN_UNAVAILABLE_MESSAGE);
      expect((e as KeychainUnavailableError).detail).toMatch(
        /^the keychain binding could not be loaded: Cannot find module '@napi-rs\/keyring-linux-x64-gnu'/,
      );
    }
    expect(attempts).toBe(4);
  });

  it('loads once and is kept', async () => {
    let attempts = 0;
    const load = createBindingLoader(() => {
      attempts += 1;
      return import('@napi-rs/keyring');
    });
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(typeof a.AsyncEntry).toBe('function');
    expect(attempts).toBe(1);
  });

  it('is not imported by the credential store module itself, so startup never waits on it', async () => {
    const source = await import('node:fs/promises').then((fs) =>
      fs.readFile(fileURLToPath(new URL('../../../src/main/services/credential-store.ts', import.meta.url)), 'utf8'),
    );
    expect(source).not.toMatch(/^import (?!type )[^;]*'@napi-rs\/keyring'/m);
  });
});

describe('a browser sign-in in the keychain', () => {
  const service = uniqueService('sign-in');
  const store = createKeychainStore({ service });
  beforeAll(requireKeyring);
  afterAll(() => wipeService(service));

  it('keeps its refresh details beside the access token, and lists as a browser sign-in without any token', async () => {
    const signIn = {
      refreshToken: 'rt-secret-1',
      expiresAt: 1_800_000_000_000,
      scope: 'profile email offline_access',
      issuer: 'https://feedback.example.com/oauth',
      clientId: 'client-1',
      resource: 'https://feedback.example.com/api/v1',
      tokenEndpoint: 'https://feedback.example.com/oauth/token',
      revocationEndpoint: 'https://feedback.example.com/oauth/token/revocation',
    };
    const saved = await store.add({ ...conn(7), token: 'at-secret-1', signIn });
    expect(saved.auth).toBe('browser');
    expect(await store.get(saved.id)).toEqual({ summary: saved, token: 'at-secret-1', signIn });
    const listed = (await store.list()).find((c) => c.id === saved.id);
    expect(listed).toEqual(saved);
    expect(JSON.stringify(listed)).not.toMatch(/secret/);
    // A rotated refresh token replaces the old one under the same connection.
    await store.add({
      ...conn(7),
      id: saved.id,
      token: 'at-secret-2',
      signIn: { ...signIn, refreshToken: 'rt-secret-2' },
    });
    expect(await store.get(saved.id)).toMatchObject({ token: 'at-secret-2', signIn: { refreshToken: 'rt-secret-2' } });
  });
});
