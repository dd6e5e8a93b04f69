import { LIMITS } from '#shared/api/limits.js';
import { formatShortDate } from '../../format/relative-time.js';
import { plural } from '../../format/counts.js';

/** What merge planning needs to know about each selected thread. */
export interface MergeThread {
  id: string;
  /** null: the service didn't say; such threads count as the newest. */
  createdAt: number | null;
  reportCount: number;
  status: string;
  excerpt: string;
}

/** Splits into requests the service accepts: duplicateIds holds at most 50. */
export function chunk<T>(items: readonly T[], size: number = LIMITS.mergeDuplicatesMax): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive whole number, not ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface KeepSuggestion {
  id: string;
  /** Why this one, in words for the dialog. */
  why: string;
}

/**
 * Which thread to keep: the most reported one (its reports and followers are already there),
 * else the oldest (it was reported first, so its conversation usually has the most context).
 * Ties go to the open thread, then the older one, so the suggestion is stable.
 */
export function suggestKeep(threads: readonly MergeThread[], now: number): KeepSuggestion | null {
  if (threads.length === 0) return null;
  const age = (t: MergeThread) => t.createdAt ?? Number.POSITIVE_INFINITY;
  const byAge = [...threads].sort(
    (a, b) => (age(a) === age(b) ? 0 : age(a) < age(b) ? -1 : 1) || a.id.localeCompare(b.id),
  );
  const oldest = byAge[0]!;
  const mostReports = Math.max(...threads.map((t) => t.reportCount));
  if (mostReports > 0) {
    const top = byAge.filter((t) => t.reportCount === mostReports);
    const pick = top.find((t) => t.status === 'open') ?? top[0]!;
    const alsoOldest = pick.id === oldest.id ? ', and it is the oldest' : '';
    return {
      id: pick.id,
      why: `Most reported: ${plural(mostReports, 'duplicate', 'duplicates')} already merged into it${alsoOldest}.`,
    };
  }
  const pick = byAge.find((t) => t.status === 'open' && t.createdAt === oldest.createdAt) ?? oldest;
  return {
    id: pick.id,
    why: `Oldest: reported first, on ${formatShortDate(pick.createdAt, now)}, so its conversation has the most history.`,
  };
}

interface MergePreview {
  duplicates: number;
  requests: number;
  reportsBefore: number;
  /** Each duplicate counts once, and the duplicates already merged into it move along. */
  reportsAfter: number;
}

export function previewMerge(kept: MergeThread, duplicates: readonly MergeThread[]): MergePreview {
  const carried = duplicates.reduce((n, d) => n + d.reportCount, 0);
  return {
    duplicates: duplicates.length,
    requests: Math.ceil(duplicates.length / LIMITS.mergeDuplicatesMax),
    reportsBefore: kept.reportCount,
    reportsAfter: kept.reportCount + duplicates.length + carried,
  };
}
