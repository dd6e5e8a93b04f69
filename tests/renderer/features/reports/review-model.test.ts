import { describe, expect, it } from 'vitest';
import {
  cutNote,
  pageChartRows,
  peopleChartRows,
  statusChartRows,
  typeChartRows,
} from '../../../../src/renderer/features/reports/model/review-model.js';
import { reviewOverview } from './fixtures.js';

describe('review charts', () => {
  const o = reviewOverview({ resolved: 30, deferred: 10, open: 20, discussions: 5 });
  it('draws the numbers the service gave', () => {
    expect(typeChartRows(o.byType)).toEqual([
      { key: 'bug', label: 'Bug', open: 20, deferred: 10, resolved: 30, total: 60 },
      { key: 'copy-change', label: 'Copy change', open: 15, deferred: 5, resolved: 20, total: 40 },
    ]);
    expect(statusChartRows(o.counts)).toEqual([
      { label: 'Open', value: 20 },
      { label: 'Deferred', value: 10 },
      { label: 'Resolved', value: 30 },
    ]);
    expect(pageChartRows(o.byPage)).toEqual([
      { label: '/checkout', open: 30, closed: 40, total: 70 },
      { label: '/cart', open: 5, closed: 25, total: 30 },
    ]);
    expect(peopleChartRows(o.people)).toEqual([{ label: 'Ada Lovelace', threads: 10, replies: 20 }]);
    expect(typeChartRows(undefined)).toEqual([]);
  });

  it('says when a chart shows only the busiest entries', () => {
    expect(pageChartRows(Array.from({ length: 14 }, (_, i) => ({ key: `/p${i}`, total: 1, open: 0 }))).length).toBe(10);
    expect(cutNote(10, 14, 'pages')).toBe('The 10 busiest of 14 pages.');
    expect(cutNote(7, 7, 'pages')).toBeNull();
  });
});
