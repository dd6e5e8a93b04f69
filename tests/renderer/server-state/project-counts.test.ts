import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { queryClient } = await import('../../../src/renderer/server-state/query-client.js');
const { requestCount, needsCount, projectCountOf, projectCountQuery, COUNT_FRESH_MS, COUNT_RETRY_MS } =
  await import('../../../src/renderer/server-state/project-counts.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');
const { useSession } = await import('../../../src/renderer/stores/session-store.js');

const onConnection = (id: string) => useSession.setState({ active: { connection: { id } } } as never);

const summary = (open: number, total: number) => ({
  total,
  open,
  deferred: 0,
  resolved: total - open,
  unassigned: 0,
  byType: {},
  byPage: {},
});

/** Answers listItems per project; each answer waits until released, so the queue can be watched. */
function gatedCounts(answers: Record<string, unknown>) {
  const waiting: Array<() => void> = [];
  bridge.api.listItems!.mockImplementation(
    ({ projectId }: { projectId: string }) => new Promise((resolve) => waiting.push(() => resolve(answers[projectId]))),
  );
  return {
    waiting,
    releaseAll: async () => {
      await new Promise((r) => setTimeout(r, 0));
      while (waiting.length > 0) {
        waiting.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

const ok = (open: number, total: number, capped = false) => ({
  ok: true,
  data: { summary: summary(open, total), hasSummary: true, capped, items: [] },
});

/** What the row of a project shows now. */
const countNow = (connectionId: string, projectId: string) => {
  const state = queryClient.getQueryState(projectCountQuery(connectionId, projectId).queryKey);
  return state ? projectCountOf(state) : undefined;
};
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  bridge = fakeBridge();
  onConnection('c1');
});
afterEach(() => queryClient.clear());

describe('project thread counts', () => {
  it('asks one one-row listing per project, two at a time, and keeps each answer', async () => {
    const gate = gatedCounts({ p1: ok(3, 10), p2: ok(0, 0, false), p3: ok(1200, 2000, true) });
    for (const p of ['p1', 'p2', 'p3']) requestCount('c1', p);
    // Asked again while on its way: still one request.
    requestCount('c1', 'p1');
    await settle();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(2);
    expect(bridge.api.listItems).toHaveBeenCalledWith({ projectId: 'p1', limit: 1 });
    expect(countNow('c1', 'p3')).toEqual({ state: 'loading' });

    await gate.releaseAll();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
    expect(countNow('c1', 'p1')).toMatchObject({ state: 'ready', open: 3, total: 10, capped: false });
    expect(countNow('c1', 'p3')).toMatchObject({ state: 'ready', open: 1200, total: 2000, capped: true });

    // Shown again soon after: painted from memory, nothing asked.
    requestCount('c1', 'p1');
    await settle();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
  });

  it('says why a count is missing: a refusal, or a service that sends no summary', async () => {
    const gate = gatedCounts({
      p1: { ok: false, error: { kind: 'rate_limited', message: 'Too many requests: wait a minute.' } },
      p2: { ok: true, data: { summary: summary(0, 0), hasSummary: false, capped: false, items: [] } },
    });
    requestCount('c1', 'p1');
    requestCount('c1', 'p2');
    await gate.releaseAll();
    expect(countNow('c1', 'p1')).toEqual({ state: 'failed', why: 'Too many requests: wait a minute.' });
    expect(countNow('c1', 'p2')).toEqual({
      state: 'failed',
      why: 'The service did not say how many threads this project has.',
    });
  });

  it('drops queued counts of a connection the person left', async () => {
    const gate = gatedCounts({ p1: ok(1, 1), p2: ok(2, 2), p3: ok(3, 3) });
    for (const p of ['p1', 'p2', 'p3']) requestCount('c1', p);
    await settle();
    onConnection('c2');
    await gate.releaseAll();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(2);
    const dropped = queryClient.getQueryState(projectCountQuery('c1', 'p3').queryKey);
    expect(dropped?.data).toBeUndefined();
    expect(dropped?.fetchStatus).toBe('idle');
    // Back on the first connection, the dropped one is asked when its row shows.
    expect(needsCount(dropped, Date.now())).toBe(true);
  });

  it('asks a project’s count again after a change made to it here, showing the old one meanwhile', async () => {
    const gate = gatedCounts({ p1: ok(3, 10), p2: ok(1, 1) });
    requestCount('c1', 'p1');
    requestCount('c1', 'p2');
    await gate.releaseAll();
    emitItemsChanged({ projectId: 'p1', patched: [{ id: 'x', changes: { status: 'resolved' } }] });
    await settle();
    expect(countNow('c1', 'p1')).toMatchObject({ state: 'ready', open: 3 });
    requestCount('c1', 'p1');
    requestCount('c1', 'p2');
    await settle();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
    expect(bridge.api.listItems).toHaveBeenLastCalledWith({ projectId: 'p1', limit: 1 });
    expect(countNow('c1', 'p1')).toMatchObject({ state: 'ready', open: 3 });
    await gate.releaseAll();
  });

  it('asks again for a stale count or an old failure, not a fresh one', () => {
    const now = 1_000_000;
    const read = { status: 'success', fetchStatus: 'idle', errorUpdatedAt: 0, isInvalidated: false } as const;
    const failed = { status: 'error', fetchStatus: 'idle', dataUpdatedAt: 0, isInvalidated: false } as const;
    expect(needsCount(undefined, now)).toBe(true);
    expect(
      needsCount(
        { status: 'pending', fetchStatus: 'fetching', dataUpdatedAt: 0, errorUpdatedAt: 0, isInvalidated: false },
        now,
      ),
    ).toBe(false);
    expect(needsCount({ ...read, dataUpdatedAt: now - 1000 }, now)).toBe(false);
    expect(needsCount({ ...read, dataUpdatedAt: now - COUNT_FRESH_MS }, now)).toBe(true);
    expect(needsCount({ ...read, dataUpdatedAt: now - 1000, isInvalidated: true }, now)).toBe(true);
    expect(needsCount({ ...read, dataUpdatedAt: now - COUNT_FRESH_MS, fetchStatus: 'fetching' }, now)).toBe(false);
    expect(needsCount({ ...failed, errorUpdatedAt: now - 1000 }, now)).toBe(false);
    expect(needsCount({ ...failed, errorUpdatedAt: now - COUNT_RETRY_MS }, now)).toBe(true);
  });
});
