import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useSession } = await import('../../../src/renderer/stores/session-store.js');

const connection = (id: string) => ({
  id,
  label: `Conn ${id}`,
  baseUrl: 'https://feedback.example.com',
  userName: 'Ada',
  addedAt: 1,
  ephemeral: false,
  auth: 'token' as const,
});
const connectResult = (id: string) => ({
  connection: connection(id),
  workspaces: [
    { id: 'w1', name: 'Acme', slug: 'acme', role: 'owner', projectCount: 2, available: true, unavailableReason: null },
  ],
  you: { id: 'u1', name: 'Ada' },
});

beforeEach(() => {
  bridge = fakeBridge();
  useSession.setState({ active: null, connections: [], busy: null, problem: null });
});

describe('session store', () => {
  it('starts with the connection the bridge reports as active', async () => {
    bridge.connections.active.mockResolvedValue({ ok: true, data: connectResult('c1') });
    expect(await useSession.getState().start()).toBe(true);
    expect(useSession.getState().active?.connection.id).toBe('c1');
  });

  it('starts without a connection when there is none, and explains a keychain failure', async () => {
    bridge.connections.active.mockResolvedValue({ ok: true, data: null });
    expect(await useSession.getState().start()).toBe(false);
    expect(useSession.getState().problem).toBeNull();
    bridge.connections.active.mockResolvedValue({
      ok: false,
      error: { kind: 'keychain', message: 'The keychain is locked.' },
    });
    expect(await useSession.getState().start()).toBe(false);
    expect(useSession.getState().problem).toMatchObject({
      title: 'Could not restore your connection',
      error: { kind: 'keychain' },
    });
  });

  it('adds a connection, makes it active and refreshes the saved list', async () => {
    bridge.connections.add.mockResolvedValue({ ok: true, data: connectResult('c2') });
    bridge.connections.list.mockResolvedValue({ ok: true, data: [connection('c2')] });
    const ok = await useSession.getState().add({ baseUrl: 'https://feedback.example.com', token: 'tok' });
    expect(ok).toBe(true);
    expect(useSession.getState()).toMatchObject({
      active: { connection: { id: 'c2' } },
      connections: [{ id: 'c2' }],
      busy: null,
      problem: null,
    });
  });

  it('explains a refused token with the service address in the title', async () => {
    bridge.connections.add.mockResolvedValue({
      ok: false,
      error: { kind: 'auth', message: 'The service refused the token.', status: 401 },
    });
    expect(await useSession.getState().add({ baseUrl: ' https://feedback.example.com ', token: 'bad' })).toBe(false);
    expect(useSession.getState().problem?.title).toBe('Could not connect to https://feedback.example.com');
    expect(useSession.getState().active).toBeNull();
  });

  it('forgets the active connection when it is removed', async () => {
    useSession.setState({ active: connectResult('c1') as never, connections: [connection('c1')] });
    bridge.connections.remove.mockResolvedValue({ ok: true, data: null });
    bridge.connections.list.mockResolvedValue({ ok: true, data: [] });
    await useSession.getState().remove('c1');
    expect(useSession.getState().active).toBeNull();
    expect(useSession.getState().connections).toEqual([]);
  });
});
