import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignIn } from '../../../../src/renderer/features/connect/sign-in-store.js';
import { useNotice } from '../../../../src/renderer/stores/notice-store.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import type { ConnectionSummary, SignInResult } from '#shared/bridge/channels.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const connection: ConnectionSummary = {
  id: 'c1',
  label: 'Olivia on feedback.example.com',
  baseUrl: 'https://feedback.example.com',
  userName: 'Olivia',
  addedAt: 1,
  ephemeral: false,
  auth: 'browser',
};
const result: SignInResult = { connection, workspaces: [], you: { id: 'u1', name: 'Olivia' }, notes: [] };

beforeEach(() => {
  // The desktop app's main process opens the sign-in page; browser mode's tab is the connect screen's tests'.
  bridge = fakeBridge();
  (bridge as { mode: string }).mode = 'electron';
  bridge.connections.list.mockResolvedValue({ ok: true, data: [connection] });
  useSignIn.setState({ waiting: null, signedOut: null });
  useSession.setState({ active: null, problem: null, connections: [] });
  useNotice.setState({ notice: null });
});

describe('a browser sign-in from the page', () => {
  it('waits for the browser, offers the sign-in page, then makes the new connection the one in use', async () => {
    let finish!: (r: unknown) => void;
    bridge.connections.signIn.mockReturnValue(new Promise((r) => (finish = r)));
    const started = useSignIn.getState().start({ baseUrl: 'https://feedback.example.com' });
    expect(useSignIn.getState().waiting).toEqual({ host: 'feedback.example.com', page: null, tab: 'external' });
    useSignIn.getState().notePage('https://feedback.example.com/oauth/auth?x=1');
    expect(useSignIn.getState().waiting?.page).toBe('https://feedback.example.com/oauth/auth?x=1');
    finish({ ok: true, data: { ...result, notes: ['feedback.example.com gave no refresh token.'] } });
    expect(await started).toBe(true);
    expect(useSignIn.getState().waiting).toBeNull();
    expect(useSession.getState().active?.connection.id).toBe('c1');
    expect(useSession.getState().connections).toEqual([connection]);
    expect(useNotice.getState().notice?.text).toBe('feedback.example.com gave no refresh token.');
  });

  it('says why a sign-in failed, and a cancelled one only briefly', async () => {
    bridge.connections.signIn.mockResolvedValueOnce({
      ok: false,
      error: {
        kind: 'sign_in',
        reason: 'denied',
        message: 'You declined the sign-in on feedback.example.com, so nothing was shared.',
      },
    });
    expect(await useSignIn.getState().start({ baseUrl: 'https://feedback.example.com' })).toBe(false);
    expect(useSession.getState().problem).toMatchObject({
      title: 'Could not sign in to feedback.example.com',
      error: { reason: 'denied' },
    });
    useSession.setState({ problem: null });
    bridge.connections.signIn.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'sign_in', reason: 'cancelled', message: 'Sign-in cancelled. Nothing was changed.' },
    });
    await useSignIn.getState().start({ baseUrl: 'https://feedback.example.com' });
    expect(useSession.getState().problem).toBeNull();
    expect(useNotice.getState().notice?.text).toBe('Sign-in cancelled. Nothing was changed.');
  });

  it('says "signed out" once per ended sign-in, and forgets it after signing that connection in again', async () => {
    const ended = { connectionId: 'c1', message: 'Signed out of feedback.example.com — sign in again.' };
    useSignIn.getState().noteSignedOut(ended);
    const first = useSignIn.getState().signedOut;
    useSignIn.getState().noteSignedOut({ ...ended });
    expect(useSignIn.getState().signedOut).toBe(first);
    bridge.connections.signIn.mockResolvedValueOnce({ ok: true, data: result });
    await useSignIn.getState().start({ baseUrl: connection.baseUrl, connectionId: 'c1' });
    expect(bridge.connections.signIn).toHaveBeenCalledWith({ baseUrl: connection.baseUrl, connectionId: 'c1' });
    expect(useSignIn.getState().signedOut).toBeNull();
  });
});
