import { describe, expect, it } from 'vitest';
import type { ItemRow } from '#shared/reader/index.js';
import { FACET_KEYS, menuCounts, valuesPresent, type FacetKey } from '../../../src/renderer/stores/facet-model.js';
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  filterRows,
  TYPE_NONE,
  type Filters,
  type MatchContext,
} from '../../../src/renderer/stores/filter-model.js';
import { row } from '../support/fake-items.js';

const ctx: MatchContext = { meId: 'u-me', textMatches: null };

const rows = [
  row('a', {
    status: 'open',
    type: 'bug',
    page: '/pricing',
    assigneeId: 'u-me',
    agentTask: 'fix',
    excerpt: 'Pay button is grey',
  }),
  row('b', { status: 'open', type: 'bug', page: '/pricing', assigneeId: null, agentTask: null, excerpt: 'Price typo' }),
  row('c', {
    status: 'deferred',
    type: 'copy',
    page: '/pricing',
    assigneeId: '',
    agentTask: null,
    excerpt: 'Footer copy',
  }),
  row('d', {
    status: 'resolved',
    type: 'bug',
    page: '/',
    assigneeId: 'u-alex',
    agentTask: 'plan',
    excerpt: 'Hero too large',
  }),
  row('e', { status: 'open', type: null, page: '/', assigneeId: null, agentTask: null, excerpt: 'Button label' }),
];

/** What the list would show with `value` picked in `key`'s menu: the definition the tally must meet. */
function pickedCount(all: ItemRow[], filters: Filters, key: FacetKey, value: string, context: MatchContext): number {
  return filterRows(all, { ...filters, [key]: value }, context).length;
}

/** The count one menu shows for one option. */
function counted(all: ItemRow[], filters: Filters, key: FacetKey, value: string, context: MatchContext = ctx): number {
  return menuCounts(all, filters, key, context).get(value) ?? 0;
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
    expect(counted(rows, {}, 'status', 'open')).toBe(3);
    expect(counted(rows, {}, 'type', 'bug')).toBe(3);
    expect(counted(rows, {}, 'type', TYPE_NONE)).toBe(1);
    expect(counted(rows, {}, 'page', '/pricing')).toBe(3);
    // Empty and null assignees are both unassigned; "me" is the signed-in member.
    expect(counted(rows, {}, 'assignee', ASSIGNEE_NONE)).toBe(3);
    expect(counted(rows, {}, 'assignee', ASSIGNEE_ME)).toBe(1);
    expect(counted(rows, {}, 'task', 'none')).toBe(3);
  });

  it('counts a menu’s options under the other active filters, not its own', () => {
    // Page counts follow the type filter: /pricing has 2 bugs, not 3 threads.
    expect(counted(rows, { type: 'bug' }, 'page', '/pricing')).toBe(2);
    expect(counted(rows, { type: 'bug' }, 'page', '/')).toBe(1);
    // The type menu itself still counts every type, so another type can be picked knowingly.
    expect(counted(rows, { type: 'bug' }, 'type', 'copy')).toBe(1);
    expect(counted(rows, { type: 'bug' }, 'type', 'bug')).toBe(3);
  });

  it('keeps options no thread falls under at 0', () => {
    expect(counted(rows, { status: 'deferred' }, 'type', 'bug')).toBe(0);
    expect(counted(rows, { status: 'deferred' }, 'page', '/signup')).toBe(0);
    expect(counted(rows, { status: 'deferred' }, 'assignee', ASSIGNEE_ME)).toBe(0);
  });

  it('applies the text search to every menu, with the service’s matches once they are in', () => {
    expect(counted(rows, { q: 'button' }, 'status', 'open')).toBe(2);
    // The service also found thread d through a reply.
    const withReplies = { ...ctx, textMatches: new Set(['a', 'd', 'e']) };
    expect(counted(rows, { q: 'button' }, 'status', 'resolved', withReplies)).toBe(1);
    expect(counted(rows, { q: 'button' }, 'page', '/', withReplies)).toBe(2);
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
      for (const key of FACET_KEYS) {
        const counts = menuCounts(many, filters, key, ctx);
        for (const value of VALUES[key]) {
          expect(counts.get(value) ?? 0, `${JSON.stringify(filters)} → ${key}=${value}`).toBe(
            pickedCount(many, filters, key, value, ctx),
          );
        }
      }
    }
  });

  it('does not know "me" without a signed-in person', () => {
    expect(counted(rows, {}, 'assignee', ASSIGNEE_ME, { meId: null, textMatches: null })).toBe(0);
  });

  it('lists the values the rows hold in each menu, whatever the filters', () => {
    const present = valuesPresent(rows, ['type', 'assignee', 'task']);
    expect([...present.type].sort()).toEqual(['bug', 'copy', TYPE_NONE].sort());
    expect([...present.assignee].sort()).toEqual([ASSIGNEE_NONE, 'u-alex', 'u-me'].sort());
    expect([...present.task].sort()).toEqual(['fix', 'none', 'plan']);
  });
});
