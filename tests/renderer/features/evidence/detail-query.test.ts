import { afterEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

let bridge: FakeBridge = fakeBridge();
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');
const { readThreadDetail, detailSettled, cachedDetails, forgetFailedRead } =
  await import('../../../../src/renderer/features/evidence/detail-query.js');
const { threadDetailKey } = await import('../../../../src/renderer/server-state/thread-detail.js');

const detail = (id: string) => ({
  id,
  anchor: {
    selector: 'form button',
    stampKey: 'src/Pay.tsx:3',
    stampId: null,
    elementText: 'Pay',
    selectedText: null,
    viewport: { width: 1, height: 1, x: 10, y: 20 },
  },
  evidence: { screenshotUrl: `http://s/${id}.png`, domContext: null, capturedAt: 7, expired: false },
  unreadable: [],
});

describe('the thread detail query', () => {
  afterEach(() => {
    queryClient.clear();
    bridge = fakeBridge();
  });

  it('is read once per connection and thread, and kept for the session', async () => {
    bridge.api.getItem!.mockImplementation((async (args: { itemId: string }) => ({
      ok: true,
      data: detail(args.itemId),
    })) as never);
    await readThreadDetail('c1', 'itm_1');
    await readThreadDetail('c1', 'itm_1');
    expect(bridge.api.getItem).toHaveBeenCalledTimes(1);
    await readThreadDetail('c2', 'itm_1');
    expect(bridge.api.getItem).toHaveBeenCalledTimes(2);
    expect(threadDetailKey('c1', 'itm_1')).not.toEqual(threadDetailKey('c2', 'itm_1'));
    expect(detailSettled('c1', 'itm_1')).toBe(true);
    expect(cachedDetails('c1')('itm_1')).toMatchObject({
      state: 'read',
      evidence: {
        screenshotUrl: 'http://s/itm_1.png',
        element: { key: 'stamp:src/Pay.tsx:3' },
        click: { x: 10, y: 20 },
      },
    });
    expect(cachedDetails('c1')('itm_2')).toBeUndefined();
  });

  it('keeps a failure with the bridge’s sentence until it is forgotten, then reads again', async () => {
    bridge.api.getItem!.mockImplementationOnce((async () => ({
      ok: false,
      error: { kind: 'not_found', message: 'No thread itm_9 here.', status: 404 },
    })) as never);
    await readThreadDetail('c1', 'itm_9').catch(() => undefined);
    expect(detailSettled('c1', 'itm_9')).toBe(true);
    expect(cachedDetails('c1')('itm_9')).toEqual({ state: 'failed', message: 'No thread itm_9 here.' });
    forgetFailedRead('c1', 'itm_9');
    expect(detailSettled('c1', 'itm_9')).toBe(false);
    bridge.api.getItem!.mockImplementationOnce((async () => ({ ok: true, data: detail('itm_9') })) as never);
    await readThreadDetail('c1', 'itm_9');
    expect(cachedDetails('c1')('itm_9')?.state).toBe('read');
  });
});
