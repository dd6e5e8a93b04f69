// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectScreen } from '../../../../src/renderer/features/connect/ConnectScreen.js';
import { HOSTED_SERVICE } from '../../../../src/renderer/features/connect/connect-model.js';
import { useSignIn } from '../../../../src/renderer/features/connect/sign-in-store.js';
import { useNotice } from '../../../../src/renderer/stores/notice-store.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import type { ConnectionSummary, ConnectResult, FoundCredential } from '#shared/bridge/channels.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

/**
 * The connect screen as a person meets it, against a fake bridge: which service, the token
 * form and its checks before anything is sent, browser sign-in where the address offers it,
 * tokens found on this computer, and what the person should know about the connection made.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const SERVICE = 'https://feedback.example.com';
const connection: ConnectionSummary = {
  id: 'c1',
  label: 'Olivia on feedback.example.com',
  baseUrl: SERVICE,
  userName: 'Olivia',
  addedAt: 1,
  ephemeral: false,
  auth: 'token',
};
const connected: ConnectResult = { connection, workspaces: [], you: { id: 'u1', name: 'Olivia' } };
const MOVED = `${SERVICE}/old moved to ${SERVICE}; the connection uses ${SERVICE}.`;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  bridge = fakeBridge();
  bridge.connections.list.mockResolvedValue({ ok: true, data: [] });
  useSignIn.setState({ waiting: null, signedOut: null });
  useSession.setState({ active: null, problem: null, connections: [], busy: null });
  useNotice.setState({ notice: null });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

async function show(): Promise<void> {
  await act(async () => root.render(<ConnectScreen />));
}
const field = (label: string) => {
  const forId = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.getAttribute('for');
  return host.querySelector<HTMLInputElement>(`#${CSS.escape(forId ?? '')}`)!;
};
async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const button = (name: string | RegExp) =>
  [...host.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
async function click(el: HTMLElement | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => el.click());
}
const text = () => host.textContent ?? '';

describe('the connect screen', () => {
  it('offers the hosted service as a preset beside "Another service…"', async () => {
    bridge.connections.signInOptions.mockResolvedValue({ ok: true, data: { available: true, reason: null } });
    await show();
    const radios = [...host.querySelectorAll<HTMLInputElement>('fieldset input[type=radio]')];
    expect(radios.map((r) => r.parentElement?.textContent?.trim())).toEqual([
      `${HOSTED_SERVICE.name} (app.skyelight.ai)`,
      'Another service…',
    ]);
    await click(radios[0]);
    expect(field('Service URL').value).toBe(HOSTED_SERVICE.baseUrl);
    expect(radios[0]!.checked).toBe(true);
    await click(radios[1]);
    expect(field('Service URL').value).toBe('');
  });

  it('refuses a pasted workspace key (sk_live_…) in the form, before any request', async () => {
    bridge.connections.signInOptions.mockResolvedValue({ ok: true, data: { available: false, reason: null } });
    await show();
    await type(field('Service URL'), SERVICE);
    await type(field('API token'), 'sk_live_0123456789abcdef');
    await click(button('Connect'));
    expect(host.querySelector('[role=alert]')?.textContent).toBe(
      'Workspace API keys no longer work: create a personal token under Account settings → API Keys.',
    );
    expect(field('API token').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.connections.add).not.toHaveBeenCalled();
  });

  it('says so when the address offers no browser sign-in, and keeps the token form', async () => {
    const reason = 'feedback.example.com does not offer browser sign-in. Use a personal token instead.';
    bridge.connections.signInOptions.mockResolvedValue({ ok: true, data: { available: false, reason } });
    await show();
    await type(field('Service URL'), SERVICE);
    await vi.waitFor(() => expect(host.querySelector('[data-testid=sign-in-unavailable]')?.textContent).toBe(reason));
    expect(bridge.connections.signInOptions).toHaveBeenCalledWith(`${SERVICE}/`);
    expect(button('Sign in with your browser')).toBeUndefined();
    expect(text()).toContain('Use a personal token');
    expect(field('API token')).toBeTruthy();
    expect(button('Connect')?.disabled).toBe(false);
  });

  it('asks before using a token found on this computer, and copies it only on consent', async () => {
    const found: FoundCredential = {
      source: 'file',
      where: '~/.skyelight/credentials.json',
      baseUrl: SERVICE,
      tokenHint: 'pat_…9f2c',
      unusable: null,
    };
    bridge.connections.found.mockResolvedValue({ ok: true, data: [found] as never[] });
    bridge.connections.useFound.mockResolvedValue({ ok: true, data: connected });
    await show();
    await vi.waitFor(() => expect(host.querySelector('[data-testid=found-credentials]')).not.toBeNull());
    expect(text()).toContain('A token for feedback.example.com in ~/.skyelight/credentials.json (pat_…9f2c).');
    expect(text()).toContain('Using it copies the token into the system keychain; the file is left as it is.');
    expect(bridge.connections.useFound).not.toHaveBeenCalled();
    expect(bridge.connections.add).not.toHaveBeenCalled();
    await click(button('Use this token'));
    expect(bridge.connections.useFound).toHaveBeenCalledExactlyOnceWith('file');
    expect(useSession.getState().active?.connection.id).toBe('c1');
  });

  it('keeps the moved-address note on the connection in use, after a pasted token', async () => {
    bridge.connections.signInOptions.mockResolvedValue({ ok: true, data: { available: false, reason: null } });
    bridge.connections.add.mockResolvedValue({ ok: true, data: { ...connected, notes: [MOVED] } });
    bridge.connections.list.mockResolvedValue({ ok: true, data: [connection] });
    await show();
    await type(field('Service URL'), `${SERVICE}/old`);
    await type(field('API token'), 'pat_personal');
    await click(button('Connect'));
    await vi.waitFor(() => expect(host.querySelector('[data-testid=connection-note]')?.textContent).toBe(MOVED));
    // Still there once the passing notice has gone.
    useNotice.setState({ notice: null });
    await act(async () => undefined);
    expect(host.querySelector('[data-testid=connection-note]')?.textContent).toBe(MOVED);
  });

  it('passes the moved-address note on for a found token too', async () => {
    const found: FoundCredential = {
      source: 'environment',
      where: 'SKYELIGHT_TOKEN',
      baseUrl: `${SERVICE}/old`,
      tokenHint: 'pat_…9f2c',
      unusable: null,
    };
    bridge.connections.found.mockResolvedValue({ ok: true, data: [found] as never[] });
    bridge.connections.useFound.mockResolvedValue({ ok: true, data: { ...connected, notes: [MOVED] } });
    await show();
    await vi.waitFor(() => expect(button('Use this token')).toBeDefined());
    await click(button('Use this token'));
    await vi.waitFor(() => expect(host.querySelector('[data-testid=connection-note]')?.textContent).toBe(MOVED));
    expect(useNotice.getState().notice?.text).toBe(MOVED);
  });
});

describe('signing in with the browser from the connect screen', () => {
  async function startSignIn(): Promise<(r: unknown) => void> {
    let finish!: (r: unknown) => void;
    bridge.connections.signInOptions.mockResolvedValue({ ok: true, data: { available: true, reason: null } });
    bridge.connections.signIn.mockReturnValue(new Promise((r) => (finish = r)));
    await show();
    await type(field('Service URL'), SERVICE);
    await vi.waitFor(() => expect(button('Sign in with your browser')).toBeDefined());
    await click(button('Sign in with your browser'));
    return finish;
  }
  const PAGE = `${SERVICE}/oauth/auth?client_id=desk`;
  const link = () => host.querySelector<HTMLAnchorElement>('[data-testid=sign-in-page-link] a');

  it('browser mode: the click opens a tab at once, with a placeholder, and sends it to the sign-in page when its address arrives', async () => {
    const placeholder = document.implementation.createHTMLDocument('');
    const tab = {
      opener: window as unknown,
      document: placeholder,
      location: { href: 'about:blank' },
      closed: false,
      close: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    await startSignIn();
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(placeholder.body.textContent).toBe('Opening the sign-in page…');
    await act(async () => useSignIn.getState().notePage(PAGE));
    expect(tab.location.href).toBe(PAGE);
    expect(link()?.textContent).toBe('Open the sign-in page again');
    expect(link()?.href).toBe(PAGE);
    expect(text()).not.toContain('if your browser did not show it');
  });

  it('browser mode, the new tab blocked: offers the sign-in page as a link, saying so', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await startSignIn();
    await act(async () => useSignIn.getState().notePage(PAGE));
    expect(host.querySelector('[data-testid=sign-in-page-link]')?.textContent).toBe(
      'Your browser blocked the new tab: open the sign-in page.',
    );
    expect(link()?.href).toBe(PAGE);
  });

  it('browser mode: a sign-in that ends before its page arrived closes the placeholder tab', async () => {
    const tab = {
      opener: null,
      document: document.implementation.createHTMLDocument(''),
      location: { href: 'about:blank' },
      closed: false,
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const finish = await startSignIn();
    await act(async () =>
      finish({
        ok: false,
        error: {
          kind: 'sign_in',
          reason: 'unavailable',
          message: 'feedback.example.com does not offer browser sign-in.',
        },
      }),
    );
    expect(tab.close).toHaveBeenCalledOnce();
  });

  it('the desktop app opens no tab: its main process opened the browser', async () => {
    (bridge as { mode: string }).mode = 'electron';
    const open = vi.spyOn(window, 'open');
    await startSignIn();
    await act(async () => useSignIn.getState().notePage(PAGE));
    expect(open).not.toHaveBeenCalled();
    expect(host.querySelector('[data-testid=sign-in-page-link]')?.textContent).toBe(
      'Open the sign-in page if your browser did not show it.',
    );
  });
});
