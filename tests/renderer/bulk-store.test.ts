import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../../src/shared/reader/index.js';
import { asBridge, fakeBridge, type FakeBridge } from './support/fake-bridge.js';
import { fakeItemsService, row } from './support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useBoard } = await import('../../src/renderer/stores/board-store.js');
const { useBulk } = await import('../../src/renderer/stores/bulk-store.js');
const { useUndo } = await import('../../src/renderer/stores/undo-store.js');
const { undoLatest } = await import('../../src/renderer/stores/undo-runner.js');
const { planAssign, planStatus } = await import('../../src/renderer/stores/bulk-model.js');

const alex = { id: 'u-alex', name: 'Alex Kim' };

/** The service's truth: writes change it, and listings read it, like the real one. */
let truth: ItemRow[];

function wireService() {
  bridge.api.listItems!.mockImplementation((q: Parameters<ReturnType<typeof fakeItemsService>['listItems']>[0]) => fakeItemsService(truth).listItems(q));
  bridge.api.setStatus!.mockImplementation(async ({ itemId, status }: { itemId: string; status: ItemRow['status'] }) => {
    const t = truth.find((r) => r.id === itemId)!;
    const changed = t.status !== status;
    truth = truth.map((r) => (r.id === itemId ? { ...r, status } : r));
    return { ok: true, data: { status, changed } };
  });
  bridge.api.assign!.mockImplementation(async ({ itemId, assignee }: { itemId: string; assignee: string | null }) => {
    const t = truth.find((r) => r.id === itemId)!;
    if (t.status === 'resolved') return { ok: false, error: { kind: 'validation', status: 409, reason: 'resolved_item', message: 'Reopen it first.' } };
    const changed = (t.assigneeId || null) !== assignee;
    truth = truth.map((r) => (r.id === itemId ? { ...r, assigneeId: assignee ?? '', assignee: assignee ? alex.name : '' } : r));
    return { ok: true, data: { assignedTo: assignee ? alex.name : null, changed } };
  });
}

const rowOf = (id: string) => useBoard.getState().data!.rows.find((r) => r.id === id)!;

beforeEach(async () => {
  bridge = fakeBridge();
  truth = [row('a', { createdAt: 3 }), row('b', { createdAt: 2 }), row('c', { status: 'resolved', createdAt: 1 })];
  wireService();
  useBoard.getState().leave();
  useBulk.setState({ running: null, receipt: null });
  useUndo.setState({ offer: null });
  await useBoard.getState().load('p1');
});

describe('bulk store', () => {
  it('assigns thread by thread, keeps refusals on the receipt, and refetches', async () => {
    const listCalls = bridge.api.listItems!.mock.calls.length;
    const progress: number[] = [];
    const unsubscribe = useBulk.subscribe((s) => s.running && progress.push(s.running.finished));
    const receipt = await useBulk.getState().start('p1', planAssign(useBoard.getState().data!.rows, alex));
    unsubscribe();

    expect(bridge.api.assign).toHaveBeenCalledTimes(3);
    expect(receipt?.done.sort()).toEqual(['a', 'b']);
    expect(receipt?.refused.map((r) => r.itemId)).toEqual(['c']);
    expect(receipt?.reopenable).toEqual(['c']);
    expect(useBulk.getState().receipt).toBe(receipt);
    expect(progress.at(-1)).toBe(3);
    // The screen follows the service: assigned where it agreed, untouched where it refused.
    expect(rowOf('a')).toMatchObject({ assigneeId: alex.id, assignee: alex.name });
    expect(rowOf('c').assigneeId).toBeFalsy();
    // …and a background refetch confirms it.
    await vi.waitFor(() => expect(bridge.api.listItems!.mock.calls.length).toBeGreaterThan(listCalls), { timeout: 2000 });
    await vi.waitFor(() => expect(useBoard.getState().progress).toBeNull());
    expect(rowOf('b').assigneeId).toBe(alex.id);
  });

  it('offers an undo that restores each thread’s previous value', async () => {
    await useBulk.getState().start('p1', planStatus(useBoard.getState().data!.rows, 'deferred'));
    expect(rowOf('a').status).toBe('deferred');
    expect(useUndo.getState().offer?.label).toBe('Set 3 threads to Deferred');
    // A clean success is said once, by the undo toast: no receipt repeats it.
    expect(useBulk.getState().receipt).toBeNull();

    expect(await undoLatest()).toBe(true);
    expect(truth.map((r) => r.status)).toEqual(['open', 'open', 'resolved']);
    expect(rowOf('c').status).toBe('resolved');
    // Undoing is not itself undoable, and its receipt says what it did.
    expect(useUndo.getState().offer).toBeNull();
    expect(useBulk.getState().receipt?.plan.kind).toBe('undo');
  });

  it('refuses to start a second bulk change while one runs', async () => {
    let release!: () => void;
    bridge.api.setStatus!.mockImplementationOnce(() => new Promise((r) => (release = () => r({ ok: true, data: { status: 'deferred', changed: true } }))));
    const first = useBulk.getState().start('p1', planStatus([rowOf('a')], 'deferred'));
    expect(await useBulk.getState().start('p1', planStatus([rowOf('b')], 'deferred'))).toBeNull();
    release();
    await first;
  });
});
