import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { usePermission } = await import('../../../../src/renderer/features/reports/stores/permission-store.js');

let project = 0;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
});

describe('permission store', () => {
  it('looks up the role when the caller does not know it, and trusts a known yes', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(
      ok({
        workspaces: [{ id: 'w1', role: 'collaborator', available: true }],
        total: 1,
        you: { id: 'u', name: 'Cora' },
      }),
    );
    bridge.api.listProjects!.mockResolvedValue(
      ok({ projects: [{ id: `p${project}`, workspace: { id: 'w1' } }], total: 1 }),
    );
    await usePermission.getState().resolve(`p${project}`, null);
    expect(usePermission.getState().permission).toEqual({ kind: 'denied', role: 'collaborator' });
    await usePermission.getState().resolve(`p${project}`, true);
    expect(usePermission.getState().permission.kind).toBe('allowed');
  });

  it('stays off with a reason when the role cannot be looked up', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(fail({ kind: 'network' }));
    bridge.api.listProjects!.mockResolvedValue(fail({ kind: 'network' }));
    await usePermission.getState().resolve(`p${project}`, null);
    expect(usePermission.getState().permission.kind).toBe('unknown');
    expect(usePermission.getState().problem?.title).toBe('Could not look up your role in this workspace');
  });
});
