import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useProjects, countKey, needsCount, COUNT_FRESH_MS, COUNT_RETRY_MS } =
  await import('../../../src/renderer/stores/projects-store.js');
const { emitItemsChanged } = await import('../../../src/renderer/server-state/items-sync.js');

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

beforeEach(() => {
  bridge = fakeBridge();
  useProjects.setState({ projects: [], connectionId: 'c1', loading: false, problem: null, counts: {} });
});

describe('project thread counts', () => {
  it('asks one one-row listing per project, two at a time, and keeps each answer', async () => {
    const gate = gatedCounts({ p1: ok(3, 10), p2: ok(0, 0, false), p3: ok(1200, 2000, true) });
    const { requestCount } = useProjects.getState();
    for (const p of ['p1', 'p2', 'p3']) requestCount('c1', p);
    // Asked again while on its way: still one request.
    requestCount('c1', 'p1');
    expect(bridge.api.listItems).toHaveBeenCalledTimes(2);
    expect(bridge.api.listItems).toHaveBeenCalledWith({ projectId: 'p1', limit: 1 });
    expect(useProjects.getState().counts[countKey('c1', 'p3')]).toEqual({ state: 'loading' });

    await gate.releaseAll();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
    expect(useProjects.getState().counts[countKey('c1', 'p1')]).toMatchObject({
      state: 'ready',
      open: 3,
      total: 10,
      capped: false,
    });
    expect(useProjects.getState().counts[countKey('c1', 'p3')]).toMatchObject({
      state: 'ready',
      open: 1200,
      total: 2000,
      capped: true,
    });

    // Shown again soon after: painted from memory, nothing asked.
    requestCount('c1', 'p1');
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
  });

  it('says why a count is missing: a refusal, or a service that sends no summary', async () => {
    const gate = gatedCounts({
      p1: { ok: false, error: { kind: 'rate_limited', message: 'Too many requests: wait a minute.' } },
      p2: { ok: true, data: { summary: summary(0, 0), hasSummary: false, capped: false, items: [] } },
    });
    useProjects.getState().requestCount('c1', 'p1');
    useProjects.getState().requestCount('c1', 'p2');
    await gate.releaseAll();
    expect(useProjects.getState().counts[countKey('c1', 'p1')]).toMatchObject({
      state: 'failed',
      why: 'Too many requests: wait a minute.',
    });
    expect(useProjects.getState().counts[countKey('c1', 'p2')]).toMatchObject({
      state: 'failed',
      why: 'The service did not say how many threads this project has.',
    });
  });

  it('drops queued counts of a connection the person left', async () => {
    const gate = gatedCounts({ p1: ok(1, 1), p2: ok(2, 2), p3: ok(3, 3) });
    for (const p of ['p1', 'p2', 'p3']) useProjects.getState().requestCount('c1', p);
    useProjects.setState({ connectionId: 'c2' });
    await gate.releaseAll();
    expect(bridge.api.listItems).toHaveBeenCalledTimes(2);
    expect(useProjects.getState().counts[countKey('c1', 'p3')]).toBeUndefined();
  });

  it('asks a project’s count again after a change made to it here, showing the old one meanwhile', async () => {
    const gate = gatedCounts({ p1: ok(3, 10), p2: ok(1, 1) });
    useProjects.getState().requestCount('c1', 'p1');
    useProjects.getState().requestCount('c1', 'p2');
    await gate.releaseAll();
    emitItemsChanged({ projectId: 'p1', patched: [{ id: 'x', changes: { status: 'resolved' } }] });
    expect(useProjects.getState().counts[countKey('c1', 'p1')]).toMatchObject({ state: 'ready', open: 3 });
    useProjects.getState().requestCount('c1', 'p1');
    useProjects.getState().requestCount('c1', 'p2');
    expect(bridge.api.listItems).toHaveBeenCalledTimes(3);
    expect(bridge.api.listItems).toHaveBeenLastCalledWith({ projectId: 'p1', limit: 1 });
    await gate.releaseAll();
  });

  it('asks again for a stale count or an old failure, not a fresh one', () => {
    const now = 1_000_000;
    expect(needsCount(undefined, now)).toBe(true);
    expect(needsCount({ state: 'loading' }, now)).toBe(false);
    expect(needsCount({ state: 'ready', open: 1, total: 1, capped: false, at: now - 1000 }, now)).toBe(false);
    expect(needsCount({ state: 'ready', open: 1, total: 1, capped: false, at: now - COUNT_FRESH_MS }, now)).toBe(true);
    expect(needsCount({ state: 'failed', why: 'x', at: now - 1000 }, now)).toBe(false);
    expect(needsCount({ state: 'failed', why: 'x', at: now - COUNT_RETRY_MS }, now)).toBe(true);
  });
});
