import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useThread, REUSE_READ_MS } = await import('../../../src/renderer/stores/thread-store.js');
const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');
const { threadDetailKey } = await import('../../../src/renderer/server-state/thread-detail.js');
const { useSession } = await import('../../../src/renderer/stores/session-store.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');

const detail = (id: string, extra: Record<string, unknown> = {}) => ({ id, duplicateOf: null, ...extra });

beforeEach(() => {
  bridge = fakeBridge();
  useThread.getState().close();
  queryClient.clear();
  useSession.setState({ active: { connection: { id: 'c1' } } as never });
});

describe('thread store and the other views’ reads', () => {
  const readByGallery = (id: string, status = 'open') =>
    queryClient.setQueryData(threadDetailKey('c1', id), detail(id, { status }));

  it('opens a thread read a moment ago (by the evidence gallery) without asking the service again', async () => {
    readByGallery('t1');
    await useThread.getState().open('t1');
    expect(bridge.api.getItem).not.toHaveBeenCalled();
    expect(useThread.getState()).toMatchObject({ itemId: 't1', item: { id: 't1' }, loading: false });
  });

  it('asks again when that read is older than a few seconds, or from another connection', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t1', { status: 'resolved' }) });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      readByGallery('t1');
      vi.setSystemTime(Date.now() + REUSE_READ_MS + 1);
      await useThread.getState().open('t1');
      expect(bridge.api.getItem).toHaveBeenCalledTimes(1);
      expect(useThread.getState().item).toMatchObject({ status: 'resolved' });
    } finally {
      vi.useRealTimers();
    }
    queryClient.setQueryData(threadDetailKey('c2', 't2'), detail('t2'));
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t2') });
    await useThread.getState().open('t2');
    expect(bridge.api.getItem).toHaveBeenCalledTimes(2);
  });

  it('asks again for a thread this app wrote after the read', async () => {
    readByGallery('t1');
    emitItemsChanged({ projectId: 'p1', patched: [{ id: 't1', changes: { status: 'resolved' } }] });
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t1', { status: 'resolved' }) });
    await useThread.getState().open('t1');
    expect(bridge.api.getItem).toHaveBeenCalledTimes(1);
    expect(useThread.getState().item).toMatchObject({ status: 'resolved' });
  });

  it('keeps its own read where the other views find it', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t3') });
    await useThread.getState().open('t3');
    expect(queryClient.getQueryData(threadDetailKey('c1', 't3'))).toMatchObject({ id: 't3' });
  });
});

describe('thread store', () => {
  it('opens a thread', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t1') });
    await useThread.getState().open('t1');
    expect(useThread.getState()).toMatchObject({
      itemId: 't1',
      item: { id: 't1' },
      loading: false,
      problem: null,
      notice: null,
    });
  });

  it("opens the parent thread when given a reply's id, and says so", async () => {
    bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) =>
      itemId === 'reply-7'
        ? { ok: false, error: { kind: 'validation', message: 'That is a reply.', parentId: 't1', status: 400 } }
        : { ok: true, data: detail(itemId) },
    );
    await useThread.getState().open('reply-7');
    expect(bridge.api.getItem).toHaveBeenLastCalledWith({ itemId: 't1' });
    expect(useThread.getState().item?.id).toBe('t1');
    expect(useThread.getState().notice).toMatch(/reply-7 is a reply, not a thread/);
  });

  it('explains a thread that cannot be opened', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: false, error: { kind: 'not_found', message: 'No such thread.' } });
    await useThread.getState().open('gone');
    expect(useThread.getState().problem).toMatchObject({
      title: 'Could not open the thread',
      error: { kind: 'not_found' },
    });
    expect(useThread.getState().item).toBeNull();
  });

  it('goes to the canonical thread of a duplicate and back again', async () => {
    bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => ({
      ok: true,
      data: detail(itemId, itemId === 'dup' ? { duplicateOf: 'canon' } : {}),
    }));
    await useThread.getState().open('dup');
    await useThread.getState().open('canon', { via: 'duplicate' });
    expect(useThread.getState().item?.id).toBe('canon');
    expect(useThread.getState().trail).toEqual(['dup']);
    await useThread.getState().back();
    expect(useThread.getState().item?.id).toBe('dup');
    expect(useThread.getState().trail).toEqual([]);
  });

  it('shows only the last of several quickly opened threads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => {
      if (itemId === 'slow') await gate;
      return { ok: true, data: detail(itemId) };
    });
    const slow = useThread.getState().open('slow');
    await useThread.getState().open('fast');
    release();
    await slow;
    expect(useThread.getState().item?.id).toBe('fast');
  });
});
