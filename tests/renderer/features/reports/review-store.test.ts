import { hashKey, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReviewView } from '../../../../src/renderer/features/reports/stores/review-store.js';
import { queryClient } from '../../../../src/renderer/server-state/query-client.js';

const SECTIONS = ['resolved', 'deferred', 'open', 'discussions'] as const;
/** A section's query as review-query keys it: its project, its section, and when the overview it continues arrived. */
const sectionKey = (projectId: string, section: string, readAt: number): QueryKey => [
  'connection',
  'c1',
  'reports-review',
  projectId,
  'section',
  section,
  readAt,
];
/** The section query in the cache, with no screen on it (as after a refresh or leaving the tab): its view's key. */
function held(key: QueryKey): string {
  queryClient.setQueryData(key, { pages: [], pageParams: [] });
  return hashKey(key);
}
const store = () => useReviewView.getState();

beforeEach(() => {
  queryClient.clear();
  useReviewView.setState({ sections: {} });
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('review view store', () => {
  it('starts every section of a read at one step, and keeps what each read showed to itself', () => {
    const resolved = held(sectionKey('p1', 'resolved', 1));
    const open = held(sectionKey('p1', 'open', 1));
    expect(store().sectionOf(resolved)).toEqual({ shown: 25, readingAll: false });
    store().setSection(resolved, { shown: 50 });
    store().setSection(open, { readingAll: true });
    expect(store().sectionOf(resolved)).toEqual({ shown: 50, readingAll: false });
    expect(store().sectionOf(open)).toEqual({ shown: 25, readingAll: true });
    // A refresh is another read: its sections start again.
    const refreshed = held(sectionKey('p1', 'open', 2));
    expect(store().sectionOf(held(sectionKey('p1', 'resolved', 2))).shown).toBe(25);
    // A read of every page that ends after the refresh changes nothing on the new read.
    store().setSection(open, { readingAll: false, shown: 300 });
    expect(store().sectionOf(refreshed)).toEqual({ shown: 25, readingAll: false });
  });

  it('answers the same object while nothing changed, as a store selector must', () => {
    const deferred = held(sectionKey('p9', 'deferred', 1));
    expect(store().sectionOf(deferred)).toBe(store().sectionOf(deferred));
    store().setSection(deferred, { shown: 50 });
    expect(store().sectionOf(deferred)).toBe(store().sectionOf(deferred));
  });

  it('forgets a section when the cache drops its query, and keeps nothing for a query the cache no longer holds', () => {
    const key = sectionKey('p1', 'resolved', 1);
    const resolved = held(key);
    store().setSection(resolved, { shown: 75 });
    queryClient.removeQueries({ queryKey: key, exact: true });
    expect(store().sections).toEqual({});
    expect(store().sectionOf(resolved)).toEqual({ shown: 25, readingAll: false });
    // A read of every page that ends after its query went writes nothing that would stay.
    store().setSection(resolved, { readingAll: false, shown: 300 });
    expect(store().sections).toEqual({});
  });

  it('stays as small as the cache across many reads: each read’s sections go when the cache lets its pages go', () => {
    vi.useFakeTimers();
    const gcTime = queryClient.getDefaultOptions().queries!.gcTime as number;
    const minute = 60_000;
    const reads = 300;
    let largest = 0;
    // A refresh a minute, each widening every section, across three projects: 1,200 (read, section) pairs in all.
    for (let read = 0; read < reads; read++) {
      for (const section of SECTIONS)
        store().setSection(held(sectionKey(`p${read % 3}`, section, read)), { shown: 50 });
      largest = Math.max(largest, Object.keys(store().sections).length);
      vi.advanceTimersByTime(minute);
    }
    const cached = queryClient.getQueryCache().findAll({ queryKey: ['connection', 'c1', 'reports-review'] }).length;
    // Only the reads of the last gcTime are held, by the cache and so by the store.
    const readsKept = Math.ceil(gcTime / minute);
    expect(Object.keys(store().sections)).toHaveLength(cached);
    expect(cached).toBeLessThanOrEqual(readsKept * SECTIONS.length);
    expect(largest).toBeLessThanOrEqual((readsKept + 1) * SECTIONS.length);
    // The newest read's sections are still there, as shown.
    expect(store().sectionOf(hashKey(sectionKey(`p${(reads - 1) % 3}`, 'open', reads - 1))).shown).toBe(50);
    // Once no read is held any more, nothing is kept.
    vi.advanceTimersByTime(gcTime);
    expect(store().sections).toEqual({});
  });
});
