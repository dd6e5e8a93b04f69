import { describe, expect, it } from 'vitest';
import {
  briefingSince,
  nextLastBriefed,
  presetHelp,
} from '../../../../src/renderer/features/reports/model/briefing-presets.js';
import { DAY } from './fixtures.js';

describe('briefing presets', () => {
  const now = new Date(2026, 2, 10, 15).getTime();

  it('since my last briefing: the remembered end, or the service bookmark when nothing was read here', () => {
    expect(briefingSince('last-briefing', { now, lastBriefedUntil: null, date: '' })).toEqual({
      since: undefined,
      problem: null,
    });
    expect(briefingSince('last-briefing', { now, lastBriefedUntil: 1234, date: '' })).toEqual({
      since: 1234,
      problem: null,
    });
    expect(presetHelp('last-briefing', null)).toMatch(/not read a briefing of this project here yet/);
    expect(presetHelp('last-briefing', new Date(2026, 2, 9, 8, 5).getTime())).toBe(
      'From 9 Mar 2026, 08:05, where the last briefing you read here ended.',
    );
  });

  it('last 7 days and since a date; bad and future dates are refused in words', () => {
    expect(briefingSince('last-days', { now, lastBriefedUntil: 5, date: '' })).toEqual({
      since: now - 7 * DAY,
      problem: null,
    });
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-03-01' })).toEqual({
      since: new Date(2026, 2, 1).getTime(),
      problem: null,
    });
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-02-31' }).problem).toMatch(/not a date/);
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-03-11' }).problem).toMatch(/in the future/);
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: ' ' }).problem).toMatch(/Choose the date/);
  });

  it('what was read never moves back, and a lean answer without until counts as read up to now', () => {
    expect(nextLastBriefed(null, 50, 60)).toBe(50);
    expect(nextLastBriefed(80, 50, 60)).toBe(80);
    expect(nextLastBriefed(10, null, 60)).toBe(60);
  });
});
