import type { ReviewResponse } from '#shared/reader/index.js';
import type { ReviewSection } from '#shared/api/requests.js';
import { typeLabel } from '../../../format/labels.js';
import { formatCount, plural } from '../../../format/counts.js';
import type { PagedList } from './paging.js';

/** Review sections in page order. Kept here (not the zod enum) so the renderer stays zod-free. */
export const REVIEW_SECTION_KEYS = [
  'resolved',
  'deferred',
  'open',
  'discussions',
] as const satisfies readonly ReviewSection[];

type Rows<S extends ReviewSection> = NonNullable<ReviewResponse[S]>;
export type ReviewRow<S extends ReviewSection> = Rows<S>[number];

interface SectionMeta {
  title: string;
  /** What is loading, for "Loading more resolved threads…". */
  noun: string;
  empty: string;
  /** Rows per page the service reads for a section (what "Show more" asks for when the rows in hand run out). */
  pageSize: number;
  /** A top list: only the first rows are shown and exported, with no paging (the longest discussions). */
  top?: number;
}

export const SECTION_META: Record<ReviewSection, SectionMeta> = {
  resolved: { title: 'Resolved', noun: 'resolved threads', empty: 'No thread is resolved yet.', pageSize: 100 },
  deferred: { title: 'Deferred', noun: 'deferred threads', empty: 'No thread is deferred.', pageSize: 100 },
  open: { title: 'Open, oldest first', noun: 'open threads', empty: 'No thread is open.', pageSize: 100 },
  discussions: {
    title: 'Longest discussions',
    noun: 'discussions',
    empty: 'No thread has replies yet.',
    pageSize: 5,
    top: 10,
  },
};

interface StatusBarRow {
  /** The type key as the service sent it (null: unclassified), for the workspace filter. */
  key: string | null;
  label: string;
  open: number;
  deferred: number;
  resolved: number;
  total: number;
}

export function typeChartRows(byType: ReviewResponse['byType']): StatusBarRow[] {
  return (byType ?? []).map((t) => ({
    key: t.key,
    label: typeLabel(t.key),
    open: t.open,
    deferred: t.deferred,
    resolved: t.resolved,
    total: t.total,
  }));
}

interface CountRow {
  label: string;
  value: number;
}

export function statusChartRows(counts: ReviewResponse['counts']): CountRow[] {
  return [
    { label: 'Open', value: counts.open },
    { label: 'Deferred', value: counts.deferred },
    { label: 'Resolved', value: counts.resolved },
  ];
}

interface PageBarRow {
  label: string;
  open: number;
  /** Threads on the page that are not open (deferred or resolved). */
  closed: number;
  total: number;
}

/** The busiest pages; the table alternative lists the same rows the chart draws. */
export function pageChartRows(byPage: ReviewResponse['byPage'], max = 10): PageBarRow[] {
  return (byPage ?? [])
    .slice(0, max)
    .map((p) => ({ label: p.key, open: p.open, closed: p.total - p.open, total: p.total }));
}

interface PersonBarRow {
  label: string;
  threads: number;
  replies: number;
}

export function peopleChartRows(people: ReviewResponse['people'], max = 12): PersonBarRow[] {
  return (people ?? []).slice(0, max).map((p) => ({ label: p.name, threads: p.threads, replies: p.replies }));
}

/** "The first thread is from 12 Mar 2025; the last activity 360 days later." as parts. */
export function spanDays(span: ReviewResponse['span']): string {
  if (span.firstAt === null) return 'No activity yet';
  return plural(span.days, 'day', 'days');
}

/** How many of a list the chart shows, when the chart is cut to its busiest entries. */
export function cutNote(shown: number, total: number, noun: string): string | null {
  return total > shown ? `The ${shown} busiest of ${total} ${noun}.` : null;
}

/**
 * A section as the review shows it: a top list keeps its first rows and nothing to page (a
 * list of every thread with a reply, 1,658 long, reads as nothing); `of` is the whole count.
 */
export function sectionShown<T>(
  section: ReviewSection,
  list: PagedList<T>,
): { list: PagedList<T>; topOf: number | null } {
  const top = SECTION_META[section].top;
  if (top === undefined) return { list, topOf: null };
  const rows = list.rows.slice(0, top);
  return { list: { rows, total: rows.length, nextOffset: null }, topOf: list.total };
}

/** "The 10 longest of 1,658 threads with replies." */
export function topText(shown: number, of: number): string {
  if (of <= shown)
    return of === 1 ? 'The only thread with replies.' : `All ${formatCount(of)} threads with replies, longest first.`;
  return `The ${formatCount(shown)} longest of ${formatCount(of)} threads with replies.`;
}
