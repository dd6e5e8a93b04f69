import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { fakeItemsService, row } from '../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useProjectItems } = await import('../../../src/renderer/server-state/project-items-store.js');
const { useAnnouncer } = await import('../../../src/renderer/stores/announcer-store.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');
const { historyOf } = await import('../../../src/renderer/stores/undo-store.js');
const { RECENT_BOARD_MS, projectItemsKey } = await import('../../../src/renderer/server-state/project-items-query.js');
const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');

/** Resolves a promise on demand, to hold a write in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const rows = [
  row('a', { status: 'open', createdAt: 3 }),
  row('b', { status: 'open', createdAt: 2 }),
  row('c', { status: 'deferred', createdAt: 1 }),
];

async function loadBoard() {
  const service = fakeItemsService(rows);
  bridge.api.listItems!.mockImplementation(service.listItems);
  await useProjectItems.getState().load('p1');
}

/** Serves `all` through listItems, holding every request after the first `free` until the gate opens. */
function gatedService(all: ReturnType<typeof row>[], free = 0) {
  const service = fakeItemsService(all);
  const gate = deferred<void>();
  bridge.api.listItems!.mockImplementation(async (q) => {
    if (service.calls.length >= free) await gate.promise;
    return service.listItems(q);
  });
  return gate;
}

const statusOf = (id: string) => useProjectItems.getState().data?.rows.find((r) => r.id === id)?.status;
const counts = () => {
  const s = useProjectItems.getState().data!.summary;
  return { open: s.open, deferred: s.deferred, resolved: s.resolved };
};

beforeEach(() => {
  bridge = fakeBridge();
  useProjectItems.getState().leave();
  queryClient.clear();
});

describe('board store', () => {
  it('loads every thread with whole-project counts', async () => {
    await loadBoard();
    const state = useProjectItems.getState();
    expect(state.data?.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(counts()).toEqual({ open: 2, deferred: 1, resolved: 0 });
    expect(state.progress).toBeNull();
    expect(state.loadProblem).toBeNull();
  });

  it('shows rows as the slices of a first load arrive, with whole-project counts, and all of them at the end', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      row(`r${i}`, { page: ['/a', '/b', '/c'][i % 3]!, createdAt: 1000 + i }),
    );
    const gate = gatedService(many, 1);
    const loading = useProjectItems.getState().load('p1');
    await vi.waitFor(() => expect(useProjectItems.getState().data?.rows).toHaveLength(200));
    // The header counts the whole project while the rest is on its way.
    expect(useProjectItems.getState().data?.summary.total).toBe(450);
    expect(useProjectItems.getState().progress).not.toBeNull();
    expect(useProjectItems.getState().loadedAt).toBeNull();
    gate.resolve();
    await loading;
    expect(useProjectItems.getState().data?.rows).toHaveLength(450);
    expect(useProjectItems.getState().progress).toBeNull();
  });

  it('entering a project whose first load is under way joins that load; a plain load starts afresh', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      row(`r${i}`, { page: ['/a', '/b', '/c'][i % 3]!, createdAt: 1000 + i }),
    );
    const wholeProject = () =>
      bridge.api.listItems!.mock.calls.filter((call) => {
        const query = call[0] as unknown as Record<string, unknown>;
        return Object.keys(query).sort().join() === 'limit,projectId';
      });
    const gate = gatedService(many, 1);
    const first = useProjectItems.getState().load('p1');
    await vi.waitFor(() => expect(useProjectItems.getState().data?.rows).toHaveLength(200));
    const joined = useProjectItems.getState().load('p1', { join: true });
    gate.resolve();
    await Promise.all([first, joined]);
    expect(wholeProject()).toHaveLength(1);
    expect(useProjectItems.getState().data?.rows).toHaveLength(450);

    // Loaded whole, the project is asked again when entered (a quiet refresh), and by any plain load.
    await useProjectItems.getState().load('p1', { join: true });
    await useProjectItems.getState().load('p1');
    expect(wholeProject()).toHaveLength(3);
  });

  it('reopening a project shown in the last minutes paints from memory at once, then refreshes', async () => {
    await loadBoard();
    useProjectItems.getState().leave();
    const gate = gatedService([...rows, row('d', { status: 'open', createdAt: 9 })]);
    const reopening = useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data?.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    gate.resolve();
    await reopening;
    expect(useProjectItems.getState().data?.rows.map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('loads afresh a project remembered longer ago than a few minutes', async () => {
    await loadBoard();
    useProjectItems.getState().leave();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + RECENT_BOARD_MS + 1);
    const gate = gatedService(rows);
    const loading = useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data).toBeNull();
    gate.resolve();
    await loading;
    clock.mockRestore();
    expect(useProjectItems.getState().data?.rows).toHaveLength(3);
  });

  it('keeps the last few projects left behind for a quick reopen, not more', async () => {
    const service = fakeItemsService(rows);
    bridge.api.listItems!.mockImplementation(service.listItems);
    for (const projectId of ['p1', 'p2', 'p3', 'p4']) {
      await useProjectItems.getState().load(projectId);
      useProjectItems.getState().leave();
    }
    const gate = gatedService(rows);
    const reopening = useProjectItems.getState().load('p1');
    // The first of four left behind was let go: it loads afresh.
    expect(useProjectItems.getState().data).toBeNull();
    gate.resolve();
    await reopening;
    useProjectItems.getState().leave();
    const again = useProjectItems.getState().load('p4');
    expect(useProjectItems.getState().data?.rows).toHaveLength(3);
    await again;
  });

  it('keeps the project’s rows in the query cache under the connection, written by accepted changes', async () => {
    await loadBoard();
    useProjectItems.getState().applyPatches([{ id: 'b', changes: { status: 'resolved' } }]);
    const entry = queryClient.getQueryData<{ board: { rows: { id: string; status: string }[] } }>(
      projectItemsKey(null, 'p1'),
    );
    expect(entry?.board.rows.find((r) => r.id === 'b')?.status).toBe('resolved');
    expect(entry?.board).toBe(useProjectItems.getState().data);
  });

  it('keeps the rows on screen during a refresh until the new set is complete', async () => {
    await loadBoard();
    const gate = gatedService([...rows, row('d', { status: 'open', createdAt: 9 })]);
    const refreshing = useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data?.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    gate.resolve();
    await refreshing;
    expect(useProjectItems.getState().data?.rows.map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('a refresh that stops half-way keeps the last complete list and its time, and says the refresh failed', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      row(`r${i}`, { page: ['/a', '/b', '/c'][i % 3]!, createdAt: 1000 + i }),
    );
    bridge.api.listItems!.mockImplementation(fakeItemsService(many).listItems);
    await useProjectItems.getState().load('p1');
    const { loadedAt } = useProjectItems.getState();
    expect(useProjectItems.getState().data?.rows).toHaveLength(450);
    const offline = { kind: 'network', message: 'Can’t reach the service.' } as const;
    bridge.api.listItems!.mockImplementation(
      fakeItemsService(many, { failOn: (_q, i) => (i >= 2 ? offline : null) }).listItems,
    );
    await useProjectItems.getState().load('p1');
    const state = useProjectItems.getState();
    expect(state.data?.rows).toHaveLength(450);
    expect(state.data?.partial).toBeNull();
    expect(state.loadedAt).toBe(loadedAt);
    expect(state.loadProblem).toMatchObject({
      title: expect.stringMatching(/^The refresh stopped half-way/),
      error: { kind: 'network' },
    });
  });

  it('a first load that stops half-way keeps what it got and says how many of how many', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      row(`r${i}`, { page: ['/a', '/b', '/c'][i % 3]!, createdAt: 1000 + i }),
    );
    const offline = { kind: 'network', message: 'Can’t reach the service.' } as const;
    bridge.api.listItems!.mockImplementation(
      fakeItemsService(many, { failOn: (_q, i) => (i >= 2 ? offline : null) }).listItems,
    );
    await useProjectItems.getState().load('p1');
    const { data, loadProblem } = useProjectItems.getState();
    expect(data!.rows.length).toBeLessThan(450);
    expect(data!.partial).toEqual({ of: 450, atLeast: false });
    expect(loadProblem).toMatchObject({ title: 'Some threads could not be loaded' });
    // A partial list is not remembered as the project's for a quick reopen.
    useProjectItems.getState().leave();
    bridge.api.listItems!.mockImplementation(fakeItemsService(many).listItems);
    const reopening = useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data).toBeNull();
    await reopening;
    expect(useProjectItems.getState().data?.partial).toBeNull();
  });

  it('explains a failed first load and keeps no rows', async () => {
    bridge.api.listItems!.mockResolvedValue({ ok: false, error: { kind: 'not_found', message: 'No such project.' } });
    await useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data).toBeNull();
    expect(useProjectItems.getState().loadProblem).toMatchObject({
      title: 'Could not load the threads of this project',
      error: { kind: 'not_found' },
    });
  });

  it('moves a card at once and keeps it there when the service agrees', async () => {
    await loadBoard();
    const write = deferred<unknown>();
    bridge.api.setStatus!.mockReturnValue(write.promise);
    const done = useProjectItems.getState().setStatus('a', 'resolved');
    expect(statusOf('a')).toBe('resolved');
    expect(counts()).toEqual({ open: 1, deferred: 1, resolved: 1 });
    expect(useProjectItems.getState().pending.a).toBeDefined();
    write.resolve({ ok: true, data: { status: 'resolved', changed: true } });
    expect(await done).toBe(true);
    expect(bridge.api.setStatus).toHaveBeenCalledWith({ itemId: 'a', status: 'resolved' });
    expect(useProjectItems.getState().pending).toEqual({});
    expect(useAnnouncer.getState().message).toMatch(/to Resolved/);
  });

  it('rolls a card back and says why when the service refuses', async () => {
    await loadBoard();
    bridge.api.setStatus!.mockResolvedValue({
      ok: false,
      error: { kind: 'forbidden', message: 'Your role does not allow this.' },
    });
    expect(await useProjectItems.getState().setStatus('a', 'deferred')).toBe(false);
    expect(statusOf('a')).toBe('open');
    expect(counts()).toEqual({ open: 2, deferred: 1, resolved: 0 });
    const problem = useProjectItems.getState().moveProblem;
    expect(problem?.itemId).toBe('a');
    expect(problem?.title).toMatch(/Could not move “Thread a” to Deferred; it is back in Open/);
    expect(problem?.error.message).toBe('Your role does not allow this.');
  });

  it('refetches after a write whose outcome is uncertain', async () => {
    await loadBoard();
    const callsBefore = bridge.api.listItems!.mock.calls.length;
    bridge.api.setStatus!.mockResolvedValue({
      ok: false,
      error: { kind: 'network', message: 'Connection dropped.', uncertain: true },
    });
    await useProjectItems.getState().setStatus('a', 'resolved');
    await vi.waitFor(() => expect(bridge.api.listItems!.mock.calls.length).toBeGreaterThan(callsBefore));
  });

  it('lets only the latest of two overlapping moves settle the card', async () => {
    await loadBoard();
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    bridge.api.setStatus!.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const p1 = useProjectItems.getState().setStatus('a', 'deferred');
    const p2 = useProjectItems.getState().setStatus('a', 'resolved');
    first.resolve({ ok: false, error: { kind: 'server', message: 'Oops.' } });
    await p1;
    // The failed first move must not drag the card back over the newer one.
    expect(statusOf('a')).toBe('resolved');
    expect(useProjectItems.getState().moveProblem).toBeNull();
    second.resolve({ ok: true, data: { status: 'resolved', changed: true } });
    await p2;
    expect(statusOf('a')).toBe('resolved');
    expect(counts()).toEqual({ open: 1, deferred: 1, resolved: 1 });
  });

  it('keeps an in-flight move on screen when a refetch lands first', async () => {
    await loadBoard();
    const write = deferred<unknown>();
    bridge.api.setStatus!.mockReturnValue(write.promise);
    const done = useProjectItems.getState().setStatus('c', 'open');
    await useProjectItems.getState().load('p1');
    expect(statusOf('c')).toBe('open');
    expect(counts()).toEqual({ open: 3, deferred: 0, resolved: 0 });
    write.resolve({ ok: true, data: { status: 'open', changed: true } });
    await done;
  });

  it('drops a load that finishes after the person opened another project', async () => {
    const slow = deferred<unknown>();
    bridge.api.listItems!.mockReturnValueOnce(slow.promise);
    const first = useProjectItems.getState().load('p-old');
    const service = fakeItemsService(rows);
    bridge.api.listItems!.mockImplementation(service.listItems);
    await useProjectItems.getState().load('p-new');
    slow.resolve({ ok: false, error: { kind: 'server', message: 'late' } });
    await first;
    expect(useProjectItems.getState().projectId).toBe('p-new');
    expect(useProjectItems.getState().loadProblem).toBeNull();
    expect(useProjectItems.getState().data?.rows).toHaveLength(3);
  });

  it('ignores a move to the status the card already has', async () => {
    await loadBoard();
    expect(await useProjectItems.getState().setStatus('a', 'open')).toBe(false);
    expect(bridge.api.setStatus).not.toHaveBeenCalled();
  });

  it('records a move in the undo history with what the undo must find', async () => {
    await loadBoard();
    bridge.api.setStatus!.mockImplementation(async ({ status }: { status: string }) => ({
      ok: true,
      data: { status, changed: true },
    }));
    await useProjectItems.getState().setStatus('a', 'resolved');
    const entry = historyOf('p1')[0];
    expect(entry?.label).toBe('Moved “Thread a” to Resolved');
    // Undo puts Open back, and only over the Resolved this move left.
    expect(entry?.plan.tasks).toEqual([
      { itemId: 'a', steps: [{ kind: 'status', to: 'open' }], before: { status: 'resolved', assignee: null } },
    ]);
  });
});

describe('items-sync changes from other features', () => {
  it('applies patches and removals at once, with the counts, then refetches in the background', async () => {
    await loadBoard();
    const before = bridge.api.listItems!.mock.calls.length;
    emitItemsChanged({
      projectId: 'p1',
      patched: [{ id: 'a', changes: { status: 'resolved', assigneeId: 'u1', assignee: 'Ada' } }],
      removed: ['c'],
    });
    expect(statusOf('a')).toBe('resolved');
    expect(useProjectItems.getState().data?.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(counts()).toEqual({ open: 1, deferred: 0, resolved: 1 });
    expect(useProjectItems.getState().data?.summary.total).toBe(2);
    await vi.waitFor(() => expect(bridge.api.listItems!.mock.calls.length).toBeGreaterThan(before), { timeout: 2000 });
  });

  it('ignores changes to another project', async () => {
    await loadBoard();
    const data = useProjectItems.getState().data;
    emitItemsChanged({ projectId: 'other', removed: ['a'] });
    expect(useProjectItems.getState().data).toBe(data);
  });

  it('keeps a change a slower refetch did not see yet', async () => {
    await loadBoard();
    const slow = deferred<unknown>();
    const service = fakeItemsService(rows);
    bridge.api.listItems!.mockImplementationOnce(() => slow.promise);
    const reload = useProjectItems.getState().load('p1');
    // Accepted by the service after the reload asked, so the reload's answer is older.
    useProjectItems.getState().applyPatches([{ id: 'b', changes: { assigneeId: 'u9', assignee: 'Zoe' } }]);
    slow.resolve(await service.listItems({ projectId: 'p1', limit: 200 }));
    await reload;
    expect(useProjectItems.getState().data?.rows.find((r) => r.id === 'b')).toMatchObject({
      assigneeId: 'u9',
      assignee: 'Zoe',
    });
    // A load that starts after the change trusts the service again.
    await useProjectItems.getState().load('p1');
    expect(useProjectItems.getState().data?.rows.find((r) => r.id === 'b')?.assigneeId).toBeNull();
  });
});
