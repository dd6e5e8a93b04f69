import { describe, expect, it } from 'vitest';
import {
  daysText,
  median,
  trendModel,
  weekStart,
  type TrendSources,
} from '../../../../src/renderer/features/reports/model/trends-model.js';

/** Local times, as the person's clock reads them. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
// Thursday 26 Nov 2026, afternoon: the week under way started Monday 23 Nov.
const NOW = at(2026, 11, 26, 15);

const sources = (over: Partial<TrendSources> = {}): TrendSources => ({
  items: [],
  itemsCapped: false,
  resolved: [],
  resolvedComplete: true,
  reviewCapped: false,
  ...over,
});

describe('trend weeks', () => {
  it('start on Monday at local midnight', () => {
    expect(weekStart(NOW)).toBe(new Date(2026, 10, 23).getTime());
    // Sunday late evening still belongs to the week that started six days before.
    expect(weekStart(at(2026, 11, 29, 23))).toBe(new Date(2026, 10, 23).getTime());
    expect(weekStart(new Date(2026, 10, 30, 0, 0).getTime())).toBe(new Date(2026, 10, 30).getTime());
  });

  it('are twelve, oldest first, labelled with absolute dates, the last one the week under way', () => {
    const m = trendModel(sources(), NOW);
    expect(m.weeks).toHaveLength(12);
    expect(m.weeks[11]!.title).toBe('Week of 23 Nov 2026');
    expect(m.weeks[11]!.label).toBe('23 Nov');
    expect(m.weeks[0]!.title).toBe('Week of 7 Sep 2026');
    expect(m.windowStart).toBe(new Date(2026, 8, 7).getTime());
  });

  it('count a week with nothing as 0, not missing', () => {
    const m = trendModel(
      sources({ items: [{ id: 'a', type: 'bug', status: 'open', createdAt: at(2026, 11, 24) }] }),
      NOW,
    );
    expect(m.weeks.map((w) => w.createdTotal)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(m.weeks[3]!.created).toEqual({});
    expect(m.weeks[3]!.resolvedTotal).toBe(0);
  });
});

describe('trend counts', () => {
  const items = [
    { id: 'old-open', type: 'bug', status: 'open', createdAt: at(2026, 8, 1) },
    { id: 'b1', type: 'bug', status: 'resolved', createdAt: at(2026, 11, 2) },
    { id: 'b2', type: 'bug', status: 'open', createdAt: at(2026, 11, 3) },
    { id: 'i1', type: 'idea', status: 'resolved', createdAt: at(2026, 11, 10) },
    { id: 'u1', type: null, status: 'deferred', createdAt: at(2026, 11, 24) },
    { id: 'gone', type: 'bug', status: 'resolved', createdAt: at(2026, 7, 1) },
  ];
  const resolved = [
    { id: 'i1', type: 'idea', resolvedAt: at(2026, 11, 25) },
    { id: 'b1', type: 'bug', resolvedAt: at(2026, 11, 5) },
  ];
  const m = trendModel(sources({ items, resolved }), NOW);
  const week = (title: string) => m.weeks.find((w) => w.title === title)!;

  it('count created and resolved threads by type in their local week', () => {
    expect(week('Week of 2 Nov 2026').created).toEqual({ bug: 2 });
    expect(week('Week of 2 Nov 2026').resolved).toEqual({ bug: 1 });
    expect(week('Week of 9 Nov 2026').created).toEqual({ idea: 1 });
    expect(week('Week of 23 Nov 2026').created).toEqual({ '(unclassified)': 1 });
    expect(week('Week of 23 Nov 2026').resolved).toEqual({ idea: 1 });
  });

  it('hold the backlog at each week’s end: created by then and not yet resolved', () => {
    // Before November only the old open bug waits (the thread resolved before the window is not counted).
    expect(week('Week of 26 Oct 2026').backlog).toEqual({ bug: 1 });
    // b1 was resolved inside its week; b2 stays open.
    expect(week('Week of 2 Nov 2026').backlog).toEqual({ bug: 2 });
    expect(week('Week of 16 Nov 2026').backlog).toEqual({ bug: 2, idea: 1 });
    // A deferred thread is still waiting; i1 resolved this week.
    expect(week('Week of 23 Nov 2026').backlog).toEqual({ bug: 2, '(unclassified)': 1 });
    expect(week('Week of 23 Nov 2026').backlogTotal).toBe(3);
  });

  it('take the median days from created to resolved per type, and say none where none was resolved', () => {
    const byType = Object.fromEntries(m.medians.map((x) => [x.type, x]));
    expect(byType.bug!.medianDays).toBe(3);
    expect(byType.idea!.medianDays).toBe(15);
    expect(byType['(unclassified)']!.medianDays).toBeNull();
    expect(daysText(byType['(unclassified)']!.medianDays)).toBe('—');
    expect(m.overallMedian).toMatchObject({ medianDays: 9, measured: 2 });
    expect(week('Week of 2 Nov 2026').medianDays).toBe(3);
    expect(week('Week of 9 Nov 2026').medianDays).toBeNull();
  });

  it('states no limit when the rows cover the window', () => {
    expect(m.limits).toEqual([]);
  });
});

describe('the capped window', () => {
  it('is stated when a capped list does not reach back twelve weeks', () => {
    const m = trendModel(
      sources({ itemsCapped: true, items: [{ id: 'a', type: 'bug', status: 'open', createdAt: at(2026, 10, 20) }] }),
      NOW,
    );
    expect(m.limits).toHaveLength(1);
    expect(m.limits[0]).toContain('reaches back only to 20 Oct 2026');
    expect(m.limits[0]).toContain('the 12 weeks from 7 Sep 2026');
  });

  it('is stated when the list is capped even though it reaches back', () => {
    const m = trendModel(
      sources({ itemsCapped: true, items: [{ id: 'a', type: 'bug', status: 'open', createdAt: at(2026, 1, 20) }] }),
      NOW,
    );
    expect(m.limits[0]).toMatch(/capped at the most recent 1 threads.*backlog is a minimum/);
  });

  it('is stated when the resolved threads read stop short of the window', () => {
    const m = trendModel(
      sources({
        resolvedComplete: false,
        resolved: [{ id: 'r', type: 'bug', resolvedAt: at(2026, 11, 1) }],
        reviewCapped: true,
      }),
      NOW,
    );
    expect(m.limits).toEqual([
      'The resolved threads read reach back only to 1 Nov 2026, so earlier weeks count fewer resolutions than there were.',
      'The review reads the most recent threads only, so resolutions of older threads are missing.',
    ]);
  });
});

describe('median', () => {
  it('is null for no values and averages two middles', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 2, 10])).toBe(3);
    expect(daysText(1)).toBe('1 day');
    expect(daysText(2.345)).toBe('2.3 days');
  });
});
