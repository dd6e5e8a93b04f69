import { z } from 'zod';
import { loose, Message, Millis, ProjectRef, Row, Status } from './common.js';

const count = z.number().int();
const StatusRow = Row.extend({ status: Status });

// ---- GET /whats-new --------------------------------------------------------------
export const WhatsNewResponse = loose({
  project: ProjectRef,
  since: Millis,
  until: Millis,
  firstBriefing: z.boolean(),
  capped: z.boolean(),
  counts: loose({
    newThreads: count,
    newReplies: count,
    threadsWithNewReplies: count,
    resolved: count,
    deferred: count,
    assignedToYou: count,
    mentionsYou: count,
  }),
  newThreads: z.array(StatusRow),
  newReplies: z.array(StatusRow.extend({ replies: z.array(Message), omittedReplies: count })),
  resolved: z.array(Row.extend({ resolvedBy: z.string().nullable() })),
  deferred: z.array(Row.extend({ deferredBy: z.string().nullable() })),
  assignedToYou: z.array(Row.extend({ assignedBy: z.string().nullable() })),
  mentionsYou: z.array(loose({ threadId: z.string(), thread: Row.nullable(), mention: Message })),
});
export type WhatsNewResponse = z.infer<typeof WhatsNewResponse>;

// ---- GET /review -----------------------------------------------------------------
const Page = loose({ total: count, nextOffset: count.nullable() });
const ReviewResolvedRow = Row.extend({
  resolvedAt: Millis,
  resolvedBy: z.string().nullable(),
  lastWord: Message.nullable(),
});
const ReviewDeferredRow = Row.extend({
  deferredAt: Millis,
  deferredBy: z.string().nullable(),
  reason: Message.nullable(),
});
const ReviewOpenRow = Row.extend({ ageDays: count, assignee: z.string().nullable() });
const ReviewDiscussion = Row.extend({
  status: Status,
  opening: Message,
  omittedReplies: count,
  replies: z.array(Message),
});

export const ReviewResponse = loose({
  project: ProjectRef,
  section: z.string().nullable(),
  offset: count,
  capped: z.boolean(),
  counts: loose({
    threads: count,
    resolved: count,
    deferred: count,
    open: count,
    replies: count,
    people: count,
    mergedDuplicates: count,
    retyped: count,
  }),
  span: loose({ days: count, firstAt: Millis.nullable(), lastAt: Millis.nullable() }),
  byType: z.array(loose({ key: z.string(), total: count, resolved: count, deferred: count, open: count })).optional(),
  byPage: z.array(loose({ key: z.string(), total: count, open: count })).optional(),
  people: z.array(loose({ name: z.string(), threads: count, replies: count })).optional(),
  resolved: z.array(ReviewResolvedRow).optional(),
  deferred: z.array(ReviewDeferredRow).optional(),
  open: z.array(ReviewOpenRow).optional(),
  discussions: z.array(ReviewDiscussion).optional(),
  pages: loose({ resolved: Page, deferred: Page, open: Page, discussions: Page }),
});
export type ReviewResponse = z.infer<typeof ReviewResponse>;

// ---- GET /decisions --------------------------------------------------------------
export const Decision = Row.extend({
  outcome: z.enum(['resolved', 'deferred']),
  decidedAt: Millis,
  decidedBy: z.string().nullable(),
  question: Message,
  omittedReplies: count,
  conversation: z.array(Message),
});
export type Decision = z.infer<typeof Decision>;

export const DecisionsResponse = loose({
  project: ProjectRef,
  capped: z.boolean(),
  rules: loose({ projectContext: z.string(), workspaceInstructions: z.string().optional() }),
  decided: count,
  offset: count,
  nextOffset: count.nullable(),
  decisions: z.array(Decision),
  corrections: z.array(loose({ id: z.string(), from: z.string().nullable(), to: z.string(), line: z.string() })),
  recurring: z.array(loose({ where: z.string(), resolved: count })),
});
export type DecisionsResponse = z.infer<typeof DecisionsResponse>;

// ---- GET /source -----------------------------------------------------------------
export const HotspotFile = loose({
  file: z.string(),
  open: count,
  deferred: count,
  resolved: count,
  components: z.array(z.string()),
});
export type HotspotFile = z.infer<typeof HotspotFile>;

export const SourceResponse = loose({
  project: ProjectRef,
  mode: z.enum(['hotspots', 'matches']),
  coverage: loose({ threads: count, stamped: count }),
  totalFiles: count.optional(),
  files: z.array(HotspotFile).optional(),
  query: loose({ file: z.string().nullable(), component: z.string().nullable(), line: count.nullable() }).optional(),
  matched: count.optional(),
  summary: loose({ open: count, deferred: count, resolved: count }).optional(),
  items: z.array(StatusRow).optional(),
});
export type SourceResponse = z.infer<typeof SourceResponse>;

// ---- POST /similar ---------------------------------------------------------------
export const SimilarCandidate = StatusRow.extend({ score: z.number().min(0).max(1), reasons: z.array(z.string()) });
export type SimilarCandidate = z.infer<typeof SimilarCandidate>;

export const SimilarResponse = loose({
  project: ProjectRef,
  subject: loose({ id: z.string() }).nullable(),
  compared: count,
  candidates: z.array(SimilarCandidate),
});
export type SimilarResponse = z.infer<typeof SimilarResponse>;
