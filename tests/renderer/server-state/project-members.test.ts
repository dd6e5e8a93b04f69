import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge = fakeBridge();
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');
const { refreshMembers, memberNameNow } = await import('../../../src/renderer/server-state/project-members.js');
const { useSession } = await import('../../../src/renderer/stores/session-store.js');

const member = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, role: 'collaborator' });
const settle = () => new Promise((r) => setTimeout(r, 0));
const onConnection = (id: string) => useSession.setState({ active: { connection: { id } } } as never);

describe('the members of a project', () => {
  beforeEach(() => {
    bridge = fakeBridge();
    onConnection('c1');
  });
  afterEach(() => queryClient.clear());

  it('are read when a project is entered, sorted by name, and named outside React', async () => {
    bridge.api.listMembers!.mockResolvedValue({
      ok: true,
      data: { members: [member('u2', 'Zoe'), member('u1', 'Alex')] },
    });
    refreshMembers('p1');
    await settle();
    expect(bridge.api.listMembers).toHaveBeenCalledWith({ projectId: 'p1' });
    expect(memberNameNow('p1', 'u1')).toBe('Alex');
    expect(memberNameNow('p2', 'u1')).toBeUndefined();
    expect(memberNameNow(null, 'u1')).toBeUndefined();
  });

  it('are asked again on every entry, keeping the last answer until the new one comes', async () => {
    bridge.api.listMembers!.mockResolvedValueOnce({ ok: true, data: { members: [member('u1', 'Alex')] } });
    refreshMembers('p1');
    await settle();
    let answer: (v: unknown) => void = () => undefined;
    bridge.api.listMembers!.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    refreshMembers('p1');
    expect(memberNameNow('p1', 'u1')).toBe('Alex');
    answer({ ok: true, data: { members: [member('u1', 'Alex Kim')] } });
    await settle();
    expect(memberNameNow('p1', 'u1')).toBe('Alex Kim');
    expect(bridge.api.listMembers).toHaveBeenCalledTimes(2);
  });

  it('belong to the connection that read them', async () => {
    bridge.api.listMembers!.mockResolvedValue({ ok: true, data: { members: [member('u1', 'Alex')] } });
    refreshMembers('p1');
    await settle();
    onConnection('c2');
    expect(memberNameNow('p1', 'u1')).toBeUndefined();
  });

  it('a failed read stays in the cache for the views to say, and throws nowhere', async () => {
    bridge.api.listMembers!.mockResolvedValue({
      ok: false,
      error: { kind: 'network', message: "Can't reach the service." },
    });
    refreshMembers('p1');
    await settle();
    const failed = queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey.includes('members') });
    expect(failed.map((q) => q.state.status)).toEqual(['error']);
  });
});
