import { describe, expect, it } from 'vitest';
import {
  TYPE_NONE,
  activeFilterCount,
  filterRows,
  filtersFromParams,
  filtersToParams,
  normalizeFilters,
  QUERY_MAX_CHARS,
  rowMatcher,
  sameFilters,
  withFilter,
} from '../../../src/renderer/stores/filter-model.js';
import { manyRows, row } from '../support/fake-items.js';

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const noSearch = { meId: 'u-me', textMatches: null };

const rows = [
  row('a', {
    status: 'open',
    type: 'bug',
    page: '/checkout',
    assigneeId: 'u-me',
    assignee: 'Me',
    agentTask: 'fix',
    excerpt: 'Pay button is grey',
  }),
  row('b', {
    status: 'deferred',
    type: 'copy',
    page: '/checkout',
    assigneeId: '',
    assignee: '',
    agentTask: null,
    excerpt: 'Typo in the footer',
  }),
  row('c', {
    status: 'resolved',
    type: 'bug',
    page: '/',
    assigneeId: 'u-alex',
    assignee: 'Alex Kim',
    agentTask: 'plan',
    excerpt: 'Hero image too large',
  }),
  row('d', {
    status: 'open',
    type: 'idea',
    page: '/',
    assigneeId: null,
    assignee: null,
    agentTask: null,
    excerpt: 'Add dark mode',
  }),
];

describe('filter matching', () => {
  it('applies each filter and their combination', () => {
    expect(ids(filterRows(rows, { status: 'open' }, noSearch))).toEqual(['a', 'd']);
    expect(ids(filterRows(rows, { type: 'bug' }, noSearch))).toEqual(['a', 'c']);
    expect(ids(filterRows(rows, { page: '/checkout' }, noSearch))).toEqual(['a', 'b']);
    expect(ids(filterRows(rows, { status: 'open', type: 'bug', page: '/checkout' }, noSearch))).toEqual(['a']);
  });

  it('filters unclassified threads (type null, as the live service sends new ones)', () => {
    const withUntyped = [...rows, row('e', { type: null, status: 'open' })];
    expect(ids(filterRows(withUntyped, { type: TYPE_NONE }, noSearch))).toEqual(['e']);
    expect(ids(filterRows(withUntyped, { type: 'bug' }, noSearch))).toEqual(['a', 'c']);
  });

  it('understands me, unassigned (empty or null) and a member id', () => {
    expect(ids(filterRows(rows, { assignee: 'me' }, noSearch))).toEqual(['a']);
    expect(ids(filterRows(rows, { assignee: 'none' }, noSearch))).toEqual(['b', 'd']);
    expect(ids(filterRows(rows, { assignee: 'u-alex' }, noSearch))).toEqual(['c']);
    // Without knowing who "me" is, nothing is claimed to be theirs.
    expect(ids(filterRows(rows, { assignee: 'me' }, { meId: null, textMatches: null }))).toEqual([]);
  });

  it('filters by agent task, including threads without one', () => {
    expect(ids(filterRows(rows, { task: 'fix' }, noSearch))).toEqual(['a']);
    expect(ids(filterRows(rows, { task: 'none' }, noSearch))).toEqual(['b', 'd']);
  });

  it('uses the service’s text matches once they arrive, the first line until then', () => {
    expect(ids(filterRows(rows, { q: 'BUTTON' }, noSearch))).toEqual(['a']);
    // The service also searched replies: thread c matched though its first line does not say so.
    expect(ids(filterRows(rows, { q: 'button' }, { meId: 'u-me', textMatches: new Set(['a', 'c']) }))).toEqual([
      'a',
      'c',
    ]);
  });

  it('returns the very same array when nothing filters, so memoized views see no change', () => {
    expect(filterRows(rows, {}, noSearch)).toBe(rows);
  });

  it('keeps a keystroke’s work small on 2,000 rows', () => {
    const big = manyRows(2000, {
      pages: ['/a', '/b', '/c', '/d'],
      statuses: ['open', 'deferred', 'resolved'],
      types: ['bug', 'copy'],
    });
    const started = performance.now();
    for (let i = 0; i < 20; i++) filterRows(big, { status: 'open', type: 'bug', q: 'thread' }, noSearch);
    expect((performance.now() - started) / 20).toBeLessThan(10);
    expect(
      filterRows(big, { status: 'open', page: '/a' }, noSearch).every(
        rowMatcher({ status: 'open', page: '/a' }, noSearch),
      ),
    ).toBe(true);
  });
});

describe('filter values', () => {
  it('drops malformed values instead of failing', () => {
    expect(
      normalizeFilters({ status: 'closed', type: '  ', page: 42, assignee: ['x'], task: 'dance', q: '   ' }),
    ).toEqual({});
    expect(normalizeFilters(null)).toEqual({});
    expect(normalizeFilters('status=open')).toEqual({});
    expect(normalizeFilters({ status: 'open', type: ' bug ', task: 'none', q: ' pay ' })).toEqual({
      status: 'open',
      type: 'bug',
      task: 'none',
      q: 'pay',
    });
  });

  it('cuts an overlong search to what the service accepts', () => {
    expect(normalizeFilters({ q: 'x'.repeat(QUERY_MAX_CHARS + 50) }).q).toHaveLength(QUERY_MAX_CHARS);
  });

  it('adds, replaces and removes one filter', () => {
    const f = withFilter({ status: 'open' }, 'type', 'bug');
    expect(f).toEqual({ status: 'open', type: 'bug' });
    expect(withFilter(f, 'status', undefined)).toEqual({ type: 'bug' });
    expect(withFilter(f, 'type', '')).toEqual({ status: 'open' });
    expect(activeFilterCount(f)).toBe(2);
  });

  it('compares filters by value', () => {
    expect(sameFilters({ status: 'open', type: 'bug' }, { type: 'bug', status: 'open' })).toBe(true);
    expect(sameFilters({ status: 'open' }, { status: 'open', q: 'x' })).toBe(false);
  });
});

describe('filters in a query string', () => {
  it('round-trips every filter, special characters included', () => {
    const filters = {
      status: 'deferred' as const,
      type: 'copy-change',
      page: '/a b/c?d=e&f',
      assignee: 'u-1',
      task: 'investigate' as const,
      q: 'pay & “ship” 100%',
    };
    expect(filtersFromParams(new URLSearchParams(filtersToParams(filters).toString()))).toEqual(filters);
  });

  it('writes keys in one order, so equal filters give equal strings', () => {
    expect(filtersToParams({ q: 'x', status: 'open' }).toString()).toBe('status=open&q=x');
  });

  it('takes the first of repeated keys and ignores unknown ones', () => {
    expect(filtersFromParams(new URLSearchParams('status=open&status=resolved&colour=red&type=bug'))).toEqual({
      status: 'open',
      type: 'bug',
    });
  });
});
