import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../../src/shared/reader/index.js';
import { FACET_KEYS, facetCount, facetCounts, type FacetKey } from '../../src/renderer/stores/facet-model.js';
import { ASSIGNEE_ME, ASSIGNEE_NONE, filterRows, TYPE_NONE, type Filters, type MatchContext } from '../../src/renderer/stores/filter-model.js';
import { row } from './support/fake-items.js';

const ctx: MatchContext = { meId: 'u-me', textMatches: null };

const rows = [
  row('a', { status: 'open', type: 'bug', page: '/pricing', assigneeId: 'u-me', agentTask: 'fix', excerpt: 'Pay button is grey' }),
  row('b', { status: 'open', type: 'bug', page: '/pricing', assigneeId: null, agentTask: null, excerpt: 'Price typo' }),
  row('c', { status: 'deferred', type: 'copy', page: '/pricing', assigneeId: '', agentTask: null, excerpt: 'Footer copy' }),
  row('d', { status: 'resolved', type: 'bug', page: '/', assigneeId: 'u-alex', agentTask: 'plan', excerpt: 'Hero too large' }),
  row('e', { status: 'open', type: null, page: '/', assigneeId: null, agentTask: null, excerpt: 'Button label' }),
];

/** What the list would show with `value` picked in `key`'s menu: the definition the tally must meet. */
function pickedCount(all: ItemRow[], filters: Filters, key: FacetKey, value: string, context: MatchContext): number {
  return filterRows(all, { ...filters, [key]: value }, context).length;
}

const VALUES: Record<FacetKey, string[]> = {
  status: ['open', 'deferred', 'resolved'],
  type: ['bug', 'copy', 'idea', TYPE_NONE],
  page: ['/', '/pricing', '/signup'],
  assignee: [ASSIGNEE_ME, ASSIGNEE_NONE, 'u-me', 'u-alex', 'u-nobody'],
  task: ['investigate', 'plan', 'fix', 'build', 'none'],
};

describe('faceted counts', () => {
  it('with no filters, counts each value over the whole list', () => {
    const counts = facetCounts(rows, {}, ctx);
    expect(facetCount(counts, 'status', 'open')).toBe(3);
    expect(facetCount(counts, 'type', 'bug')).toBe(3);
    expect(facetCount(counts, 'type', TYPE_NONE)).toBe(1);
    expect(facetCount(counts, 'page', '/pricing')).toBe(3);
    // Empty and null assignees are both unassigned; "me" is the signed-in member.
    expect(facetCount(counts, 'assignee', ASSIGNEE_NONE)).toBe(3);
    expect(facetCount(counts, 'assignee', ASSIGNEE_ME)).toBe(1);
    expect(facetCount(counts, 'task', 'none')).toBe(3);
  });

  it('counts a menu’s options under the other active filters, not its own', () => {
    const counts = facetCounts(rows, { type: 'bug' }, ctx);
    // Page counts follow the type filter: /pricing has 2 bugs, not 3 threads.
    expect(facetCount(counts, 'page', '/pricing')).toBe(2);
    expect(facetCount(counts, 'page', '/')).toBe(1);
    // The type menu itself still counts every type, so another type can be picked knowingly.
    expect(facetCount(counts, 'type', 'copy')).toBe(1);
    expect(facetCount(counts, 'type', 'bug')).toBe(3);
  });

  it('keeps options no thread falls under at 0', () => {
    const counts = facetCounts(rows, { status: 'deferred' }, ctx);
    expect(facetCount(counts, 'type', 'bug')).toBe(0);
    expect(facetCount(counts, 'page', '/signup')).toBe(0);
    expect(facetCount(counts, 'assignee', ASSIGNEE_ME)).toBe(0);
  });

  it('applies the text search to every menu, with the service’s matches once they are in', () => {
    expect(facetCount(facetCounts(rows, { q: 'button' }, ctx), 'status', 'open')).toBe(2);
    // The service also found thread d through a reply.
    const withReplies = facetCounts(rows, { q: 'button' }, { ...ctx, textMatches: new Set(['a', 'd', 'e']) });
    expect(facetCount(withReplies, 'status', 'resolved')).toBe(1);
    expect(facetCount(withReplies, 'page', '/')).toBe(2);
  });

  it('equals, for every menu and value, what the list shows once that value is picked', () => {
    const statuses = ['open', 'deferred', 'resolved'] as const;
    const types = ['bug', 'copy', 'idea', null];
    const pages = ['/', '/pricing', '/signup'];
    const assignees = ['u-me', 'u-alex', null, ''];
    const tasks = ['plan', 'fix', null] as const;
    const many = Array.from({ length: 240 }, (_, i) =>
      row(`t-${i}`, {
        status: statuses[i % 3]!,
        type: types[(i >> 1) % 4]!,
        page: pages[(i * 7) % 3]!,
        assigneeId: assignees[(i * 5) % 4]!,
        agentTask: tasks[(i * 11) % 3]!,
        excerpt: i % 4 === 0 ? 'mentions checkout' : 'something else',
      }),
    );
    const cases: Filters[] = [
      {},
      { status: 'open' },
      { type: 'bug', page: '/pricing' },
      { status: 'deferred', assignee: ASSIGNEE_ME, task: 'none' },
      { type: TYPE_NONE, assignee: ASSIGNEE_NONE, q: 'checkout' },
      { status: 'resolved', type: 'copy', page: '/', assignee: 'u-alex', task: 'plan', q: 'else' },
    ];
    for (const filters of cases) {
      const counts = facetCounts(many, filters, ctx);
      for (const key of FACET_KEYS) {
        for (const value of VALUES[key]) {
          expect(facetCount(counts, key, value), `${JSON.stringify(filters)} → ${key}=${value}`).toBe(pickedCount(many, filters, key, value, ctx));
        }
      }
    }
  });

  it('does not know "me" without a signed-in person', () => {
    expect(facetCount(facetCounts(rows, {}, { meId: null, textMatches: null }), 'assignee', ASSIGNEE_ME)).toBe(0);
  });
});
