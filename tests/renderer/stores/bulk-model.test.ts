import { describe, expect, it } from 'vitest';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import { refusalText, receiptSummary } from '../../../src/renderer/format/bulk-text.js';
import {
  buildReceipt,
  conflictOf,
  planAssign,
  planReopenAssign,
  planStatus,
  planUndo,
  runBulk,
  type BulkStep,
  type ReadThread,
  type SendStep,
  type StepApplied,
} from '../../../src/renderer/stores/bulk-model.js';
import { row } from '../support/fake-items.js';

const alex = { id: 'u-alex', name: 'Alex Kim' };
const priya = { id: 'u-priya', name: 'Priya Natarajan' };
const resolvedRefusal: BridgeError = {
  kind: 'validation',
  status: 409,
  reason: 'resolved_item',
  message: 'The service refused the request: Item c is resolved; reopen it first.',
};

const rows = [
  row('a', { status: 'open', assigneeId: '', assignee: '' }),
  row('b', { status: 'open', assigneeId: alex.id, assignee: alex.name }),
  row('c', { status: 'resolved', assigneeId: priya.id, assignee: priya.name }),
];

/** A service that behaves like the reference one for status and assignment. */
function fakeService(initial = rows) {
  const state = new Map(initial.map((r) => [r.id, { status: r.status, assigneeId: r.assigneeId || null }]));
  const sent: Array<{ itemId: string; step: BulkStep }> = [];
  const send: SendStep = async (itemId, step): Promise<BridgeResult<StepApplied>> => {
    sent.push({ itemId, step });
    const t = state.get(itemId);
    if (!t) return { ok: false, error: { kind: 'not_found', message: 'Not found.' } };
    if (step.kind === 'status') {
      const changed = t.status !== step.to;
      t.status = step.to;
      return { ok: true, data: { changed, patch: { status: step.to } } };
    }
    if (t.status === 'resolved') return { ok: false, error: resolvedRefusal };
    const to = step.to?.id ?? null;
    const changed = t.assigneeId !== to;
    t.assigneeId = to;
    return { ok: true, data: { changed, patch: { assigneeId: to ?? '', assignee: step.to?.name ?? '' } } };
  };
  return { state, sent, send };
}

describe('bulk receipts', () => {
  it('sorts every thread into done, unchanged or refused, and offers to reopen resolved ones', async () => {
    const service = fakeService();
    const plan = planAssign(rows, alex);
    const receipt = buildReceipt(plan, await runBulk(plan, service.send));
    expect(receipt.done).toEqual(['a']);
    expect(receipt.unchanged).toEqual(['b']);
    expect(receipt.refused.map((r) => r.itemId)).toEqual(['c']);
    expect(receipt.refused[0]).toMatchObject({ partial: false, step: { kind: 'assign' } });
    expect(receipt.reopenable).toEqual(['c']);
    expect(receipt.notSent).toEqual([]);
    expect(receiptSummary(receipt)).toBe(
      'Assigned 1 thread to Alex Kim · 1 thread already was assigned to Alex Kim · 1 thread refused.',
    );
    expect(refusalText(receipt.refused[0]!.error, receipt.refused[0]!.step, false)).toMatch(
      /resolved.*reopened before it can be assigned/,
    );
  });

  it('sends one request per thread and step, a few at a time', async () => {
    const many = Array.from({ length: 30 }, (_, i) => row(`t${i}`));
    const service = fakeService(many);
    let inFlight = 0;
    let most = 0;
    const send: SendStep = async (id, step) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return service.send(id, step);
    };
    const { outcomes } = await runBulk(planStatus(many, 'resolved'), send, { concurrency: 4 });
    expect(most).toBe(4);
    expect(service.sent).toHaveLength(30);
    expect(new Set(service.sent.map((s) => s.itemId)).size).toBe(30);
    expect(outcomes.every((o) => o.changed.length === 1 && o.refused === null)).toBe(true);
  });

  it('reopens and then assigns, and says when only the first step went through', async () => {
    const service = fakeService();
    const plan = planReopenAssign([rows[2]!], alex);
    const receipt = buildReceipt(plan, await runBulk(plan, service.send));
    expect(receipt.done).toEqual(['c']);
    expect(service.state.get('c')).toEqual({ status: 'open', assigneeId: alex.id });
    expect(receiptSummary(receipt)).toBe('Reopened and assigned 1 thread to Alex Kim.');

    const fresh = fakeService();
    const refusingAssign: SendStep = async (id, step) =>
      step.kind === 'assign'
        ? { ok: false, error: { kind: 'forbidden', message: 'Your role does not allow this.' } }
        : fresh.send(id, step);
    const partial = buildReceipt(
      plan,
      await runBulk(planReopenAssign([row('c', { status: 'resolved' })], alex), refusingAssign),
    );
    expect(partial.refused[0]).toMatchObject({ itemId: 'c', partial: true });
    expect(refusalText(partial.refused[0]!.error, partial.refused[0]!.step, true)).toMatch(
      /^Only partly changed: .*could not assign to Alex Kim\. Your role/,
    );
  });

  it('stops sending when asked and lists what was not sent', async () => {
    const service = fakeService();
    let stop = false;
    const send: SendStep = async (id, step) => {
      stop = true;
      return service.send(id, step);
    };
    const plan = planStatus(rows, 'deferred');
    const receipt = buildReceipt(plan, await runBulk(plan, send, { concurrency: 1, shouldStop: () => stop }));
    expect(receipt.done).toEqual(['a']);
    expect(receipt.notSent).toEqual(['b', 'c']);
    expect(receiptSummary(receipt)).toMatch(/2 threads not sent because you stopped/);
  });

  it('stops sending at a connection problem, since every later request would fail the same way', async () => {
    const many = Array.from({ length: 10 }, (_, i) => row(`t${i}`));
    const service = fakeService(many);
    const revoked: BridgeError = { kind: 'auth', status: 401, message: 'The service refused the token.' };
    const send: SendStep = async (id, step) => (id === 't2' ? { ok: false, error: revoked } : service.send(id, step));
    const plan = planStatus(many, 'deferred');
    const receipt = buildReceipt(plan, await runBulk(plan, send, { concurrency: 1 }));
    expect(receipt.done).toEqual(['t0', 't1']);
    expect(receipt.refused.map((r) => r.itemId)).toEqual(['t2']);
    expect(receipt.notSent).toHaveLength(7);
    expect(receipt.halted).toBe(revoked);
    expect(receiptSummary(receipt)).toMatch(/7 threads not sent because sending stopped at a connection problem/);
  });

  it('reports each accepted change as it arrives, unchanged ones included', async () => {
    const service = fakeService();
    const applied: string[] = [];
    const progress: number[] = [];
    await runBulk(planStatus(rows.slice(0, 2), 'open'), service.send, {
      onApplied: (id) => applied.push(id),
      onProgress: (done) => progress.push(done),
    });
    expect(applied.sort()).toEqual(['a', 'b']);
    expect(progress).toEqual([1, 2]);
  });
});

describe('undo plans', () => {
  it('restores each thread’s previous status, only for threads that changed', async () => {
    const service = fakeService();
    const plan = planStatus(rows, 'deferred');
    const undo = planUndo(plan, await runBulk(plan, service.send));
    expect(undo?.tasks.map((t) => [t.itemId, t.steps])).toEqual([
      ['a', [{ kind: 'status', to: 'open' }]],
      ['b', [{ kind: 'status', to: 'open' }]],
      ['c', [{ kind: 'status', to: 'resolved' }]],
    ]);
    await runBulk(undo!, service.send);
    expect([...service.state.values()].map((s) => s.status)).toEqual(['open', 'open', 'resolved']);
  });

  it('restores previous assignees, unassigning where there was nobody', async () => {
    const service = fakeService();
    const plan = planAssign(rows.slice(0, 2), priya);
    const undo = planUndo(plan, await runBulk(plan, service.send));
    expect(undo?.tasks.map((t) => [t.itemId, t.steps])).toEqual([
      ['a', [{ kind: 'assign', to: null }]],
      ['b', [{ kind: 'assign', to: alex }]],
    ]);
  });

  it('undoes reopen-and-assign in reverse: the old assignee first, then resolved again', async () => {
    const service = fakeService();
    const plan = planReopenAssign([rows[2]!], alex);
    const undo = planUndo(plan, await runBulk(plan, service.send));
    expect(undo?.tasks[0]!.steps).toEqual([
      { kind: 'assign', to: priya },
      { kind: 'status', to: 'resolved' },
    ]);
    await runBulk(undo!, service.send);
    expect(service.state.get('c')).toEqual({ status: 'resolved', assigneeId: priya.id });
  });

  it('offers nothing to undo when nothing changed', async () => {
    const service = fakeService();
    const plan = planStatus([rows[0]!], 'open');
    expect(planUndo(plan, await runBulk(plan, service.send))).toBeNull();
  });
});

describe('undo checks the service first', () => {
  /** Reads the fake service's state, as GET /items/{id} would. */
  const reader =
    (service: ReturnType<typeof fakeService>, merged: Record<string, string> = {}): ReadThread =>
    async (itemId) => {
      const t = service.state.get(itemId);
      if (!t) return { ok: false, error: { kind: 'not_found', message: 'Not found.' } };
      const person = [alex, priya].find((p) => p.id === t.assigneeId) ?? null;
      return { ok: true, data: { status: t.status, assignee: person, duplicateOf: merged[itemId] ?? null } };
    };

  it('compares only the fields the undo would write', () => {
    const task = {
      itemId: 'a',
      steps: [{ kind: 'status', to: 'open' } as const],
      before: { status: 'deferred' as const, assignee: null },
    };
    expect(conflictOf(task, { status: 'deferred', assignee: alex, duplicateOf: null })).toBeNull();
    expect(conflictOf(task, { status: 'resolved', assignee: null, duplicateOf: null })).toEqual({
      kind: 'status',
      expected: 'deferred',
      now: 'resolved',
    });
    expect(conflictOf(task, { status: 'deferred', assignee: null, duplicateOf: 'x' })).toEqual({
      kind: 'merged',
      into: 'x',
    });
    const assignUndo = {
      itemId: 'a',
      steps: [{ kind: 'assign', to: null } as const],
      before: { status: 'open' as const, assignee: alex },
    };
    expect(
      conflictOf(assignUndo, { status: 'deferred', assignee: { id: alex.id, name: 'A. Kim' }, duplicateOf: null }),
    ).toBeNull();
    expect(conflictOf(assignUndo, { status: 'open', assignee: priya, duplicateOf: null })).toEqual({
      kind: 'assignee',
      expected: alex,
      now: priya,
    });
  });

  it('leaves alone what someone changed since and changes the rest back', async () => {
    const service = fakeService();
    const plan = planStatus(rows.slice(0, 2), 'deferred');
    const undo = planUndo(plan, await runBulk(plan, service.send))!;
    service.state.get('b')!.status = 'resolved';
    const sentBefore = service.sent.length;

    const receipt = buildReceipt(undo, await runBulk(undo, service.send, { readFirst: reader(service) }));
    expect(receipt.done).toEqual(['a']);
    expect(receipt.changedSince).toEqual([
      { itemId: 'b', conflict: { kind: 'status', expected: 'deferred', now: 'resolved' } },
    ]);
    expect(service.sent.slice(sentBefore).map((s) => s.itemId)).toEqual(['a']);
    expect(service.state.get('b')!.status).toBe('resolved');
    expect(receiptSummary(receipt)).toBe(
      'Undid the change on 1 thread · 1 thread left as it is: changed since by someone else.',
    );
  });

  it('writes nothing blind when the read fails', async () => {
    const service = fakeService();
    const plan = planStatus([rows[0]!], 'deferred');
    const undo = planUndo(plan, await runBulk(plan, service.send))!;
    const sentBefore = service.sent.length;
    const offline: ReadThread = async () => ({
      ok: false,
      error: { kind: 'network', message: 'The service did not answer.' },
    });
    const receipt = buildReceipt(undo, await runBulk(undo, service.send, { readFirst: offline }));
    expect(service.sent.length).toBe(sentBefore);
    expect(receipt.refused.map((r) => r.itemId)).toEqual(['a']);
    expect(receipt.halted?.kind).toBe('network');
  });
});
