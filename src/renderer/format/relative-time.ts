const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Said where a service gave no time (the live service answers null or 0 for "unknown"). */
const UNKNOWN_DATE = 'unknown date';

/** "12 Mar" in the current year, "12 Mar 2025" otherwise: short enough for a card, unambiguous across locales. */
export function formatShortDate(ms: number | null, now: number): string {
  if (ms === null) return UNKNOWN_DATE;
  const d = new Date(ms);
  const day = `${d.getDate()} ${MONTHS[d.getMonth()]}`;
  return d.getFullYear() === new Date(now).getFullYear() ? day : `${day} ${d.getFullYear()}`;
}

/** Full local date and time for tooltips, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(ms: number | null): string {
  if (ms === null) return UNKNOWN_DATE;
  const d = new Date(ms);
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${hh}:${mm}`;
}

/**
 * "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then a date. Times slightly
 * in the future (clock skew between this machine and the service) read as "just now".
 */
export function formatRelativeTime(ms: number | null, now: number): string {
  if (ms === null) return UNKNOWN_DATE;
  const age = now - ms;
  if (age < 45_000) return age > -5 * MINUTE ? 'just now' : formatShortDate(ms, now);
  if (age < 90 * MINUTE) return `${Math.max(1, Math.round(age / MINUTE))} min ago`;
  if (age < 22 * HOUR) return `${Math.round(age / HOUR)} h ago`;
  if (age < 2 * DAY) return 'yesterday';
  if (age < 30 * DAY) return `${Math.floor(age / DAY)} days ago`;
  return formatShortDate(ms, now);
}

/**
 * A time as a list shows it: "5 min ago", with the exact local time for a tooltip and the
 * instant for a `<time>` element. An unknown time has only its words ("unknown date").
 */
export function relativeTimeShown(
  ms: number | null,
  now: number,
): { text: string; exact?: { title: string; dateTime: string } } {
  if (ms === null) return { text: formatRelativeTime(null, now) };
  return {
    text: formatRelativeTime(ms, now),
    exact: { title: formatDateTime(ms), dateTime: new Date(ms).toISOString() },
  };
}

/** A countdown for the status line: "12 s", "1 min 5 s". Never negative. */
export function formatCountdown(untilMs: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - now) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
