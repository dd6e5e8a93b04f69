import { describe, expect, it } from 'vitest';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import type { MergeResponse } from '#shared/reader/index.js';
import {
  chunk,
  previewMerge,
  suggestKeep,
  type MergeThread,
} from '../../../../src/renderer/features/merge/merge-plan.js';
import { receiptHeadline, runMerge, type MergeProgress } from '../../../../src/renderer/features/merge/merge-run.js';

const ids = (n: number, prefix = 'd') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20);
const thread = (id: string, daysAgo: number, reportCount = 0, status = 'open'): MergeThread => ({
  id,
  createdAt: NOW - daysAgo * DAY,
  reportCount,
  status,
  excerpt: id,
});

describe('chunking merges', () => {
  it('sends at most 50 duplicates per request, in order, nothing lost', () => {
    const all = ids(123);
    const parts = chunk(all);
    expect(parts.map((p) => p.length)).toEqual([50, 50, 23]);
    expect(parts.flat()).toEqual(all);
  });

  it('60 duplicates are two requests; 50 are one; none are none', () => {
    expect(chunk(ids(60)).map((p) => p.length)).toEqual([50, 10]);
    expect(chunk(ids(50))).toHaveLength(1);
    expect(chunk([])).toEqual([]);
  });

  it('refuses a chunk size that would loop forever', () => {
    expect(() => chunk(ids(3), 0)).toThrow(RangeError);
  });
});

describe('which thread to keep', () => {
  it('suggests the most reported thread and says why', () => {
    const s = suggestKeep([thread('a', 30), thread('b', 10, 4), thread('c', 5, 1)], NOW);
    expect(s).toEqual({ id: 'b', why: 'Most reported: 4 duplicates already merged into it.' });
  });

  it('says when the most reported one is also the oldest', () => {
    expect(suggestKeep([thread('a', 30, 2), thread('b', 10)], NOW)?.why).toBe(
      'Most reported: 2 duplicates already merged into it, and it is the oldest.',
    );
  });

  it('otherwise suggests the oldest, with its date', () => {
    const s = suggestKeep([thread('new', 1), thread('old', 40), thread('mid', 9)], NOW);
    expect(s?.id).toBe('old');
    expect(s?.why).toMatch(/^Oldest: reported first, on \d+ \w{3}/);
  });

  it('breaks ties toward an open thread', () => {
    expect(suggestKeep([thread('r', 10, 3, 'resolved'), thread('o', 5, 3, 'open')], NOW)?.id).toBe('o');
    expect(suggestKeep([thread('r', 10, 0, 'resolved'), thread('o', 10, 0, 'open')], NOW)?.id).toBe('o');
  });

  it('suggests nothing for nothing', () => {
    expect(suggestKeep([], NOW)).toBeNull();
  });
});

describe('merge preview', () => {
  it('counts each duplicate once plus the reports they carry', () => {
    const p = previewMerge(thread('k', 9, 3), [
      thread('a', 1),
      thread('b', 2, 2),
      ...ids(58).map((id) => thread(id, 3)),
    ]);
    expect(p).toEqual({ duplicates: 60, requests: 2, reportsBefore: 3, reportsAfter: 3 + 60 + 2 });
  });
});

/** A merge endpoint that behaves like the reference service for the IDs it is told about. */
function fakeMerge(
  opts: {
    bad?: Record<string, BridgeError>;
    already?: string[];
    canonical?: string;
    failRequest?: (n: number) => BridgeError | null;
  } = {},
) {
  const calls: Array<{ itemId: string; duplicateIds: string[] }> = [];
  const call = async (input: { itemId: string; duplicateIds: string[] }): Promise<BridgeResult<MergeResponse>> => {
    calls.push(input);
    const failure = opts.failRequest?.(calls.length);
    if (failure) return { ok: false, error: failure };
    const bad = input.duplicateIds.find((id) => opts.bad?.[id]);
    if (bad) return { ok: false, error: opts.bad![bad]! };
    const merged = input.duplicateIds.filter((id) => !opts.already?.includes(id)).length;
    return { ok: true, data: { merged, canonicalId: opts.canonical ?? input.itemId } };
  };
  return { call, calls };
}

const refusal = (reason: string): BridgeError => ({
  kind: 'validation',
  status: 400,
  reason,
  message: `refused: ${reason}`,
});

describe('running a merge', () => {
  it('merges 60 in two requests of 50 and 10, reporting progress', async () => {
    const { call, calls } = fakeMerge();
    const progress: MergeProgress[] = [];
    const r = await runMerge(call, 'keep', ids(60), (p) => progress.push(p));
    expect(calls.map((c) => c.duplicateIds.length)).toEqual([50, 10]);
    expect(calls.every((c) => c.itemId === 'keep')).toBe(true);
    expect(r).toMatchObject({
      keptId: 'keep',
      canonicalId: 'keep',
      requested: 60,
      merged: 60,
      alreadyMerged: 0,
      refused: [],
      notSentIds: [],
      uncertainIds: [],
      stoppedBy: null,
      requests: 2,
    });
    expect(r.acceptedIds).toHaveLength(60);
    expect(progress.at(-1)).toEqual({ done: 60, total: 60, request: 2, requests: 2 });
    expect(progress[0]).toEqual({ done: 0, total: 60, request: 1, requests: 2 });
    expect(receiptHeadline(r)).toBe('Merged 60 of 60 threads.');
  });

  it('drops repeats and the kept thread itself before sending', async () => {
    const { call, calls } = fakeMerge();
    const r = await runMerge(call, 'keep', ['a', 'b', 'a', 'keep']);
    expect(calls).toEqual([{ itemId: 'keep', duplicateIds: ['a', 'b'] }]);
    expect(r.requested).toBe(2);
  });

  it('isolates a refused request so the good duplicates are still merged and the bad one is named', async () => {
    const { call, calls } = fakeMerge({
      bad: { d7: refusal('merge_reply'), d55: { kind: 'not_found', status: 404, message: 'Not found' } },
    });
    const r = await runMerge(call, 'keep', ids(60));
    expect(r.merged).toBe(58);
    expect(r.acceptedIds).not.toContain('d7');
    expect(r.refused).toEqual([
      {
        id: 'd7',
        reason: 'merge_reply',
        message: 'It is a reply inside a thread, not a thread; only threads can be merged.',
      },
      { id: 'd55', reason: 'not_found', message: 'Not found: it was deleted, or this token cannot reach it.' },
    ]);
    // Two refused requests of 50 and 10, then one request per thread of each.
    expect(calls).toHaveLength(2 + 50 + 10);
    expect(r.requests).toBe(62);
    expect(receiptHeadline(r)).toBe('Merged 58 of 60 threads; 2 refused.');
  });

  it('counts duplicates that had already been merged elsewhere without calling them merged', async () => {
    const { call } = fakeMerge({ already: ['d2', 'd3'] });
    const r = await runMerge(call, 'keep', ids(5));
    expect(r).toMatchObject({ merged: 3, alreadyMerged: 2 });
    expect(r.acceptedIds).toHaveLength(5);
  });

  it('follows the canonical thread when the kept one had itself been merged', async () => {
    const { call, calls } = fakeMerge({ canonical: 'root' });
    const r = await runMerge(call, 'keep', ids(70));
    expect(r.canonicalId).toBe('root');
    expect(calls.map((c) => c.itemId)).toEqual(['keep', 'root']);
  });

  it('stops on an uncertain failure and never replays it', async () => {
    const uncertain: BridgeError = { kind: 'network', uncertain: true, message: 'dropped while saving' };
    const { call, calls } = fakeMerge({ failRequest: (n) => (n === 2 ? uncertain : null) });
    const r = await runMerge(call, 'keep', ids(120));
    expect(calls).toHaveLength(2);
    expect(r.merged).toBe(50);
    expect(r.uncertainIds).toEqual(ids(120).slice(50, 100));
    expect(r.notSentIds).toEqual(ids(120).slice(100));
    expect(r.stoppedBy).toBe(uncertain);
    expect(receiptHeadline(r)).toBe('Merged 50 of 120 threads; 50 unknown; 20 not sent.');
  });

  it('stops when rate limited, listing what was not sent', async () => {
    const { call } = fakeMerge({
      failRequest: (n) => (n === 1 ? { kind: 'rate_limited', message: 'slow down' } : null),
    });
    const r = await runMerge(call, 'keep', ids(60));
    expect(r.merged).toBe(0);
    expect(r.notSentIds).toHaveLength(60);
    expect(r.uncertainIds).toEqual([]);
  });
});
