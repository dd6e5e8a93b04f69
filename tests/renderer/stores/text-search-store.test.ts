import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { fakeItemsService, row } from '../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useTextSearch } = await import('../../../src/renderer/stores/text-search-store.js');

const rows = [row('a', { excerpt: 'Checkout button' }), row('b', { excerpt: 'Footer' }), row('c', { excerpt: 'Hero' })];

beforeEach(() => {
  bridge = fakeBridge();
  useTextSearch.getState().clear();
});

describe('text search store', () => {
  it('asks the service and keeps the ids it matched, replies included', async () => {
    bridge.api.listItems!.mockImplementation(
      fakeItemsService(rows, { replies: { c: 'the checkout is slow' } }).listItems,
    );
    await useTextSearch.getState().search('p1', 'checkout');
    expect(bridge.api.listItems).toHaveBeenCalledWith({ projectId: 'p1', limit: 200, q: 'checkout' });
    expect([...useTextSearch.getState().matches!].sort()).toEqual(['a', 'c']);
    expect(useTextSearch.getState().q).toBe('checkout');
  });

  it('does not ask twice for the same answer unless forced', async () => {
    bridge.api.listItems!.mockImplementation(fakeItemsService(rows).listItems);
    await useTextSearch.getState().search('p1', 'hero');
    await useTextSearch.getState().search('p1', 'hero');
    expect(bridge.api.listItems).toHaveBeenCalledTimes(1);
    await useTextSearch.getState().search('p1', 'hero', { force: true });
    expect(bridge.api.listItems).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after a newer query', async () => {
    let release!: (v: unknown) => void;
    bridge.api.listItems!.mockImplementationOnce(() => new Promise((r) => (release = r)));
    const service = fakeItemsService(rows);
    const older = useTextSearch.getState().search('p1', 'foot');
    bridge.api.listItems!.mockImplementation(service.listItems);
    await useTextSearch.getState().search('p1', 'hero');
    release(await service.listItems({ projectId: 'p1', limit: 200, q: 'foot' }));
    await older;
    expect(useTextSearch.getState().q).toBe('hero');
    expect([...useTextSearch.getState().matches!]).toEqual(['c']);
  });

  it('explains a failed search', async () => {
    bridge.api.listItems!.mockResolvedValue({
      ok: false,
      error: { kind: 'server', message: 'The service had a problem.' },
    });
    await useTextSearch.getState().search('p1', 'x');
    expect(useTextSearch.getState().problem?.title).toBe('Could not search the replies for “x”');
    expect(useTextSearch.getState().loading).toBe(false);
  });
});
