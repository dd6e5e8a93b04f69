import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '#shared/reader/index.js';
import { mergeSliceAnswers, slicesToAsk } from '../../../src/renderer/server-state/slice-refresh.js';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { fakeItemsService, manyRows, row } from '../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useProjectItems } = await import('../../../src/renderer/server-state/project-items-store.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');
const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');

describe('choosing the slices to ask again', () => {
  const complete = [
    { type: 'bug', status: 'open' as const },
    { type: 'bug', status: 'resolved' as const },
    { type: 'idea' },
    { page: '/x' },
  ];

  it('shares one slice between threads that sit together, and picks one per place', () => {
    const touched = [
      row('a', { type: 'bug', status: 'resolved' }),
      row('b', { type: 'bug', status: 'resolved', page: '/y' }),
      row('c', { type: 'idea', status: 'open' }),
    ];
    expect(slicesToAsk(touched, complete)).toEqual([{ type: 'bug', status: 'resolved' }, { type: 'idea' }]);
  });

  it('says so when a thread sits where no complete slice reaches', () => {
    expect(slicesToAsk([row('a', { type: null, page: '/z' })], complete)).toBeNull();
    // A thread with no type is reached by a page slice.
    expect(slicesToAsk([row('a', { type: null, page: '/x' })], complete)).toEqual([{ page: '/x' }]);
  });
});

describe('merging slice answers', () => {
  const rows: ItemRow[] = [
    row('a', { createdAt: 3 }),
    row('b', { createdAt: 2, status: 'resolved' }),
    row('c', { createdAt: 1 }),
  ];

  it('puts fresh rows in place, adds new ones in date order, and leaves other slices alone', () => {
    const merged = mergeSliceAnswers(rows, [
      {
        filter: { status: 'open' },
        rows: [row('d', { createdAt: 4 }), row('a', { createdAt: 3, replyCount: 5 }), row('c', { createdAt: 1 })],
      },
    ]);
    expect(merged.unexplained).toBe(false);
    expect(merged.rows.map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(merged.rows[1]?.replyCount).toBe(5);
    expect(merged.rows[2]).toBe(rows[1]);
  });

  it('flags a thread that left an asked slice for somewhere not asked', () => {
    const merged = mergeSliceAnswers(rows, [{ filter: { status: 'open' }, rows: [row('a', { createdAt: 3 })] }]);
    expect(merged.unexplained).toBe(true);
    // Nothing is dropped meanwhile.
    expect(merged.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the list after a write', () => {
  // 540 threads over 2 types × 3 statuses × 4 pages: a full load asks the 3 statuses after the first request.
  let all: ItemRow[];
  let service: ReturnType<typeof fakeItemsService>;

  beforeEach(async () => {
    bridge = fakeBridge();
    useProjectItems.getState().leave();
    queryClient.clear();
    all = manyRows(540, {
      pages: ['/a', '/b', '/c', '/d'],
      statuses: ['open', 'deferred', 'resolved'],
      types: ['bug', 'idea'],
    });
    service = fakeItemsService(all);
    bridge.api.listItems!.mockImplementation(service.listItems);
    await useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data?.rows).toHaveLength(540);
    expect(service.calls).toHaveLength(4);
  });

  const callsAfter = async (before: number) => {
    await vi.waitFor(() => expect(service.calls.length).toBeGreaterThan(before), { timeout: 2000 });
    await vi.waitFor(() => expect(useProjectItems.getState().progress).toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    return service.calls.slice(before);
  };
  const setInService = (id: string, changes: Partial<ItemRow>) => {
    const at = all.findIndex((r) => r.id === id);
    all[at] = { ...all[at]!, ...changes };
  };
  const shown = (id: string) => useProjectItems.getState().data?.rows.find((r) => r.id === id);

  it('a bulk move asks again only the slice the moved threads now sit in, and shows what the service has there', async () => {
    const moved = all.filter((r) => r.type === 'bug' && r.status === 'open').slice(0, 3);
    for (const r of moved) setInService(r.id, { status: 'resolved' });
    // Someone else replied meanwhile to a thread in the same slice.
    const neighbour = all.find((r) => r.type === 'bug' && r.status === 'resolved' && !moved.includes(r))!;
    setInService(neighbour.id, { replyCount: 7 });
    const before = service.calls.length;
    emitItemsChanged({
      projectId: 'p1',
      patched: moved.map((r) => ({ id: r.id, changes: { status: 'resolved' as const } })),
    });
    const asked = await callsAfter(before);
    expect(asked).toEqual([expect.objectContaining({ status: 'resolved' })]);
    expect(shown(neighbour.id)?.replyCount).toBe(7);
    expect(moved.map((r) => shown(r.id)?.status)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(useProjectItems.getState().data?.summary.resolved).toBe(all.filter((r) => r.status === 'resolved').length);
    expect(useProjectItems.getState().data?.rows).toHaveLength(540);
  });

  it("a merge removes the duplicates and asks only the kept thread's slice", async () => {
    const [kept, dup] = all.filter((r) => r.type === 'idea' && r.status === 'deferred');
    all.splice(all.indexOf(dup!), 1);
    setInService(kept!.id, { reportCount: 2 });
    const before = service.calls.length;
    emitItemsChanged({ projectId: 'p1', removed: [dup!.id], patched: [{ id: kept!.id, changes: { reportCount: 2 } }] });
    const asked = await callsAfter(before);
    expect(asked).toHaveLength(1);
    expect(shown(dup!.id)).toBeUndefined();
    expect(shown(kept!.id)?.reportCount).toBe(2);
  });

  it("a new thread is found by asking its page's open threads", async () => {
    all.push(row('new', { page: '/c', status: 'open', type: 'bug', createdAt: 9_000_000 }));
    const before = service.calls.length;
    emitItemsChanged({ projectId: 'p1', created: [{ id: 'new', page: '/c' }] });
    const asked = await callsAfter(before);
    expect(asked).toEqual([expect.objectContaining({ page: '/c', status: 'open' })]);
    expect(useProjectItems.getState().data?.rows[0]?.id).toBe('new');
  });

  it('reloads the whole project when a thread left its slice for one not asked', async () => {
    const target = all.find((r) => r.type === 'bug' && r.status === 'open')!;
    // Another person moved a thread out of the slice that is asked again.
    const other = all.find((r) => r.status === 'open' && r.id !== target.id)!;
    setInService(other.id, { status: 'deferred' });
    const before = service.calls.length;
    emitItemsChanged({ projectId: 'p1', patched: [{ id: target.id, changes: { assignee: 'Ada', assigneeId: 'u1' } }] });
    const asked = await callsAfter(before);
    expect(asked.length).toBeGreaterThan(2);
    expect(shown(other.id)?.status).toBe('deferred');
  });

  it('reloads the whole project when a slice no longer fits in one answer', async () => {
    // 180 threads per status slice; 150 more resolved elsewhere make it 330.
    const moving = all
      .filter((r) => r.type === 'bug' && r.status === 'open')
      .concat(all.filter((r) => r.type === 'bug' && r.status === 'deferred'))
      .slice(0, 150);
    for (const r of moving) setInService(r.id, { status: 'resolved' });
    const before = service.calls.length;
    emitItemsChanged({ projectId: 'p1', patched: [{ id: moving[0]!.id, changes: { status: 'resolved' as const } }] });
    const asked = await callsAfter(before);
    expect(asked.length).toBeGreaterThan(2);
    await vi.waitFor(() =>
      expect(useProjectItems.getState().data?.rows.filter((r) => r.status === 'resolved')).toHaveLength(330),
    );
  });

  it("reloads the whole project when a new thread's page is not known", async () => {
    const before = service.calls.length;
    emitItemsChanged({ projectId: 'p1', created: [{ id: 'x', page: null }] });
    expect((await callsAfter(before)).length).toBeGreaterThan(2);
  });
});
