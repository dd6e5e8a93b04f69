import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow, SimilarCandidate } from '#shared/reader/index.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { fakeItemsService, row } from '../../support/fake-items.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useDedupe, liveCandidates } = await import('../../../../src/renderer/features/dedupe/dedupe-store.js');

/** Three open threads: a and b are strongly alike, and so are a and c. */
const threads: ItemRow[] = [row('a', { createdAt: 1 }), row('b', { createdAt: 2 }), row('c', { createdAt: 3 })];
const similar: Record<string, Array<[string, number]>> = {
  a: [
    ['b', 0.9],
    ['c', 0.8],
  ],
  b: [['a', 0.9]],
  c: [['a', 0.8]],
};

function candidate(id: string, score: number): SimilarCandidate {
  const r = threads.find((t) => t.id === id)!;
  return {
    id,
    line: r.excerpt,
    status: r.status,
    type: r.type,
    page: r.page,
    replyCount: 0,
    reportCount: 0,
    score,
    reasons: ['shared words'],
  } as unknown as SimilarCandidate;
}

const onScreen = () => {
  const s = useDedupe.getState();
  const entry = s.entries[s.position];
  return entry ? { subject: entry.subject.id, candidates: liveCandidates(entry, s).map((c) => c.id) } : null;
};

async function startQueue(): Promise<void> {
  await useDedupe.getState().start('p1');
  await vi.waitFor(() => expect(useDedupe.getState().scanning).toBe(false));
}

beforeEach(() => {
  bridge = fakeBridge();
  bridge.api.listItems!.mockImplementation((q: Parameters<ReturnType<typeof fakeItemsService>['listItems']>[0]) =>
    fakeItemsService(threads).listItems(q),
  );
  bridge.api.findSimilar!.mockImplementation(async ({ itemId }: { itemId: string }) => ({
    ok: true,
    data: { candidates: (similar[itemId] ?? []).map(([id, score]) => candidate(id, score)), compared: threads.length },
  }));
  bridge.api.getItem!.mockImplementation(async () => ({
    ok: false,
    error: { kind: 'not_found', status: 404, message: 'Not needed here.' },
  }));
  useDedupe.getState().leave();
});

describe('the dedupe queue taking back a decision', () => {
  it('puts a kept thread back on screen with the candidates the keep had judged', async () => {
    await startQueue();
    expect(onScreen()).toEqual({ subject: 'a', candidates: ['b', 'c'] });

    useDedupe.getState().keep(['b', 'c']);
    // Both of b's and c's pairs were with a: nothing is left to decide.
    expect(onScreen()).toBeNull();
    expect(useDedupe.getState().stats.kept).toBe(1);

    const undone = useDedupe.getState().undoDecision();
    expect(undone?.kind).toBe('keep');
    expect(onScreen()).toEqual({ subject: 'a', candidates: ['b', 'c'] });
    expect(useDedupe.getState().stats).toEqual({ kept: 0, skipped: 0, merged: 0 });
    expect(useDedupe.getState().judged.size).toBe(0);
  });

  it('takes back skips and keeps newest first, and says so when there is nothing left to take back', async () => {
    await startQueue();
    useDedupe.getState().skip();
    expect(onScreen()?.subject).toBe('b');
    useDedupe.getState().keep(['a']);
    expect(onScreen()?.subject).toBe('c');

    expect(useDedupe.getState().undoDecision()?.kind).toBe('keep');
    expect(onScreen()).toEqual({ subject: 'b', candidates: ['a'] });
    expect(useDedupe.getState().undoDecision()?.kind).toBe('skip');
    expect(onScreen()).toEqual({ subject: 'a', candidates: ['b', 'c'] });
    expect(useDedupe.getState().stats).toEqual({ kept: 0, skipped: 0, merged: 0 });
    expect(useDedupe.getState().undoDecision()).toBeNull();
  });

  it('takes back only what the newest keep judged: pairs judged before it stay judged', async () => {
    await startQueue();
    useDedupe.getState().keep(['b']);
    // b's only candidate was a, judged now: the queue moves on to c.
    expect(onScreen()).toEqual({ subject: 'c', candidates: ['a'] });
    useDedupe.getState().keep(['a']);
    expect(onScreen()).toBeNull();

    useDedupe.getState().undoDecision();
    expect(onScreen()).toEqual({ subject: 'c', candidates: ['a'] });
    expect([...useDedupe.getState().judged]).toEqual(['a|b']);
    expect(useDedupe.getState().stats.kept).toBe(1);
  });
});
