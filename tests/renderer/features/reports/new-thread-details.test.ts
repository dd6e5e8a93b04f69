import { describe, expect, it } from 'vitest';
import type { ItemRow } from '#shared/reader/index.js';
import { detailsOf, planDetailQueries } from '../../../../src/renderer/features/reports/model/new-thread-details.js';

describe('who opened the new threads', () => {
  const item = (id: string, author: string, createdAt: number): ItemRow =>
    ({
      id,
      author,
      createdAt,
      page: '/',
      type: null,
      status: 'open',
      excerpt: '',
      excerptSource: null,
      reportCount: 0,
      agentTask: null,
      assignee: null,
      assigneeId: null,
      replyCount: 0,
    }) as ItemRow;

  it('asks one list request when the new threads fit, else one per status, never more than 200 rows each', () => {
    expect(planDetailQueries([])).toEqual([]);
    expect(planDetailQueries(Array.from({ length: 74 }, () => ({ status: 'open' })))).toEqual([{ limit: 74 }]);
    const many = [
      ...Array.from({ length: 250 }, () => ({ status: 'open' })),
      ...Array.from({ length: 24 }, () => ({ status: 'resolved' })),
      { status: null },
    ];
    expect(planDetailQueries(many)).toEqual([
      { status: 'open', limit: 200 },
      { status: 'resolved', limit: 24 },
    ]);
  });

  it('keeps only the wanted threads, the first answer winning', () => {
    const found = detailsOf(
      [
        [item('a', 'Ada', 1), item('x', 'Xavier', 2)],
        [item('a', 'Other', 9), item('b', 'Bo', 3)],
      ],
      new Set(['a', 'b', 'c']),
    );
    expect([...found]).toEqual([
      ['a', { author: 'Ada', createdAt: 1 }],
      ['b', { author: 'Bo', createdAt: 3 }],
    ]);
  });
});
