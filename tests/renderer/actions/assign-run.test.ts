import { describe, expect, it } from 'vitest';
import type { Status } from '../../../src/shared/api/common.js';
import type { BridgeError } from '../../../src/shared/bridge/errors.js';
import { assignEach, reopenAndAssign, undoAssign, type AssignApi } from '../../../src/renderer/features/actions/assign-run.js';

interface FakeThread {
  status: Status;
  assigneeId: string | null;
}

/** Behaves like the service: a resolved thread refuses assignment with 409 resolved_item. */
function fakeService(threads: Record<string, FakeThread>, failures: Partial<Record<string, BridgeError>> = {}) {
  const log: string[] = [];
  const api: AssignApi = {
    async assign({ itemId, assignee }) {
      log.push(`assign ${itemId} ${assignee}`);
      const f = failures[`assign ${itemId}`];
      if (f) return { ok: false, error: f };
      const t = threads[itemId];
      if (!t) return { ok: false, error: { kind: 'not_found', message: 'gone' } };
      if (t.status === 'resolved') return { ok: false, error: { kind: 'validation', status: 409, reason: 'resolved_item', message: 'resolved' } };
      const changed = t.assigneeId !== assignee;
      t.assigneeId = assignee;
      return { ok: true, data: { assignedTo: assignee ? `Name of ${assignee}` : null, changed } };
    },
    async setStatus({ itemId, status }) {
      log.push(`status ${itemId} ${status}`);
      const f = failures[`status ${itemId}`];
      if (f) return { ok: false, error: f };
      const t = threads[itemId]!;
      const changed = t.status !== status;
      t.status = status;
      return { ok: true, data: { status, changed } };
    },
  };
  return { api, log, threads };
}

describe('assigning several threads', () => {
  it('assigns each, and sets resolved ones aside for "Reopen and assign?"', async () => {
    const { api, threads } = fakeService({ a: { status: 'open', assigneeId: null }, b: { status: 'resolved', assigneeId: null }, c: { status: 'deferred', assigneeId: 'u1' } });
    const done: number[] = [];
    const r = await assignEach(api, ['a', 'b', 'c'], 'u1', (n) => done.push(n));
    expect(r.assigned).toEqual([
      { itemId: 'a', changed: true, assignedTo: 'Name of u1' },
      { itemId: 'c', changed: false, assignedTo: 'Name of u1' },
    ]);
    expect(r.resolved).toEqual(['b']);
    expect(r.failed).toEqual([]);
    expect(done).toEqual([1, 2, 3]);
    expect(threads.b).toEqual({ status: 'resolved', assigneeId: null });
  });

  it('stops at a connection failure and lists what was not sent', async () => {
    const { api } = fakeService({ a: { status: 'open', assigneeId: null }, b: { status: 'open', assigneeId: null }, c: { status: 'open', assigneeId: null } }, { 'assign b': { kind: 'network', message: 'offline' } });
    const r = await assignEach(api, ['a', 'b', 'c'], null);
    expect(r.failed.map((f) => f.itemId)).toEqual(['b']);
    expect(r.notSent).toEqual(['c']);
  });

  it('keeps going past a failure that concerns one thread', async () => {
    const { api } = fakeService({ a: { status: 'open', assigneeId: null }, c: { status: 'open', assigneeId: null } });
    const r = await assignEach(api, ['a', 'gone', 'c'], 'u2');
    expect(r.failed.map((f) => [f.itemId, f.error.kind])).toEqual([['gone', 'not_found']]);
    expect(r.assigned.map((a) => a.itemId)).toEqual(['a', 'c']);
  });
});

describe('reopen and assign', () => {
  it('reopens, then assigns, in that order, reporting each step', async () => {
    const { api, log, threads } = fakeService({ b: { status: 'resolved', assigneeId: null }, d: { status: 'resolved', assigneeId: 'u9' } });
    const seen: string[] = [];
    const steps = await reopenAndAssign(api, ['b', 'd'], 'u1', (s) => seen.push(`${s.itemId}:${s.step}:${s.ok}`));
    expect(log).toEqual(['status b open', 'assign b u1', 'status d open', 'assign d u1']);
    expect(seen).toEqual(['b:reopen:true', 'b:assign:true', 'd:reopen:true', 'd:assign:true']);
    expect(steps.at(-1)).toMatchObject({ itemId: 'd', step: 'assign', ok: true, assignedTo: 'Name of u1' });
    expect(threads.b).toEqual({ status: 'open', assigneeId: 'u1' });
  });

  it('does not assign a thread it could not reopen', async () => {
    const { api, log } = fakeService({ b: { status: 'resolved', assigneeId: null } }, { 'status b': { kind: 'validation', status: 409, reason: 'merged_duplicate', message: 'merged' } });
    const steps = await reopenAndAssign(api, ['b'], 'u1');
    expect(log).toEqual(['status b open']);
    expect(steps).toEqual([{ itemId: 'b', step: 'reopen', ok: false, error: expect.objectContaining({ reason: 'merged_duplicate' }) }]);
  });
});

describe('undoing an assignment', () => {
  it('restores the previous assignee first, then resolves what was reopened', async () => {
    const { api, log, threads } = fakeService({ b: { status: 'open', assigneeId: 'u1' }, c: { status: 'open', assigneeId: 'u1' } });
    const entries = [
      { itemId: 'b', previousAssigneeId: null, reopened: true },
      { itemId: 'c', previousAssigneeId: 'u7', reopened: false },
    ];
    expect(await undoAssign(api, entries)).toEqual(entries);
    expect(log).toEqual(['assign b null', 'status b resolved', 'assign c u7']);
    expect(threads).toEqual({ b: { status: 'resolved', assigneeId: null }, c: { status: 'open', assigneeId: 'u7' } });
  });

  it('says when it could not put everything back', async () => {
    const { api } = fakeService({ b: { status: 'resolved', assigneeId: 'u1' } });
    expect(await undoAssign(api, [{ itemId: 'b', previousAssigneeId: null, reopened: false }])).toEqual([]);
  });
});
