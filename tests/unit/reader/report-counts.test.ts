import { describe, expect, it } from 'vitest';
import { readAnswer, reportCountMemory } from '#shared/reader/index.js';

/**
 * reportCount under both readings (response-shapes.md, "What the live agent client reads"):
 * the seed's (duplicates merged in, 0 for most threads) and the live client's (reports including
 * the thread's own, 1 for most). Either way the client reads the duplicates merged in, and never
 * shows a duplicate that isn't there.
 */

const thread = (id: string, reportCount?: number) => ({
  id,
  page: '/checkout',
  type: 'bug',
  status: 'open',
  excerpt: `Thread ${id}`,
  author: 'Ada',
  assignee: null,
  assigneeId: null,
  replyCount: 0,
  createdAt: 1_700_000_000_000,
  ...(reportCount === undefined ? {} : { reportCount }),
});

const listing = (...counts: Array<number | undefined>) => ({ items: counts.map((n, i) => thread(`t${i}`, n)) });
const detail = (reportCount: number) => ({ id: 'd1', page: '/checkout', status: 'open', reportCount });

function listed(json: unknown, memory = reportCountMemory()): number[] {
  const r = readAnswer('listItems', json, memory);
  if (!r.ok) throw new Error(r.reason);
  return r.data.items.map((i) => i.reportCount);
}

function detailed(json: unknown, memory = reportCountMemory()): number {
  const r = readAnswer('getItem', json, memory);
  if (!r.ok) throw new Error(r.reason);
  return r.data.reportCount;
}

describe('reportCount: duplicates merged in, under either reading', () => {
  it('the seed’s reading (our reference service) is read as sent', () => {
    expect(listed(listing(0, 0, 3, 0, 1))).toEqual([0, 0, 3, 0, 1]);
  });

  it('the live client’s reading (its own report included) reads one less, so a thread nothing was merged into shows none', () => {
    expect(listed(listing(1, 1, 4, 1, 2))).toEqual([0, 0, 3, 0, 1]);
  });

  it('rows without a reportCount (lean answers) read 0 and teach nothing', () => {
    const memory = reportCountMemory();
    expect(listed(listing(undefined, undefined), memory)).toEqual([0, 0]);
    expect(memory.reading).toBeNull();
  });

  it('a single count is read as the same service’s listings showed', () => {
    const seed = reportCountMemory();
    listed(listing(0, 2, 0), seed);
    expect(detailed(detail(2), seed)).toBe(2);
    expect(listed(listing(1), seed)).toEqual([1]);

    const live = reportCountMemory();
    listed(listing(1, 3, 1), live);
    expect(detailed(detail(2), live)).toBe(1);
    expect(detailed(detail(1), live)).toBe(0);
  });

  it('a single count with nothing known before never shows a duplicate that may not be there', () => {
    expect(detailed(detail(1))).toBe(0);
    expect(detailed(detail(0))).toBe(0);
    // Unless the detail answers in the seed's vocabulary of merges (duplicateOf beside the count): our service's.
    expect(detailed({ ...detail(1), duplicateOf: null })).toBe(1);
  });

  it('a 0 settles it for the service: a later answer of threads that all have duplicates keeps its counts', () => {
    const memory = reportCountMemory();
    listed(listing(0, 0), memory);
    expect(listed(listing(2, 5), memory)).toEqual([2, 5]);
    expect(detailed(detail(1), memory)).toBe(1);
  });

  it('report rows follow the same rule, nested ones included', () => {
    const row = (id: string, reportCount: number) => ({ id, line: id, page: '/', replyCount: 0, reportCount });
    const r = readAnswer('whatsNew', {
      counts: {},
      newThreads: [{ ...row('a', 1), status: 'open' }],
      resolved: [row('b', 3)],
      mentionsYou: [{ threadId: 'c', thread: row('c', 1), mention: null }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([
      r.data.newThreads[0]?.reportCount,
      r.data.resolved[0]?.reportCount,
      r.data.mentionsYou[0]?.thread?.reportCount,
    ]).toEqual([0, 2, 0]);
  });

  it('whatever the counts, a thread never reads more duplicates than the service sent, nor fewer than one less', () => {
    const samples = [[0], [1], [5], [0, 1], [1, 1], [2, 7, 1], [0, 0, 0], [3, 0, 9]];
    for (const counts of samples) {
      const read = listed(listing(...counts));
      read.forEach((n, i) => {
        expect(n).toBeLessThanOrEqual(counts[i]!);
        expect(n).toBeGreaterThanOrEqual(Math.max(0, counts[i]! - 1));
      });
    }
  });
});
