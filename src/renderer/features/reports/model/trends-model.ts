import { formatCount } from '../../../format/counts.js';
import { typeLabel } from '../../../format/labels.js';

/**
 * Trends over the last weeks, from what the app already reads: the project's item rows (when
 * each thread was created, its type and status now) and the review's resolved section (when
 * each was resolved). Weeks start on Monday at local midnight, so a week is the one the person
 * lives in; every week of the window has a bucket, an empty one counting 0.
 */

export const TREND_WEEKS = 12;
const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The type key of a thread with no type yet (the live service types threads after creation). */
const UNTYPED = '(unclassified)';

export interface TrendItem {
  id: string;
  type: string | null;
  status: string;
  createdAt: number | null;
}

export interface TrendResolved {
  id: string;
  type: string | null;
  resolvedAt: number | null;
}

export interface TrendSources {
  items: readonly TrendItem[];
  /** The item list is not the whole project: the service read only its most recent threads, or a slice stayed cut. */
  itemsCapped: boolean;
  /** The review's resolved threads, newest resolution first, as far back as they were read. */
  resolved: readonly TrendResolved[];
  /** Every resolved thread the review has was read (none older remain unread). */
  resolvedComplete: boolean;
  /** The review itself read only the most recent threads. */
  reviewCapped: boolean;
}

export interface TrendWeek {
  /** Local midnight of the week's Monday. */
  start: number;
  /** Local midnight of the next Monday (exclusive). */
  end: number;
  /** "3 Nov": the axis label; `title` has the year. */
  label: string;
  /** "Week of 3 Nov 2026". */
  title: string;
  created: Record<string, number>;
  resolved: Record<string, number>;
  /** Threads not resolved at the week's end (or now, for the week under way). */
  backlog: Record<string, number>;
  createdTotal: number;
  resolvedTotal: number;
  backlogTotal: number;
  /** Median days from created to resolved of the threads resolved that week; null when none could be measured. */
  medianDays: number | null;
}

export interface TypeMedian {
  type: string;
  label: string;
  /** null: no thread of this type was resolved in the window with a known creation time. */
  medianDays: number | null;
  measured: number;
}

export interface TrendModel {
  weeks: TrendWeek[];
  /** Type keys in the charts' order: most threads in the window first. */
  types: string[];
  medians: TypeMedian[];
  /** Over every type. */
  overallMedian: TypeMedian;
  windowStart: number;
  windowEnd: number;
  /** Sentences saying where the window is short of the truth; empty when the rows cover it. */
  limits: string[];
}

/** Local midnight of the Monday of the week holding `ms`. */
export function weekStart(ms: number): number {
  const d = new Date(ms);
  const back = (d.getDay() + 6) % 7;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - back).getTime();
}

/** The next local midnight `days` days on (a calendar step, so a DST change doesn't shift it). */
function addDays(ms: number, days: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** "12 Nov 2026": an absolute local date, as printed reports need. */
export function absoluteDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

const dayMonth = (ms: number) => {
  const d = new Date(ms);
  return `${d.getDate()} ${MONTHS[d.getMonth()]}`;
};

/** The median of the values, or null for none; two middles average. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "4.5 days", "1 day", "—" (no data). One decimal at most. */
export function daysText(days: number | null): string {
  if (days === null) return '—';
  const rounded = Math.round(days * 10) / 10;
  return `${rounded.toLocaleString('en-GB')} ${rounded === 1 ? 'day' : 'days'}`;
}

const typeKey = (type: string | null) => type ?? UNTYPED;

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function trendModel(sources: TrendSources, now: number, weekCount = TREND_WEEKS): TrendModel {
  const current = weekStart(now);
  const starts = Array.from({ length: weekCount }, (_, i) => addDays(current, -7 * (weekCount - 1 - i)));
  const windowStart = starts[0]!;
  const weekOf = (ms: number): number => {
    if (ms < windowStart) return -1;
    const start = weekStart(ms);
    return starts.indexOf(start);
  };

  const weeks: TrendWeek[] = starts.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! : addDays(start, 7);
    return {
      start,
      end,
      label: dayMonth(start),
      title: `Week of ${absoluteDate(start)}`,
      created: {},
      resolved: {},
      backlog: {},
      createdTotal: 0,
      resolvedTotal: 0,
      backlogTotal: 0,
      medianDays: null,
    };
  });

  const createdAt = new Map<string, number>();
  for (const item of sources.items) {
    if (item.createdAt === null) continue;
    createdAt.set(item.id, item.createdAt);
    const w = weekOf(item.createdAt);
    if (w >= 0) bump(weeks[w]!.created, typeKey(item.type));
  }

  // Resolution times; a thread resolved now but not among the rows read was resolved before the window.
  const resolvedAt = new Map<string, number>();
  const durations: { type: string; days: number; week: number }[] = [];
  for (const r of sources.resolved) {
    if (r.resolvedAt === null) continue;
    if (!resolvedAt.has(r.id)) resolvedAt.set(r.id, r.resolvedAt);
    const w = weekOf(r.resolvedAt);
    if (w < 0) continue;
    bump(weeks[w]!.resolved, typeKey(r.type));
    const created = createdAt.get(r.id);
    if (created !== undefined && created <= r.resolvedAt)
      durations.push({ type: typeKey(r.type), days: (r.resolvedAt - created) / DAY_MS, week: w });
  }

  weeks.forEach((week, w) => {
    const end = Math.min(week.end, now);
    for (const item of sources.items) {
      if (item.createdAt === null || item.createdAt >= end) continue;
      if (item.status === 'resolved') {
        const at = resolvedAt.get(item.id);
        // Resolved before the window (not among the rows read), or by this week's end.
        if (at === undefined || at < end) continue;
      }
      bump(week.backlog, typeKey(item.type));
    }
    week.createdTotal = sum(week.created);
    week.resolvedTotal = sum(week.resolved);
    week.backlogTotal = sum(week.backlog);
    week.medianDays = median(durations.filter((d) => d.week === w).map((d) => d.days));
  });

  const volume = new Map<string, number>();
  for (const week of weeks)
    for (const counts of [week.created, week.resolved, week.backlog])
      for (const [k, n] of Object.entries(counts)) volume.set(k, (volume.get(k) ?? 0) + n);
  const types = [...volume.keys()].sort(
    (a, b) => volume.get(b)! - volume.get(a)! || typeLabel(a).localeCompare(typeLabel(b)),
  );

  const medianOf = (type: string, label: string, days: number[]): TypeMedian => ({
    type,
    label,
    medianDays: median(days),
    measured: days.length,
  });
  const medians = types.map((t) =>
    medianOf(
      t,
      typeLabel(t),
      durations.filter((d) => d.type === t).map((d) => d.days),
    ),
  );
  const overallMedian = medianOf(
    'all',
    'All types',
    durations.map((d) => d.days),
  );

  return {
    weeks,
    types,
    medians,
    overallMedian,
    windowStart,
    windowEnd: now,
    limits: trendLimits(sources, windowStart),
  };
}

/** Where the rows read fall short of the window, in words a lead can weigh the numbers with. */
function trendLimits(sources: TrendSources, windowStart: number): string[] {
  const limits: string[] = [];
  const window = `the ${TREND_WEEKS} weeks from ${absoluteDate(windowStart)}`;
  const created = sources.items.map((i) => i.createdAt).filter((t): t is number => t !== null);
  const oldest = created.length > 0 ? Math.min(...created) : null;
  if (sources.itemsCapped) {
    if (oldest !== null && oldest > windowStart) {
      limits.push(
        `The thread list read reaches back only to ${absoluteDate(oldest)} (the service lists the most recent threads), so threads created before then are missing from ${window}: created counts and the backlog are minimums.`,
      );
    } else {
      limits.push(
        `The thread list is capped at the most recent ${formatCount(sources.items.length)} threads, so older threads still open are missing: the backlog is a minimum.`,
      );
    }
  }
  if (!sources.resolvedComplete) {
    const resolvedTimes = sources.resolved.map((r) => r.resolvedAt).filter((t): t is number => t !== null);
    const reach = resolvedTimes.length > 0 ? Math.min(...resolvedTimes) : null;
    if (reach === null || reach > windowStart)
      limits.push(
        `The resolved threads read reach back only to ${reach === null ? 'no date' : absoluteDate(reach)}, so earlier weeks count fewer resolutions than there were.`,
      );
  }
  if (sources.reviewCapped)
    limits.push('The review reads the most recent threads only, so resolutions of older threads are missing.');
  return limits;
}
