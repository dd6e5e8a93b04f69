import { describe, expect, it } from 'vitest';
import {
  coverageText,
  fileSummaryText,
  hotspotRows,
  noHotspotsText,
  parseLine,
} from '../../../../src/renderer/features/reports/model/hotspots-model.js';

describe('hotspots', () => {
  it('ranks as given and names files shortly, with the folder when names clash', () => {
    const rows = hotspotRows([
      { file: 'src/ui/Card.tsx', open: 3, deferred: 1, resolved: 9, components: ['Card'] },
      { file: 'src/checkout/Card.tsx', open: 2, deferred: 0, resolved: 1, components: [] },
      { file: 'src/ui/Button.tsx', open: 1, deferred: 0, resolved: 0, components: ['Button'] },
    ]);
    expect(rows.map((r) => [r.label, r.pending])).toEqual([
      ['ui/Card.tsx', 4],
      ['checkout/Card.tsx', 2],
      ['Button.tsx', 1],
    ]);
  });

  it('words coverage and the empty cases', () => {
    expect(coverageText({ threads: 300, stamped: 150 })).toBe('150 of 300 threads are stamped (50%)');
    expect(coverageText({ threads: 1, stamped: 1 })).toBe('1 of 1 thread is stamped (100%)');
    expect(noHotspotsText({ threads: 0, stamped: 0 })).toMatch(/no threads/);
    expect(noHotspotsText({ threads: 9, stamped: 0 })).toMatch(/build stamping tool/);
    expect(noHotspotsText({ threads: 9, stamped: 1 })).toBeNull();
    expect(fileSummaryText({ open: 29, deferred: 5, resolved: 38 })).toBe(
      '72 threads: 29 open, 5 deferred, 38 resolved',
    );
  });

  it('takes a whole line number from 1', () => {
    expect(parseLine('')).toEqual({ line: null, problem: null });
    expect(parseLine(' 42 ')).toEqual({ line: 42, problem: null });
    expect(parseLine('0').problem).toMatch(/from 1/);
    expect(parseLine('4.5').problem).toMatch(/whole number/);
  });
});
