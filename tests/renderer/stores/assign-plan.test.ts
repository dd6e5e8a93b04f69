import { describe, expect, it } from 'vitest';
import type { Status } from '#shared/api/common.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import {
  buildReceipt,
  planAssign,
  planReopenAssign,
  planUndo,
  runBulk,
  type PlanRow,
  type SendStep,
  type StepReport,
} from '../../../src/renderer/stores/bulk-model.js';

/**
 * The assign dialog's flow on the bulk plans (moved from the dialog's own assign-run):
 * assign each, set resolved ones aside for "Reopen and assign?", reopen then assign in
 * that order, and undo in the reverse order.
 */

interface FakeThread {
  status: Status;
  assigneeId: string | null;
}

const u1 = { id: 'u1', name: 'Name of u1' };
const u2 = { id: 'u2', name: 'Name of u2' };

/** Behaves like the service: a resolved thread refuses assignment with 409 resolved_item. */
function fakeService(threads: Record<string, FakeThread>, failures: Partial<Record<string, BridgeError>> = {}) {
  const log: string[] = [];
  const send: SendStep = async (itemId, step) => {
    if (step.kind === 'status') {
      log.push(`status ${itemId} ${step.to}`);
      const f = failures[`status ${itemId}`];
      if (f) return { ok: false, error: f };
      const t = threads[itemId]!;
      const changed = t.status !== step.to;
      t.status = step.to;
      return { ok: true, data: { changed, patch: { status: step.to } } };
    }
    const assignee = step.to?.id ?? null;
    log.push(`assign ${itemId} ${assignee}`);
    const f = failures[`assign ${itemId}`];
    if (f) return { ok: false, error: f };
    const t = threads[itemId];
    if (!t) return { ok: false, error: { kind: 'not_found', message: 'gone' } };
    if (t.status === 'resolved')
      return { ok: false, error: { kind: 'validation', status: 409, reason: 'resolved_item', message: 'resolved' } };
    const changed = t.assigneeId !== assignee;
    t.assigneeId = assignee;
    return { ok: true, data: { changed, patch: { assigneeId: assignee ?? '', assignee: step.to?.name ?? '' } } };
  };
  return { send, log, threads };
}

const rowsOf = (threads: Record<string, FakeThread>, ids: string[]): PlanRow[] =>
  ids.map((id) => ({
    id,
    status: threads[id]?.status ?? 'open',
    assigneeId: threads[id]?.assigneeId ?? '',
    assignee: threads[id]?.assigneeId ? `Name of ${threads[id]!.assigneeId}` : '',
  }));

describe('assigning several threads', () => {
  it('assigns each in turn, and sets resolved ones aside for "Reopen and assign?"', async () => {
    const { send, threads } = fakeService({
      a: { status: 'open', assigneeId: null },
      b: { status: 'resolved', assigneeId: null },
      c: { status: 'deferred', assigneeId: 'u1' },
    });
    const plan = planAssign(rowsOf(threads, ['a', 'b', 'c']), u1);
    const done: number[] = [];
    const receipt = buildReceipt(plan, await runBulk(plan, send, { concurrency: 1, onProgress: (n) => done.push(n) }));
    expect(receipt.done).toEqual(['a']);
    expect(receipt.unchanged).toEqual(['c']);
    expect(receipt.reopenable).toEqual(['b']);
    expect(receipt.refused.map((r) => r.itemId)).toEqual(['b']);
    expect(done).toEqual([1, 2, 3]);
    expect(threads.b).toEqual({ status: 'resolved', assigneeId: null });
  });

  it('stops at a connection failure and lists what was not sent', async () => {
    const { send, threads } = fakeService(
      {
        a: { status: 'open', assigneeId: null },
        b: { status: 'open', assigneeId: null },
        c: { status: 'open', assigneeId: null },
      },
      { 'assign b': { kind: 'network', message: 'offline' } },
    );
    const plan = planAssign(rowsOf(threads, ['a', 'b', 'c']), null);
    const receipt = buildReceipt(plan, await runBulk(plan, send, { concurrency: 1 }));
    expect(receipt.refused.map((f) => f.itemId)).toEqual(['b']);
    expect(receipt.reopenable).toEqual([]);
    expect(receipt.notSent).toEqual(['c']);
    expect(receipt.halted?.kind).toBe('network');
  });

  it('keeps going past a failure that concerns one thread', async () => {
    const { send, threads } = fakeService({
      a: { status: 'open', assigneeId: null },
      c: { status: 'open', assigneeId: null },
    });
    const plan = planAssign(rowsOf(threads, ['a', 'gone', 'c']), u2);
    const receipt = buildReceipt(plan, await runBulk(plan, send, { concurrency: 1 }));
    expect(receipt.refused.map((f) => [f.itemId, f.error.kind])).toEqual([['gone', 'not_found']]);
    expect(receipt.done).toEqual(['a', 'c']);
  });
});

describe('reopen and assign', () => {
  it('reopens, then assigns, in that order, reporting each step as it is answered', async () => {
    const { send, log, threads } = fakeService({
      b: { status: 'resolved', assigneeId: null },
      d: { status: 'resolved', assigneeId: 'u9' },
    });
    const plan = planReopenAssign(rowsOf(threads, ['b', 'd']), u1);
    const seen: StepReport[] = [];
    await runBulk(plan, send, { concurrency: 1, onStep: (s) => seen.push(s) });
    expect(log).toEqual(['status b open', 'assign b u1', 'status d open', 'assign d u1']);
    expect(seen.map((s) => `${s.itemId}:${s.step.kind}:${s.ok}`)).toEqual([
      'b:status:true',
      'b:assign:true',
      'd:status:true',
      'd:assign:true',
    ]);
    expect(seen.at(-1)).toMatchObject({ itemId: 'd', ok: true, applied: { patch: { assignee: 'Name of u1' } } });
    expect(threads.b).toEqual({ status: 'open', assigneeId: 'u1' });
  });

  it('does not assign a thread it could not reopen', async () => {
    const { send, log, threads } = fakeService(
      { b: { status: 'resolved', assigneeId: null } },
      { 'status b': { kind: 'validation', status: 409, reason: 'merged_duplicate', message: 'merged' } },
    );
    const seen: StepReport[] = [];
    await runBulk(planReopenAssign(rowsOf(threads, ['b']), u1), send, { onStep: (s) => seen.push(s) });
    expect(log).toEqual(['status b open']);
    expect(seen).toEqual([
      {
        itemId: 'b',
        step: { kind: 'status', to: 'open' },
        ok: false,
        error: expect.objectContaining({ reason: 'merged_duplicate' }),
      },
    ]);
  });
});

describe('undoing an assignment', () => {
  it('restores the previous assignee first, then resolves what was reopened', async () => {
    const { send, log, threads } = fakeService({
      b: { status: 'resolved', assigneeId: null },
      c: { status: 'open', assigneeId: 'u7' },
    });
    const reopen = planReopenAssign(rowsOf(threads, ['b']), u1);
    const assign = planAssign(rowsOf(threads, ['c']), u1);
    const reopenRun = await runBulk(reopen, send);
    const assignRun = await runBulk(assign, send);
    log.length = 0;
    for (const undo of [planUndo(reopen, reopenRun), planUndo(assign, assignRun)])
      await runBulk(undo!, send, { concurrency: 1 });
    expect(log).toEqual(['assign b null', 'status b resolved', 'assign c u7']);
    expect(threads).toEqual({ b: { status: 'resolved', assigneeId: null }, c: { status: 'open', assigneeId: 'u7' } });
  });

  it('says when it could not put everything back', async () => {
    const { send, threads } = fakeService({ b: { status: 'open', assigneeId: null } });
    const plan = planAssign(rowsOf(threads, ['b']), u1);
    const run = await runBulk(plan, send);
    threads.b!.status = 'resolved';
    const undo = planUndo(plan, run)!;
    const receipt = buildReceipt(undo, await runBulk(undo, send));
    expect(receipt.refused.map((r) => r.itemId)).toEqual(['b']);
    expect(receipt.done).toEqual([]);
  });
});
