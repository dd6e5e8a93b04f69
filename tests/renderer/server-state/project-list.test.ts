import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { fail, ok } from '../support/bridge-results.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { queryClient, queryProblem } = await import('../../../src/renderer/server-state/query-client.js');
const { projectListQuery, listedProjectName } = await import('../../../src/renderer/server-state/project-list.js');
const { useSession } = await import('../../../src/renderer/stores/session-store.js');

const onConnection = (id: string) => useSession.setState({ active: { connection: { id } } } as never);

beforeEach(() => {
  bridge = fakeBridge();
  onConnection('c1');
});
afterEach(() => queryClient.clear());

describe('the project list', () => {
  it('drops a project list that arrives after the person switched connection', async () => {
    let release!: (v: unknown) => void;
    bridge.api.listProjects!.mockReturnValueOnce(new Promise((r) => (release = r)));
    const stale = queryClient.fetchQuery(projectListQuery('old'));
    bridge.api.listProjects!.mockResolvedValueOnce(ok({ projects: [{ id: 'p-new', name: 'New' }], total: 1 }));
    onConnection('new');
    await queryClient.fetchQuery(projectListQuery('new'));
    release(ok({ projects: [{ id: 'p-old', name: 'Old' }], total: 1 }));
    await stale;
    expect(queryClient.getQueryData(projectListQuery('new').queryKey)?.map((p) => p.id)).toEqual(['p-new']);
    expect(listedProjectName('p-new')).toBe('New');
    expect(listedProjectName('p-old')).toBeUndefined();
  });

  it('explains a failed project list', async () => {
    bridge.api.listProjects!.mockResolvedValue(fail({ kind: 'network', message: 'Offline.' }));
    await queryClient.fetchQuery(projectListQuery('c9')).catch(() => undefined);
    const state = queryClient.getQueryState(projectListQuery('c9').queryKey)!;
    expect(queryProblem('Could not load projects', state)).toMatchObject({
      title: 'Could not load projects',
      error: { kind: 'network', message: 'Offline.' },
    });
    expect(state.fetchStatus).toBe('idle');
  });

  it('names a project of the active connection outside React, once the list was read', async () => {
    expect(listedProjectName('p1')).toBeUndefined();
    bridge.api.listProjects!.mockResolvedValue(ok({ projects: [{ id: 'p1', name: 'Checkout app' }], total: 1 }));
    await queryClient.fetchQuery(projectListQuery('c1'));
    expect(listedProjectName('p1')).toBe('Checkout app');
    onConnection('c2');
    expect(listedProjectName('p1')).toBeUndefined();
  });
});
