import { describe, expect, it } from 'vitest';
import { trendsMarkdown } from '../../../../src/renderer/features/reports/model/trends-markdown.js';
import { trendModel, type TrendSources } from '../../../../src/renderer/features/reports/model/trends-model.js';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const NOW = at(2026, 11, 26, 15);
const sources = (over: Partial<TrendSources> = {}): TrendSources => ({
  items: [],
  itemsCapped: false,
  resolved: [],
  resolvedComplete: true,
  reviewCapped: false,
  ...over,
});

describe('trendsMarkdown', () => {
  const items = [
    { id: 'b1', type: 'bug', status: 'resolved', createdAt: at(2026, 11, 2) },
    { id: 'b2', type: 'bug', status: 'open', createdAt: at(2026, 11, 3) },
    { id: 'i1', type: 'idea', status: 'open', createdAt: at(2026, 11, 24) },
  ];
  const resolved = [{ id: 'b1', type: 'bug', resolvedAt: at(2026, 11, 5) }];
  const md = trendsMarkdown({
    projectName: 'Checkout | app',
    generatedAt: NOW,
    model: trendModel(sources({ items, resolved }), NOW),
  });
  const section = (title: string) => md.slice(md.indexOf(`## ${title}`)).split('\n## ')[0]!;

  it('names the project and the window with absolute dates', () => {
    expect(md).toMatch(/^# Trends: Checkout \\\| app\n/);
    expect(md).toContain('The 12 weeks from 7 Sep 2026 to');
  });

  it('writes each chart as a table: a week a row, a type a column, the total last', () => {
    const created = section('Threads created per week');
    expect(created).toContain('| Week of | Bug | Idea | All types |');
    expect(created).toContain('| 2 Nov 2026 | 2 | 0 | 2 |');
    expect(created).toContain('| 23 Nov 2026 | 0 | 1 | 1 |');
    expect(created.split('\n').filter((l) => /^\| \d/.test(l))).toHaveLength(12);
    expect(section('Threads resolved per week')).toContain('| 2 Nov 2026 | 1 | 0 | 1 |');
    expect(section('Open backlog at each week’s end')).toContain('| 23 Nov 2026 | 1 | 1 | 2 |');
  });

  it('gives the medians per type and over all types', () => {
    const medians = section('Median days from created to resolved');
    expect(medians).toContain('| Bug | 3 days | 1 |');
    expect(medians).toMatch(/\| All types \| 3 days \| 1 \|/);
  });

  it('says where the window is short of the truth', () => {
    const capped = trendsMarkdown({
      projectName: 'P',
      generatedAt: NOW,
      model: trendModel(sources({ items, resolved, itemsCapped: true }), NOW),
    });
    expect(capped).toMatch(/\n> .+/);
    expect(md).not.toMatch(/\n> /);
  });
});
