import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimilarCandidate } from '#shared/reader/index.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { candidate, fakeItemsService, row } from '../../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useDedupe, liveCandidates } = await import('../../../../src/renderer/features/dedupe/dedupe-store.js');
const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');
const { threadDetailKey } = await import('../../../../src/renderer/server-state/thread-detail.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');

const cand = candidate;

/** Open threads t1 (oldest) … t12, and which are similar to which. */
const rows = Array.from({ length: 12 }, (_, i) => row(`t${i + 1}`, { status: 'open', createdAt: 1000 + i }));
const resolvedRow = row('r1', { status: 'resolved', createdAt: 999 });
let similar: Record<string, SimilarCandidate[]>;
/** What a merge into t1 that every one of `accepted` joined answers. */
const receipt = (accepted: string[]) => ({
  keptId: 't1',
  canonicalId: 't1',
  requested: accepted.length,
  merged: accepted.length,
  acceptedIds: accepted,
  alreadyMerged: 0,
  refused: [],
  uncertainIds: [],
  notSentIds: [],
  stoppedBy: null,
  requests: 1,
});
const asked: string[] = [];

function useService() {
  const service = fakeItemsService([...rows, resolvedRow]);
  bridge.api.listItems!.mockImplementation(service.listItems);
  bridge.api.findSimilar!.mockImplementation(async ({ itemId }: { itemId: string }) => {
    asked.push(itemId);
    return {
      ok: true,
      data: {
        project: { id: 'p1', name: 'Web' },
        subject: { id: itemId },
        compared: 12,
        candidates: similar[itemId] ?? [],
      },
    };
  });
  bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => ({
    ok: true,
    data: { id: itemId },
  }));
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The service's answer to a check of `itemId`: `candidates`, or the ones `similar` lists. */
const similarAnswer = (itemId: string, candidates = similar[itemId] ?? []) => ({
  ok: true,
  data: { project: { id: 'p1', name: 'Web' }, subject: { id: itemId }, compared: 12, candidates },
});

/** Holds every check until answered by hand, so a newer scan (or leaving) can come while one is on its way. */
function holdChecks() {
  const held: Array<{ itemId: string; answer(candidates?: SimilarCandidate[]): void }> = [];
  bridge.api.findSimilar!.mockImplementation(
    ({ itemId }: { itemId: string }) =>
      new Promise((resolve) => {
        asked.push(itemId);
        held.push({ itemId, answer: (candidates) => resolve(similarAnswer(itemId, candidates)) });
      }),
  );
  return held;
}
const current = () => {
  const s = useDedupe.getState();
  const entry = s.entries[s.position];
  return entry ? { subject: entry.subject.id, candidates: liveCandidates(entry, s).map((c) => c.id) } : null;
};

/** A thread's detail as the queue reads it from the query cache. */
const detailOf = (itemId: string) => queryClient.getQueryData(threadDetailKey('c1', itemId));

beforeEach(() => {
  bridge = fakeBridge();
  asked.length = 0;
  queryClient.clear();
  useSession.setState({ active: { connection: { id: 'c1' } } } as never);
  useDedupe.getState().leave();
  similar = {
    t1: [cand('t2', 0.9), cand('t3', 0.65), cand('t9', 0.3)],
    t2: [cand('t1', 0.9)],
    t4: [cand('t5', 0.55)],
    t6: [cand('t7', 0.8)],
  };
  useService();
});

describe('the dedupe queue', () => {
  it('walks open threads oldest first and queues those with strong candidates only', async () => {
    await useDedupe.getState().start('p1');
    expect(asked[0]).toBe('t1');
    expect(asked).not.toContain('r1');
    expect(current()).toEqual({ subject: 't1', candidates: ['t2', 't3'] });
    // t4's best (0.55) is under the default bar of 0.6, so t6 is next.
    expect(useDedupe.getState().entries.map((e) => e.subject.id)).toEqual(['t1', 't2', 't6']);
  });

  it('checks only a few threads ahead of the person', async () => {
    similar = Object.fromEntries(rows.map((r) => [r.id, [cand(r.id === 't1' ? 't2' : 't1', 0.9)]]));
    await useDedupe.getState().start('p1');
    const s = useDedupe.getState();
    expect(s.checked).toBeLessThan(rows.length);
    expect(s.entries.length - s.position).toBe(6);
  });

  it('keeping a thread judges its pairs, so the same pair does not come back the other way round', async () => {
    await useDedupe.getState().start('p1');
    useDedupe.getState().keep(['t2', 't3']);
    await settle();
    // t2's only candidate is t1, already judged: t2 is passed over.
    expect(current()).toEqual({ subject: 't6', candidates: ['t7'] });
    expect(useDedupe.getState().stats).toEqual({ kept: 1, skipped: 0, merged: 0 });
  });

  it('after a merge, stays while candidates remain and moves on when none do', async () => {
    await useDedupe.getState().start('p1');
    useDedupe.getState().merged(receipt(['t2']));
    expect(current()).toEqual({ subject: 't1', candidates: ['t3'] });
    useDedupe.getState().merged(receipt(['t3']));
    await settle();
    // t2 was merged away, so its entry is passed over too.
    expect(current()).toEqual({ subject: 't6', candidates: ['t7'] });
    expect(useDedupe.getState().stats.merged).toBe(2);
  });

  it('reads ahead the details of the subjects about to show, once each', async () => {
    await useDedupe.getState().start('p1');
    await settle();
    const readIds = () =>
      bridge.api.getItem!.mock.calls.map((call: unknown[]) => (call[0] as { itemId: string }).itemId);
    const subjects = useDedupe.getState().entries.map((e) => e.subject.id);
    expect(subjects.length).toBeGreaterThan(1);
    expect([...readIds()].sort()).toEqual(subjects.slice(0, 3).sort());
    expect(detailOf(subjects[0]!)).toMatchObject({ id: subjects[0] });
    useDedupe.getState().skip();
    await settle();
    expect(new Set(readIds()).size).toBe(readIds().length);
  });

  it('after a merge, reads the kept thread again so its report count is the service’s', async () => {
    useService();
    await useDedupe.getState().start('p1');
    await settle();
    expect(detailOf('t1')).toMatchObject({ id: 't1' });
    let reports = 0;
    bridge.api.getItem!.mockImplementation(async ({ itemId }: { itemId: string }) => ({
      ok: true,
      data: { id: itemId, reportCount: reports },
    }));
    reports = 1;
    useDedupe.getState().merged(receipt(['t2']));
    await settle();
    expect(detailOf('t1')).toMatchObject({ id: 't1', reportCount: 1 });
  });

  it('drops the answer to a read sent before the latest merge, whichever answer comes last', async () => {
    await useDedupe.getState().start('p1');
    await settle();
    const answers: Array<(reports: number) => void> = [];
    bridge.api.getItem!.mockImplementation(
      ({ itemId }: { itemId: string }) =>
        new Promise((resolve) =>
          answers.push((reports) => resolve({ ok: true, data: { id: itemId, reportCount: reports } })),
        ),
    );
    useDedupe.getState().merged(receipt(['t2']));
    await settle();
    // The second merge comes while the read after the first is on its way.
    useDedupe.getState().merged(receipt(['t3']));
    await settle();
    const [first, second] = answers;
    second!(3);
    await settle();
    first!(2);
    await settle();
    expect(detailOf('t1')).toMatchObject({ id: 't1', reportCount: 3 });
  });

  it('drops the subject’s first read when a merge comes while it is still on its way', async () => {
    const answers: Array<{ itemId: string; answer: (reports: number) => void }> = [];
    bridge.api.getItem!.mockImplementation(
      ({ itemId }: { itemId: string }) =>
        new Promise((resolve) =>
          answers.push({
            itemId,
            answer: (reports) => resolve({ ok: true, data: { id: itemId, reportCount: reports } }),
          }),
        ),
    );
    await useDedupe.getState().start('p1');
    await settle();
    const firstRead = answers.filter((a) => a.itemId === 't1').length;
    expect(firstRead).toBeGreaterThan(0);
    useDedupe.getState().merged(receipt(['t2']));
    await settle();
    const reads = answers.filter((a) => a.itemId === 't1');
    expect(reads.length).toBe(firstRead + 1);
    reads.at(-1)!.answer(3);
    await settle();
    for (const r of reads.slice(0, -1)) r.answer(2);
    await settle();
    expect(detailOf('t1')).toMatchObject({ id: 't1', reportCount: 3 });
  });

  it('a lower bar starts the walk over with more threads', async () => {
    await useDedupe.getState().start('p1');
    useDedupe.getState().setThreshold(0.5);
    await settle();
    await settle();
    expect(useDedupe.getState().entries.map((e) => e.subject.id)).toEqual(['t1', 't2', 't4', 't6']);
  });

  it('says when a check fails, and carries on from there on retry', async () => {
    let failing = true;
    bridge.api.findSimilar!.mockImplementation(async ({ itemId }: { itemId: string }) =>
      itemId === 't3' && failing
        ? { ok: false, error: { kind: 'network', message: 'The connection dropped.' } }
        : {
            ok: true,
            data: {
              project: { id: 'p1', name: 'Web' },
              subject: { id: itemId },
              compared: 12,
              candidates: similar[itemId] ?? [],
            },
          },
    );
    await useDedupe.getState().start('p1');
    expect(useDedupe.getState().scanProblem?.error.kind).toBe('network');
    expect(useDedupe.getState().checked).toBe(2);
    failing = false;
    useDedupe.getState().retryScan();
    await settle();
    await settle();
    expect(useDedupe.getState().scanProblem).toBeNull();
    expect(useDedupe.getState().entries.map((e) => e.subject.id)).toContain('t6');
  });
});

describe('the duplicate scan when a newer one starts or the queue is left', () => {
  it('drops the answer of a check sent before the bar changed, whichever answer comes last', async () => {
    const held = holdChecks();
    void useDedupe.getState().start('p1');
    await vi.waitFor(() => expect(held.map((h) => h.itemId)).toEqual(['t1']));
    expect(useDedupe.getState().scanning).toBe(true);
    useDedupe.getState().setThreshold(0.5);
    await vi.waitFor(() => expect(held.map((h) => h.itemId)).toEqual(['t1', 't1']));
    const [before, after] = held;
    // The newer scan's check answers first; checks from then on answer at once.
    bridge.api.findSimilar!.mockImplementation(async ({ itemId }: { itemId: string }) => similarAnswer(itemId));
    after!.answer();
    await vi.waitFor(() => expect(useDedupe.getState().scanning).toBe(false));
    // The older scan's answer, with a candidate nobody else names, arrives last and lands nowhere.
    before!.answer([cand('t12', 0.99)]);
    await settle();
    const s = useDedupe.getState();
    expect(s.entries.map((e) => e.subject.id)).toEqual(['t1', 't2', 't4', 't6']);
    expect(s.entries[0]!.candidates.map((c) => c.id)).toEqual(['t2', 't3']);
    expect(s.checked).toBe(rows.length);
    expect(s.scanning).toBe(false);
  });

  it('drops the answer of a check still on its way when the queue is left, and asks nothing more', async () => {
    const held = holdChecks();
    const started = useDedupe.getState().start('p1');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    useDedupe.getState().leave();
    expect(useDedupe.getState().scanning).toBe(false);
    held[0]!.answer();
    await started;
    await settle();
    expect(useDedupe.getState()).toMatchObject({ projectId: null, phase: 'idle', entries: [], checked: 0 });
    expect(useDedupe.getState().scanning).toBe(false);
    expect(held).toHaveLength(1);
  });

  it('a scan of another project started while one is on its way keeps only its own answers', async () => {
    const held = holdChecks();
    void useDedupe.getState().start('p1');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = useDedupe.getState().start('p2');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[0]!.answer([cand('t12', 0.99)]);
    await settle();
    expect(useDedupe.getState()).toMatchObject({ projectId: 'p2', checked: 0, entries: [], scanning: true });
    bridge.api.findSimilar!.mockImplementation(async ({ itemId }: { itemId: string }) => similarAnswer(itemId));
    held[1]!.answer();
    await second;
    const s = useDedupe.getState();
    expect(s.entries[0]!.candidates.map((c) => c.id)).toEqual(['t2', 't3']);
    expect(s.scanning).toBe(false);
  });

  it('a retry after leaving and coming back scans the new walk, and the flag ends false', async () => {
    await useDedupe.getState().start('p1');
    useDedupe.getState().leave();
    useDedupe.getState().retryScan();
    await settle();
    expect(useDedupe.getState().scanning).toBe(false);
    await useDedupe.getState().start('p1');
    expect(useDedupe.getState().entries.map((e) => e.subject.id)).toEqual(['t1', 't2', 't6']);
    expect(useDedupe.getState().scanning).toBe(false);
  });
});
