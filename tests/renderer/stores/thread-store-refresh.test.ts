import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useThread } = await import('../../../src/renderer/stores/thread-store.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');
const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');

const settle = () => new Promise((r) => setTimeout(r, 0));
let version = 0;

beforeEach(async () => {
  bridge = fakeBridge();
  version = 0;
  // A read of t1 by an earlier test would otherwise open the panel without asking.
  queryClient.clear();
  bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => ({
    ok: true,
    data: { id: itemId, duplicateOf: null, version: ++version },
  }));
  useThread.getState().close();
  await useThread.getState().open('t1');
});

describe('the thread on screen follows writes', () => {
  it('refetches when a write patches it', async () => {
    emitItemsChanged({ projectId: 'p1', patched: [{ id: 't1', changes: { replyCount: 3 } }] });
    await settle();
    expect(bridge.api.getItem).toHaveBeenCalledTimes(2);
    expect(useThread.getState().item).toMatchObject({ id: 't1', version: 2 });
  });

  it('refetches when it was merged away, to show where it went', async () => {
    emitItemsChanged({ projectId: 'p1', removed: ['t1'] });
    await settle();
    expect(bridge.api.getItem).toHaveBeenCalledTimes(2);
  });

  it('ignores writes to other threads', async () => {
    emitItemsChanged({
      projectId: 'p1',
      patched: [{ id: 't2', changes: { status: 'resolved' } }],
      removed: ['t3'],
      created: [{ id: 't4', page: '/' }],
    });
    await settle();
    expect(bridge.api.getItem).toHaveBeenCalledTimes(1);
  });

  it('keeps showing the thread when the refetch fails, and says so', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: false, error: { kind: 'network', message: 'Offline.' } });
    await useThread.getState().refresh();
    expect(useThread.getState().item).toMatchObject({ id: 't1' });
    expect(useThread.getState().problem?.title).toBe('Could not refresh the thread');
  });
});
