import { z } from 'zod';
import {
  remember,
  rowsOf,
  count,
  countOrNull,
  flag,
  id,
  list,
  openEnum,
  or,
  section,
  text,
  textOrNull,
  texts,
  time,
  type Open,
} from './tolerant.js';
import { readStatus } from './resources.js';

/** Readers of the report answers (response-shapes.md); see resources.ts for the rules. */

// ---- Shared pieces ---------------------------------------------------------------
export const Row = z.object({
  id,
  line: text(),
  lineSource: textOrNull(),
  type: textOrNull(),
  typeLabel: textOrNull(),
  page: text(),
  replyCount: count(),
  reportCount: count(),
  source: section(z.object({ file: z.string().min(1), line: countOrNull() }), 'source'),
});
export type Row = z.output<typeof Row>;

export const Message = z.object({
  author: text(),
  via: textOrNull(),
  /** null: unknown date (the live service answers 0 or null). */
  at: time(),
  text: text(),
});
export type Message = z.output<typeof Message>;

const ProjectRef = section(z.object({ id, name: text() }), 'project');
const StatusRow = Row.extend({ status: readStatus() });
const person = () => textOrNull();
const quote = (part: string) => section(Message, part);

// ---- GET /whats-new --------------------------------------------------------------
const NewReply = StatusRow.extend({ replies: list(Message, 'reply'), omittedReplies: count() });
const ResolvedRow = Row.extend({ resolvedBy: person() });
const DeferredRow = Row.extend({ deferredBy: person() });
const AssignedRow = Row.extend({ assignedBy: person() });
const Mention = z.object({ threadId: id, thread: section(Row, 'thread'), mention: quote('mention') });

const WHATS_NEW_COUNTS = [
  'newThreads',
  'newReplies',
  'threadsWithNewReplies',
  'resolved',
  'deferred',
  'assignedToYou',
  'mentionsYou',
] as const;
type WhatsNewCount = (typeof WHATS_NEW_COUNTS)[number];

export const WhatsNewResponse = z
  .object({
    project: ProjectRef,
    since: time(),
    until: time(),
    firstBriefing: flag(false),
    capped: flag(false),
    counts: z.object(
      Object.fromEntries(WHATS_NEW_COUNTS.map((k) => [k, countOrNull()])) as Record<
        WhatsNewCount,
        ReturnType<typeof countOrNull>
      >,
    ),
    newThreads: list(StatusRow, 'new thread'),
    newReplies: list(NewReply, 'thread with new replies'),
    resolved: list(ResolvedRow, 'resolved thread'),
    deferred: list(DeferredRow, 'deferred thread'),
    assignedToYou: list(AssignedRow, 'thread assigned to you'),
    mentionsYou: list(Mention, 'mention'),
  })
  .transform((r) => {
    // A count the service left out is at least what its list shows.
    const shown: Record<WhatsNewCount, number> = {
      newThreads: r.newThreads.length,
      newReplies: r.newReplies.reduce((n, t) => n + t.replies.length + t.omittedReplies, 0),
      threadsWithNewReplies: r.newReplies.length,
      resolved: r.resolved.length,
      deferred: r.deferred.length,
      assignedToYou: r.assignedToYou.length,
      mentionsYou: r.mentionsYou.length,
    };
    const filled = Object.fromEntries(WHATS_NEW_COUNTS.map((k) => [k, r.counts[k] ?? shown[k]])) as Record<
      WhatsNewCount,
      number
    >;
    return { ...r, counts: filled };
  });
export type WhatsNewResponse = z.output<typeof WhatsNewResponse>;

// ---- GET /review -----------------------------------------------------------------
const Page = z.object({ total: countOrNull(), nextOffset: countOrNull() });
const ReviewResolvedRow = Row.extend({ resolvedAt: time(), resolvedBy: person(), lastWord: quote('last word') });
const ReviewDeferredRow = Row.extend({ deferredAt: time(), deferredBy: person(), reason: quote('reason') });
const ReviewOpenRow = Row.extend({ ageDays: countOrNull(), assignee: person() });
const ReviewDiscussion = StatusRow.extend({
  opening: quote('opening message'),
  omittedReplies: count(),
  replies: list(Message, 'reply'),
});
type ReviewResolvedRow = z.output<typeof ReviewResolvedRow>;
type ReviewDeferredRow = z.output<typeof ReviewDeferredRow>;
type ReviewOpenRow = z.output<typeof ReviewOpenRow>;
type ReviewDiscussion = z.output<typeof ReviewDiscussion>;

/** A list only some answers carry (the overview's breakdowns): absent stays undefined. */
function optionalList<S extends z.ZodType>(row: S, part: string) {
  const rows = list(row, part);
  const schema = z
    .unknown()
    .optional()
    .transform((v): z.output<S>[] | undefined => (v === undefined || v === null ? undefined : rows.parse(v)));
  return remember(schema, row, true);
}

const Breakdown = <S extends z.ZodRawShape>(shape: S) => z.object({ key: z.string(), ...shape });

const ReviewPages = z.object({ resolved: Page, deferred: Page, open: Page, discussions: Page }).partial();

export const ReviewResponse = z
  .object({
    project: ProjectRef,
    section: textOrNull(),
    offset: count(),
    capped: flag(false),
    counts: z.object({
      threads: count(),
      resolved: count(),
      deferred: count(),
      open: count(),
      replies: count(),
      people: count(),
      mergedDuplicates: count(),
      retyped: count(),
    }),
    span: or(z.object({ days: count(), firstAt: time(), lastAt: time() }), { days: 0, firstAt: null, lastAt: null }),
    byType: optionalList(
      Breakdown({ total: count(), resolved: count(), deferred: count(), open: count() }),
      'type breakdown',
    ),
    byPage: optionalList(Breakdown({ total: count(), open: count() }), 'page breakdown'),
    people: optionalList(z.object({ name: z.string(), threads: count(), replies: count() }), 'person'),
    resolved: optionalList(ReviewResolvedRow, 'resolved thread'),
    deferred: optionalList(ReviewDeferredRow, 'deferred thread'),
    open: optionalList(ReviewOpenRow, 'open thread'),
    discussions: optionalList(ReviewDiscussion, 'discussion'),
    pages: or(ReviewPages, {} as z.output<typeof ReviewPages>),
  })
  .transform((r) => {
    // A missing page record reads as "this page is all there is", so paging stops instead of looping.
    const page = (key: 'resolved' | 'deferred' | 'open' | 'discussions', fallbackTotal: number) => ({
      total: r.pages[key]?.total ?? fallbackTotal,
      nextOffset: r.pages[key]?.nextOffset ?? null,
    });
    return {
      ...r,
      pages: {
        resolved: page('resolved', r.counts.resolved),
        deferred: page('deferred', r.counts.deferred),
        open: page('open', r.counts.open),
        discussions: page('discussions', r.discussions?.length ?? 0),
      },
    };
  });
export type ReviewResponse = z.output<typeof ReviewResponse>;

// ---- GET /decisions --------------------------------------------------------------
export const Decision = Row.extend({
  outcome: openEnum(['resolved', 'deferred'] as const, null),
  decidedAt: time(),
  decidedBy: person(),
  question: quote('question'),
  omittedReplies: count(),
  conversation: list(Message, 'message'),
});
export type Decision = z.output<typeof Decision>;

export const DecisionsResponse = z
  .object({
    project: ProjectRef,
    capped: flag(false),
    rules: or(z.object({ projectContext: textOrNull(), workspaceInstructions: textOrNull() }), {
      projectContext: null,
      workspaceInstructions: null,
    }),
    decided: countOrNull(),
    offset: count(),
    nextOffset: countOrNull(),
    decisions: rowsOf(Decision, 'decision'),
    corrections: list(z.object({ id, from: textOrNull(), to: textOrNull(), line: text() }), 'type correction'),
    recurring: list(z.object({ where: z.string(), resolved: count() }), 'recurring place'),
  })
  .transform((r) => ({ ...r, decided: r.decided ?? r.offset + r.decisions.length }));
export type DecisionsResponse = z.output<typeof DecisionsResponse>;

// ---- GET /source -----------------------------------------------------------------
export const HotspotFile = z.object({
  file: z.string().min(1),
  open: count(),
  deferred: count(),
  resolved: count(),
  components: texts(),
});
export type HotspotFile = z.output<typeof HotspotFile>;

type SourceModeValue = Open<'hotspots' | 'matches'>;
export const SourceResponse = z
  .object({
    project: ProjectRef,
    mode: openEnum(['hotspots', 'matches'] as const, null),
    coverage: or(z.object({ threads: count(), stamped: count() }), null),
    totalFiles: countOrNull(),
    files: optionalList(HotspotFile, 'file'),
    query: or(z.object({ file: textOrNull(), component: textOrNull(), line: countOrNull() }), null),
    matched: countOrNull(),
    summary: or(z.object({ open: count(), deferred: count(), resolved: count() }), null),
    items: optionalList(StatusRow, 'thread'),
  })
  .refine((r) => r.mode !== null || r.files !== undefined || r.items !== undefined, {
    error: 'neither files nor items',
  })
  .transform((r) => ({ ...r, mode: (r.mode ?? (r.items !== undefined ? 'matches' : 'hotspots')) as SourceModeValue }));
export type SourceResponse = z.output<typeof SourceResponse>;

// ---- POST /similar ---------------------------------------------------------------
export const SimilarCandidate = StatusRow.extend({ score: count(), reasons: texts() });
export type SimilarCandidate = z.output<typeof SimilarCandidate>;

export const SimilarResponse = z.object({
  project: ProjectRef,
  subject: or(z.object({ id }), null),
  compared: countOrNull(),
  candidates: rowsOf(SimilarCandidate, 'candidate'),
});
export type SimilarResponse = z.output<typeof SimilarResponse>;
