import { formatDateTime } from '../../../format/relative-time.js';
import { plural } from '../../../format/counts.js';

const DAY_MS = 86_400_000;

/** "7 days", "about 3 hours", "less than a minute": how long a briefing window is. */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 90) return plural(minutes, 'minute', 'minutes');
  const hours = Math.round(ms / 3_600_000);
  if (hours < 36) return `about ${hours} hours`;
  const days = Math.round(ms / DAY_MS);
  return plural(days, 'day', 'days');
}

interface WindowText {
  from: string;
  to: string;
  length: string;
}

export function windowText(since: number | null, until: number | null): WindowText {
  const length = since !== null && until !== null ? durationText(Math.max(0, until - since)) : 'length unknown';
  return { from: formatDateTime(since), to: formatDateTime(until), length };
}

/**
 * The "since a date" box holds YYYY-MM-DD. The person means midnight where they are, while
 * the service reads a bare date as UTC midnight, so the date is sent as milliseconds.
 */
export function localMidnight(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = new Date(y, mo - 1, d).getTime();
  const back = new Date(ms);
  // Rejects 2026-02-31 and the like, which Date would roll into March.
  return back.getFullYear() === y && back.getMonth() === mo - 1 && back.getDate() === d ? ms : null;
}

/** Why a "since" date cannot be used, or null when it can. */
export function sinceDateProblem(date: string, now: number): string | null {
  if (date.trim() === '') return 'Choose the date the briefing should start from.';
  const ms = localMidnight(date);
  if (ms === null) return 'That is not a date. Use the date picker, or type it as YYYY-MM-DD.';
  if (ms > now) return 'That date is in the future, so nothing has happened since. Choose today or earlier.';
  return null;
}

/** The date input's value for a time: YYYY-MM-DD in local time. */
export function dateInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
