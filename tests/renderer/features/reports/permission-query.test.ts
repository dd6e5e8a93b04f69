// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { renderHook } from './render-hook.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { permissionOf, refusedByService, roleQuery, useRulePermission } =
  await import('../../../../src/renderer/features/reports/stores/permission-query.js');
const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');

let client: QueryClient;
beforeEach(() => {
  bridge = fakeBridge();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The role reads the project list kept in the app's cache.
  queryClient.clear();
});

/** The caller's roles as the role query reads them, or its failure. */
async function roles() {
  try {
    return { data: await client.fetchQuery(roleQuery('c1')), error: null };
  } catch (error) {
    return { data: undefined, error };
  }
}

describe('rule permission query', () => {
  it('looks up the role when the caller does not know it, and trusts a known yes', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(
      ok({
        workspaces: [{ id: 'w1', role: 'collaborator', available: true }],
        total: 1,
        you: { id: 'u', name: 'Cora' },
      }),
    );
    bridge.api.listProjects!.mockResolvedValue(ok({ projects: [{ id: 'p1', workspace: { id: 'w1' } }], total: 1 }));
    expect(permissionOf('p1', null, { data: undefined, error: null })).toEqual({ kind: 'checking' });
    expect(permissionOf('p1', null, await roles())).toEqual({ kind: 'denied', role: 'collaborator' });
    expect(permissionOf('p1', true, await roles()).kind).toBe('allowed');
  });

  it('a known no stays a no where the role would allow, and names the role', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(
      ok({ workspaces: [{ id: 'w1', role: 'admin', available: true }], total: 1, you: null }),
    );
    // The project list failing leaves the one reachable workspace to go by.
    bridge.api.listProjects!.mockResolvedValue(fail({ kind: 'network' }));
    const read = await roles();
    expect(read.data?.projects).toBeNull();
    expect(permissionOf('p1', null, read)).toEqual({ kind: 'allowed', role: 'admin' });
    expect(permissionOf('p1', false, read)).toEqual({ kind: 'denied', role: 'admin' });
    // Refused before the role is known: refused, with no role to name yet.
    expect(permissionOf('p1', false, { data: undefined, error: null })).toEqual({ kind: 'denied', role: null });
  });

  it('stays off with a reason when the role cannot be looked up', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(fail({ kind: 'network' }));
    bridge.api.listProjects!.mockResolvedValue(fail({ kind: 'network' }));
    const read = await roles();
    expect(permissionOf('p1', null, read)).toEqual({
      kind: 'unknown',
      reason: 'Triage Desk could not look up your role, so Save rule stays off until it can.',
    });
  });

  it('a refusal from the service is trusted over a known yes, and the role is looked up to name it', async () => {
    useSession.setState({ active: { connection: { id: 'c1' } } } as never);
    bridge.api.listWorkspaces!.mockResolvedValue(
      ok({ workspaces: [{ id: 'w1', role: 'admin', available: true }], total: 1, you: null }),
    );
    bridge.api.listProjects!.mockResolvedValue(
      ok({ projects: [{ id: 'p-refused', workspace: { id: 'w1' } }], total: 1 }),
    );
    const hook = renderHook(() => useRulePermission('p-refused', true));
    expect(hook.result.current.permission).toEqual({ kind: 'allowed', role: null });
    expect(bridge.api.listWorkspaces).not.toHaveBeenCalled();
    refusedByService('c1', 'p-refused');
    await vi.waitFor(() => expect(hook.result.current.permission).toEqual({ kind: 'denied', role: 'admin' }));
    expect(hook.result.current.problem).toBeNull();
    hook.unmount();
    queryClient.clear();
  });

  it('a refusal under one connection leaves the same project under another connection as it was', () => {
    refusedByService('c-other', 'p-shared');
    useSession.setState({ active: { connection: { id: 'c1' } } } as never);
    const hook = renderHook(() => useRulePermission('p-shared', true));
    expect(hook.result.current.permission).toEqual({ kind: 'allowed', role: null });
    expect(bridge.api.listWorkspaces).not.toHaveBeenCalled();
    hook.unmount();
  });
});
