import type { WhatsNewResponse } from '#shared/reader/index.js';
import { plural, threadCount } from '../../../format/counts.js';

/**
 * The briefing's sections in reading order, each with its count and what to say when it
 * is empty. Components render rows per section; this keeps titles and counts in one place.
 */
export type BriefingSectionKey =
  'newThreads' | 'newReplies' | 'resolved' | 'deferred' | 'assignedToYou' | 'mentionsYou';

export interface BriefingSectionMeta {
  key: BriefingSectionKey;
  title: string;
  /** Rows in the list (threads for replies). */
  rows: number;
  /** The headline number next to the title: replies for new replies, rows otherwise. */
  count: number;
  /** Extra words after the count, e.g. "in 12 threads". */
  detail: string | null;
  empty: string;
}

export function briefingSections(b: WhatsNewResponse): BriefingSectionMeta[] {
  const c = b.counts;
  return [
    {
      key: 'assignedToYou',
      title: 'Assigned to you',
      rows: b.assignedToYou.length,
      count: c.assignedToYou,
      detail: null,
      empty: 'Nothing was assigned to you.',
    },
    {
      key: 'mentionsYou',
      title: 'Mentions of you',
      rows: b.mentionsYou.length,
      count: c.mentionsYou,
      detail: null,
      empty: 'Nobody mentioned you.',
    },
    {
      key: 'newThreads',
      title: 'New threads',
      rows: b.newThreads.length,
      count: c.newThreads,
      detail: null,
      empty: 'No new threads.',
    },
    {
      key: 'newReplies',
      title: 'New replies',
      rows: b.newReplies.length,
      count: c.newReplies,
      detail: `in ${threadCount(c.threadsWithNewReplies)}`,
      empty: 'No new replies.',
    },
    {
      key: 'resolved',
      title: 'Resolved',
      rows: b.resolved.length,
      count: c.resolved,
      detail: null,
      empty: 'Nothing was resolved.',
    },
    {
      key: 'deferred',
      title: 'Deferred',
      rows: b.deferred.length,
      count: c.deferred,
      detail: null,
      empty: 'Nothing was deferred.',
    },
  ];
}

/** True when the whole window was quiet: one sentence instead of six empty sections. */
export const briefingIsEmpty = (b: WhatsNewResponse): boolean =>
  briefingSections(b).every((s) => s.count === 0 && s.rows === 0);

/** "+3 more" for replies the briefing counted but did not quote. */
export function moreRepliesText(omitted: number): string | null {
  return omitted > 0 ? `+${plural(omitted, 'more reply', 'more replies')}` : null;
}
