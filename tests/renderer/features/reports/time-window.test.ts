import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  durationText,
  localMidnight,
  sinceDateProblem,
} from '../../../../src/renderer/features/reports/model/time-window.js';

describe('time windows', () => {
  it('reads a date box as local midnight and refuses impossible or future dates', () => {
    expect(localMidnight('2026-03-01')).toBe(new Date(2026, 2, 1).getTime());
    expect(localMidnight('2026-02-31')).toBeNull();
    expect(localMidnight('yesterday')).toBeNull();
    const now = new Date(2026, 2, 10, 12).getTime();
    expect(sinceDateProblem('', now)).toMatch(/Choose the date/);
    expect(sinceDateProblem('2026-13-01', now)).toMatch(/not a date/);
    expect(sinceDateProblem('2026-03-11', now)).toMatch(/future/);
    expect(sinceDateProblem('2026-03-10', now)).toBeNull();
    expect(dateInputValue(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });

  it('words how long a window is', () => {
    expect(durationText(20_000)).toBe('less than a minute');
    expect(durationText(60_000)).toBe('1 minute');
    expect(durationText(5 * 3_600_000)).toBe('about 5 hours');
    expect(durationText(7 * 86_400_000)).toBe('7 days');
  });
});
