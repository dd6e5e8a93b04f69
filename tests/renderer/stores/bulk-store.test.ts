import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '#shared/reader/index.js';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { fakeItemsService, row } from '../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useProjectItems } = await import('../../../src/renderer/server-state/project-items-store.js');
const { useBulk } = await import('../../../src/renderer/stores/bulk-store.js');
const { useUndo } = await import('../../../src/renderer/stores/undo-store.js');
const { undoLatest, undoEntry } = await import('../../../src/renderer/stores/undo-runner.js');
const { historyOf, recordStatusUndo } = await import('../../../src/renderer/stores/undo-store.js');
const { entryState } = await import('../../../src/renderer/stores/undo-history.js');
const { useNotice } = await import('../../../src/renderer/stores/notice-store.js');
const { useUndoConfirm } = await import('../../../src/renderer/stores/undo-confirm.js');
const { useAnnouncer } = await import('../../../src/renderer/stores/announcer-store.js');
const { planAssign, planReopenAssign, planStatus, planUndo } =
  await import('../../../src/renderer/stores/bulk-model.js');
const { executePlan, recordPlanUndo } = await import('../../../src/renderer/stores/bulk-send.js');

const alex = { id: 'u-alex', name: 'Alex Kim' };

/** The service's truth: writes change it, and listings read it, like the real one. */
let truth: ItemRow[];

function wireService() {
  bridge.api.listItems!.mockImplementation((q: Parameters<ReturnType<typeof fakeItemsService>['listItems']>[0]) =>
    fakeItemsService(truth).listItems(q),
  );
  bridge.api.setStatus!.mockImplementation(
    async ({ itemId, status }: { itemId: string; status: ItemRow['status'] }) => {
      const t = truth.find((r) => r.id === itemId)!;
      const changed = t.status !== status;
      truth = truth.map((r) => (r.id === itemId ? { ...r, status } : r));
      return { ok: true, data: { status, changed } };
    },
  );
  bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => {
    const t = truth.find((r) => r.id === itemId);
    if (!t) return { ok: false, error: { kind: 'not_found', status: 404, message: 'No such thread.' } };
    return {
      ok: true,
      data: {
        id: t.id,
        status: t.status,
        assignee: t.assigneeId ? { id: t.assigneeId, name: t.assignee, mode: null } : null,
        duplicateOf: null,
      },
    };
  });
  bridge.api.assign!.mockImplementation(async ({ itemId, assignee }: { itemId: string; assignee: string | null }) => {
    const t = truth.find((r) => r.id === itemId)!;
    if (t.status === 'resolved')
      return {
        ok: false,
        error: { kind: 'validation', status: 409, reason: 'resolved_item', message: 'Reopen it first.' },
      };
    const changed = (t.assigneeId || null) !== assignee;
    truth = truth.map((r) =>
      r.id === itemId ? { ...r, assigneeId: assignee ?? '', assignee: assignee ? alex.name : '' } : r,
    );
    return { ok: true, data: { assignedTo: assignee ? alex.name : null, changed } };
  });
}

const rowOf = (id: string) => useProjectItems.getState().data!.rows.find((r) => r.id === id)!;

beforeEach(async () => {
  bridge = fakeBridge();
  truth = [row('a', { createdAt: 3 }), row('b', { createdAt: 2 }), row('c', { status: 'resolved', createdAt: 1 })];
  wireService();
  useProjectItems.getState().leave();
  useBulk.setState({ running: null, receipt: null });
  useUndo.setState({ histories: {}, toast: null });
  useUndoConfirm.setState({ asking: null });
  await useProjectItems.getState().load('p1');
});

describe('bulk store', () => {
  it('assigns thread by thread, keeps refusals on the receipt, and refetches', async () => {
    const listCalls = bridge.api.listItems!.mock.calls.length;
    const progress: number[] = [];
    const unsubscribe = useBulk.subscribe((s) => s.running && progress.push(s.running.finished));
    const receipt = await useBulk.getState().start('p1', planAssign(useProjectItems.getState().data!.rows, alex));
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
    await vi.waitFor(() => expect(bridge.api.listItems!.mock.calls.length).toBeGreaterThan(listCalls), {
      timeout: 2000,
    });
    await vi.waitFor(() => expect(useProjectItems.getState().progress).toBeNull());
    expect(rowOf('b').assigneeId).toBe(alex.id);
  });

  it('keeps an undo that changes each thread back, after the toast has gone too, asking first where it would resolve again', async () => {
    await useBulk.getState().start('p1', planStatus(useProjectItems.getState().data!.rows, 'deferred'));
    expect(rowOf('a').status).toBe('deferred');
    const entry = historyOf('p1')[0]!;
    expect(entry.label).toBe('Set 3 threads to Deferred');
    // A clean success is said once, by the undo toast: no receipt repeats it.
    expect(useBulk.getState().receipt).toBeNull();
    useUndo.getState().dismissToast(useUndo.getState().toast!.entryId);

    // c was resolved: undoing would resolve it again as this person, so z asks first and sends nothing.
    const writes = bridge.api.setStatus!.mock.calls.length;
    expect(await undoLatest('p1')).toBe(false);
    expect(useUndoConfirm.getState().asking).toEqual({ projectId: 'p1', entryId: entry.id });
    expect(bridge.api.setStatus!.mock.calls.length).toBe(writes);

    expect(await undoEntry('p1', entry.id, { chosen: new Set(['back', 'resolve-again'] as const) })).toBe(true);
    expect(truth.map((r) => r.status)).toEqual(['open', 'open', 'resolved']);
    expect(rowOf('c').status).toBe('resolved');
    // Undoing is not itself recorded, its receipt says what it did, and the entry is marked undone.
    expect(historyOf('p1')).toHaveLength(1);
    expect(entryState(historyOf('p1')[0]!).kind).toBe('undone');
    expect(useBulk.getState().receipt?.plan.kind).toBe('undo');
    expect(useAnnouncer.getState().message).toBe(
      'Undid “Set 3 threads to Deferred”: 2 threads changed back to Open · 1 thread resolved again as you, today (Review, the decision log and What’s new now name you).',
    );
  });

  it('leaves the kinds of thread the person chose to leave as the change left them, and says so', async () => {
    await useBulk.getState().start('p1', planStatus(useProjectItems.getState().data!.rows, 'deferred'));
    const entry = historyOf('p1')[0]!;
    expect(await undoEntry('p1', entry.id, { chosen: new Set(['back'] as const) })).toBe(true);
    expect(truth.map((r) => r.status)).toEqual(['open', 'open', 'deferred']);
    const after = historyOf('p1')[0]!;
    expect(after.plan.tasks).toEqual([]);
    expect(after.leftAlone).toEqual([
      { itemId: 'c', why: 'You chose to leave it Deferred rather than resolve it again as you.', chosen: true },
    ]);
    expect(useAnnouncer.getState().message).toBe(
      'Undid “Set 3 threads to Deferred”: 2 threads changed back to Open · 1 thread left Deferred, as you chose.',
    );
    // Nothing is left to undo of it: z does not ask again.
    expect(await undoLatest('p1')).toBe(false);
    expect(useNotice.getState().notice?.text).toMatch(/Nothing left to undo/);
  });

  it('sends nothing when the person leaves every kind of thread', async () => {
    await useBulk.getState().start('p1', planStatus([rowOf('c')], 'deferred'));
    const entry = historyOf('p1')[0]!;
    const writes = bridge.api.setStatus!.mock.calls.length;
    expect(await undoEntry('p1', entry.id, { chosen: new Set() })).toBe(false);
    expect(bridge.api.setStatus!.mock.calls.length).toBe(writes);
    expect(entryState(historyOf('p1')[0]!).kind).toBe('impossible');
  });

  it('steps back through several changes with z, newest first', async () => {
    await useBulk.getState().start('p1', planStatus([rowOf('a')], 'deferred'));
    await useBulk.getState().start('p1', planAssign([rowOf('a'), rowOf('b')], alex));
    await useBulk.getState().start('p1', planStatus([rowOf('b')], 'resolved'));
    expect(historyOf('p1').map((e) => e.label)).toEqual([
      'Set 1 thread to Resolved',
      'Assigned 2 threads to Alex Kim',
      'Set 1 thread to Deferred',
    ]);

    expect(await undoLatest('p1')).toBe(true);
    expect(truth.find((r) => r.id === 'b')!.status).toBe('open');
    expect(await undoLatest('p1')).toBe(true);
    expect(truth.filter((r) => r.assigneeId).map((r) => r.id)).toEqual([]);
    expect(await undoLatest('p1')).toBe(true);
    expect(truth.map((r) => r.status)).toEqual(['open', 'open', 'resolved']);
    expect(historyOf('p1').map((e) => entryState(e).kind)).toEqual(['undone', 'undone', 'undone']);

    expect(await undoLatest('p1')).toBe(false);
    expect(useNotice.getState().notice?.text).toMatch(/Nothing left to undo/);
  });

  it('leaves alone a thread someone changed since, and says so', async () => {
    await useBulk.getState().start('p1', planStatus([rowOf('a'), rowOf('b')], 'deferred'));
    // Someone else resolves b through the service.
    truth = truth.map((r) => (r.id === 'b' ? { ...r, status: 'resolved' } : r));
    const writes = bridge.api.setStatus!.mock.calls.length;

    expect(await undoLatest('p1')).toBe(false);
    // Only a was written back; b keeps the other person's change.
    expect(bridge.api.setStatus!.mock.calls.slice(writes)).toEqual([[{ itemId: 'a', status: 'open' }]]);
    expect(truth.map((r) => r.status)).toEqual(['open', 'resolved', 'resolved']);
    const entry = historyOf('p1')[0]!;
    expect(entryState(entry)).toEqual({ kind: 'partly', undone: 1, left: 0 });
    expect(entry.leftAlone).toEqual([
      {
        itemId: 'b',
        why: 'Someone else changed it since: it is now Resolved, not Deferred as you left it, so undo left it as it is.',
      },
    ]);
    expect(useBulk.getState().receipt?.changedSince.map((c) => c.itemId)).toEqual(['b']);
    // Nothing is left to try: z says so rather than writing over the change.
    expect(await undoLatest('p1')).toBe(false);
  });

  it('holds back an older change’s threads until the newer change to them is undone', async () => {
    const older =
      (await useBulk.getState().start('p1', planStatus([rowOf('a')], 'deferred'))) && historyOf('p1')[0]!.id;
    await useBulk.getState().start('p1', planStatus([rowOf('a')], 'resolved'));

    expect(await undoEntry('p1', older!)).toBe(false);
    expect(useNotice.getState().notice?.text).toBe(
      'Undo “Set 1 thread to Resolved” first: it changed the same thread after this change.',
    );
    expect(truth[0]!.status).toBe('resolved');

    // Undoing the newer change would defer a again as this person: it asks, and goes ahead when chosen.
    expect(await undoLatest('p1')).toBe(false);
    const newer = useUndoConfirm.getState().asking!.entryId;
    expect(await undoEntry('p1', newer, { chosen: new Set(['defer-again'] as const) })).toBe(true);
    expect(await undoEntry('p1', older!)).toBe(true);
    expect(truth[0]!.status).toBe('open');
  });

  it('keeps a thread whose undo was not sent, to try again', async () => {
    await useBulk.getState().start('p1', planStatus([rowOf('a')], 'deferred'));
    bridge.api.setStatus!.mockImplementationOnce(async () => ({
      ok: false,
      error: { kind: 'network', message: 'The service did not answer.' },
    }));
    expect(await undoLatest('p1')).toBe(false);
    expect(entryState(historyOf('p1')[0]!).kind).toBe('ready');
    expect(await undoLatest('p1')).toBe(true);
    expect(truth[0]!.status).toBe('open');
  });

  it('records the assign dialog’s two runs as one change: a second entry replaces the first', async () => {
    const assign = planAssign([rowOf('a'), rowOf('c')], alex);
    const first = await executePlan('p1', assign);
    const runs = [{ plan: assign, result: first.result }];
    const firstId = recordPlanUndo('p1', runs, { label: 'Assigned 1 thread to Alex Kim' });
    const reopen = planReopenAssign([rowOf('c')], alex);
    const second = await executePlan('p1', reopen);
    recordPlanUndo('p1', [...runs, { plan: reopen, result: second.result }], {
      label: 'Reopened and assigned 2 threads to Alex Kim',
      replaces: firstId!,
    });

    expect(historyOf('p1').map((e) => e.label)).toEqual(['Reopened and assigned 2 threads to Alex Kim']);
    expect(await undoLatest('p1')).toBe(false);
    expect(await undoEntry('p1', historyOf('p1')[0]!.id, { chosen: new Set(['back', 'resolve-again'] as const) })).toBe(
      true,
    );
    // c is unassigned and resolved again, a is unassigned.
    expect(truth.map((r) => [r.id, r.status, r.assigneeId || null])).toEqual([
      ['a', 'open', null],
      ['b', 'open', null],
      ['c', 'resolved', null],
    ]);
  });

  it('never records an undo plan’s own run, whoever starts it', async () => {
    const change = planStatus([rowOf('a')], 'deferred');
    const { result } = await executePlan('p1', change);
    const undo = planUndo(change, result)!;
    const receipt = await useBulk.getState().start('p1', undo);
    expect(truth[0]!.status).toBe('open');
    expect(historyOf('p1')).toEqual([]);
    // With no entry (and so no toast) to say it, the receipt stays.
    expect(useBulk.getState().receipt).toBe(receipt);
    expect(recordPlanUndo('p1', [{ plan: undo, result: (await executePlan('p1', undo)).result }])).toBeNull();
  });

  it('records a single status change made outside a plan, and changes it back', async () => {
    const before = { status: 'open', assignee: alex };
    truth = truth.map((r) =>
      r.id === 'a' ? { ...r, status: 'resolved', assigneeId: alex.id, assignee: alex.name } : r,
    );
    const id = recordStatusUndo('p1', 'Moved “a” to Resolved', 'a', before, 'resolved');
    expect(historyOf('p1')[0]).toMatchObject({
      id,
      label: 'Moved “a” to Resolved',
      total: 1,
      plan: {
        kind: 'undo',
        undoing: {
          kind: 'status',
          to: 'resolved',
          tasks: [{ itemId: 'a', steps: [{ kind: 'status', to: 'resolved' }], before }],
        },
        tasks: [
          { itemId: 'a', steps: [{ kind: 'status', to: 'open' }], before: { status: 'resolved', assignee: alex } },
        ],
      },
    });
    expect(await undoLatest('p1')).toBe(true);
    expect(truth[0]).toMatchObject({ status: 'open', assigneeId: alex.id });
    // A status this version does not know cannot be sent back: nothing is recorded.
    expect(
      recordStatusUndo('p1', 'Moved “b” to Resolved', 'b', { status: 'triaged', assignee: null }, 'resolved'),
    ).toBeNull();
    expect(historyOf('p1')).toHaveLength(1);
  });

  it('refuses to start a second bulk change while one runs', async () => {
    let release!: () => void;
    bridge.api.setStatus!.mockImplementationOnce(
      () => new Promise((r) => (release = () => r({ ok: true, data: { status: 'deferred', changed: true } }))),
    );
    const first = useBulk.getState().start('p1', planStatus([rowOf('a')], 'deferred'));
    expect(await useBulk.getState().start('p1', planStatus([rowOf('b')], 'deferred'))).toBeNull();
    release();
    await first;
  });
});
