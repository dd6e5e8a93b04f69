import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from './support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useThread } = await import('../../src/renderer/stores/thread-store.js');

const detail = (id: string, extra: Record<string, unknown> = {}) => ({ id, duplicateOf: null, ...extra });

beforeEach(() => {
  bridge = fakeBridge();
  useThread.getState().close();
});

describe('thread store', () => {
  it('opens a thread', async () => {
    bridge.api.getItem!.mockResolvedValue({ ok: true, data: detail('t1') });
    await useThread.getState().open('t1');
    expect(useThread.getState()).toMatchObject({ itemId: 't1', item: { id: 't1' }, loading: false, problem: null, notice: null });
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
    expect(useThread.getState().problem).toMatchObject({ title: 'Could not open the thread', error: { kind: 'not_found' } });
    expect(useThread.getState().item).toBeNull();
  });

  it('goes to the canonical thread of a duplicate and back again', async () => {
    bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => ({ ok: true, data: detail(itemId, itemId === 'dup' ? { duplicateOf: 'canon' } : {}) }));
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
