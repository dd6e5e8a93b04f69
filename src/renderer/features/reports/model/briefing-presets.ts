import { formatDateTime } from '../../../format/relative-time.js';
import { localMidnight, sinceDateProblem } from './time-window.js';

const DAY_MS = 86_400_000;
/** "Last 7 days" and the service's first bookmark briefing look back the same week. */
const LAST_DAYS = 7;

/** What a briefing covers: the person's choice on the What's new tab. */
export type BriefingPreset = 'last-briefing' | 'last-days' | 'date';
export const BRIEFING_PRESETS: readonly BriefingPreset[] = ['last-briefing', 'last-days', 'date'];

interface PresetText {
  label: string;
  button: string;
  /** The briefing's heading once it is shown. */
  heading: string;
  /** The window as the end of a sentence: "Reading what changed in Acme in the last 7 days". */
  span: string;
}

export const PRESET_TEXT: Record<BriefingPreset, PresetText> = {
  'last-briefing': {
    label: 'Since my last briefing',
    button: 'Brief me since my last briefing',
    heading: 'Since your last briefing',
    span: 'since your last briefing',
  },
  'last-days': {
    label: `Last ${LAST_DAYS} days`,
    button: `Brief me on the last ${LAST_DAYS} days`,
    heading: `The last ${LAST_DAYS} days`,
    span: `in the last ${LAST_DAYS} days`,
  },
  date: {
    label: 'Since a date',
    button: 'Brief me since that date',
    heading: 'Since the date you chose',
    span: 'since that date',
  },
};

/**
 * The line under each preset. "Since my last briefing" names the time it starts from, so the
 * person knows what they are about to read before asking.
 */
export function presetHelp(preset: BriefingPreset, lastBriefedUntil: number | null): string {
  switch (preset) {
    case 'last-briefing':
      return lastBriefedUntil === null
        ? `You have not read a briefing of this project here yet: this one starts from your bookmark on the service (the last ${LAST_DAYS} days the first time).`
        : `From ${formatDateTime(lastBriefedUntil)}, where the last briefing you read here ended.`;
    case 'last-days':
      return `The ${LAST_DAYS} days up to now.`;
    case 'date':
      return 'From the start of the day you choose.';
  }
}

/**
 * The `since` to send for a preset: a time in ms, or undefined to read from the service's
 * bookmark (only before any briefing was read here). A date that cannot be used is a problem
 * in words instead.
 */
export function briefingSince(
  preset: BriefingPreset,
  at: { now: number; lastBriefedUntil: number | null; date: string },
): { since: number | undefined; problem: null } | { since: null; problem: string } {
  switch (preset) {
    case 'last-briefing':
      return { since: at.lastBriefedUntil ?? undefined, problem: null };
    case 'last-days':
      return { since: at.now - LAST_DAYS * DAY_MS, problem: null };
    case 'date': {
      const problem = sinceDateProblem(at.date, at.now);
      if (problem) return { since: null, problem };
      return { since: localMidnight(at.date)!, problem: null };
    }
  }
}

/** What the person has now read up to: a briefing covers everything until its end. */
export function nextLastBriefed(previous: number | null, until: number | null, now: number): number {
  const end = until ?? now;
  return previous === null ? end : Math.max(previous, end);
}
