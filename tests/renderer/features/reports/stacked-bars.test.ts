import { describe, expect, it } from 'vitest';
import { stackOrder } from '../../../../src/renderer/features/reports/components/StackedBars.js';

describe('chart tooltips follow the stack', () => {
  const series = [
    { key: 'open', name: 'Open', color: '' },
    { key: 'deferred', name: 'Deferred', color: '' },
    { key: 'resolved', name: 'Resolved', color: '' },
  ] as const;
  it('lists the top segment first in columns and the left one first in rows', () => {
    expect(stackOrder(series, 'columns')).toEqual(['resolved', 'deferred', 'open']);
    expect(stackOrder(series, 'rows')).toEqual(['open', 'deferred', 'resolved']);
    // The series themselves are left as they were (the legend reads them in order).
    expect(series.map((s) => s.key)).toEqual(['open', 'deferred', 'resolved']);
  });
});
