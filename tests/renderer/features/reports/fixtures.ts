import type { Message, Row } from '#shared/reader/index.js';
import type { Decision, DecisionsResponse, ReviewResponse } from '#shared/reader/index.js';
import type { ReviewSection } from '#shared/api/requests.js';
import type { ReviewRow } from '../../../../src/renderer/features/reports/model/review-model.js';
import type { DecisionsExport } from '../../../../src/renderer/features/reports/model/decisions-markdown.js';

/** Report fixtures shaped like the reference service's answers; overrides set what a test cares about. */
export const DAY = 86_400_000;
export const T0 = Date.UTC(2026, 2, 10, 12, 0, 0);

export function message(text: string, overrides: Partial<Message> = {}): Message {
  return { author: 'Ada Lovelace', via: null, at: T0, text, ...overrides };
}

export function row(id: string, overrides: Partial<Row> = {}): Row {
  return {
    id,
    line: `Line of ${id}`,
    lineSource: 'message',
    type: 'bug',
    typeLabel: null,
    page: '/checkout',
    replyCount: 2,
    reportCount: 0,
    source: null,
    ...overrides,
  };
}

export const resolvedRow = (id: string, overrides: Partial<ReviewRow<'resolved'>> = {}): ReviewRow<'resolved'> => ({
  ...row(id),
  resolvedAt: T0,
  resolvedBy: 'Grace Hopper',
  lastWord: message(`Fixed ${id}.`),
  ...overrides,
});
export const deferredRow = (id: string, overrides: Partial<ReviewRow<'deferred'>> = {}): ReviewRow<'deferred'> => ({
  ...row(id),
  deferredAt: T0,
  deferredBy: 'Grace Hopper',
  reason: message('Later.'),
  ...overrides,
});
export const openRow = (id: string, overrides: Partial<ReviewRow<'open'>> = {}): ReviewRow<'open'> => ({
  ...row(id),
  ageDays: 3,
  assignee: null,
  ...overrides,
});
export const discussionRow = (
  id: string,
  overrides: Partial<ReviewRow<'discussions'>> = {},
): ReviewRow<'discussions'> => ({
  ...row(id),
  status: 'open',
  opening: message(`Opening of ${id}`),
  omittedReplies: 0,
  replies: [message('First reply'), message('Second reply')],
  ...overrides,
});

const BUILDERS: { [S in ReviewSection]: (id: string) => ReviewRow<S> } = {
  resolved: (id) => resolvedRow(id),
  deferred: (id) => deferredRow(id),
  open: (id) => openRow(id),
  discussions: (id) => discussionRow(id),
};

/** `n` rows of a section with IDs prefix-0, prefix-1, … */
export function sectionRows<S extends ReviewSection>(
  section: S,
  n: number,
  from = 0,
  prefix: string = section,
): ReviewRow<S>[] {
  return Array.from({ length: n }, (_, i) => BUILDERS[section](`${prefix}-${from + i}`));
}

export function reviewOverview(
  totals: Record<ReviewSection, number>,
  overrides: Partial<ReviewResponse> = {},
): ReviewResponse {
  const first = <S extends ReviewSection>(s: S) => sectionRows(s, Math.min(25, totals[s]));
  const page = (s: ReviewSection) => ({ total: totals[s], nextOffset: totals[s] > 25 ? 25 : null });
  return {
    project: { id: 'p1', name: 'Checkout' },
    section: null,
    offset: 0,
    capped: false,
    counts: {
      threads: 100,
      resolved: totals.resolved,
      deferred: totals.deferred,
      open: totals.open,
      replies: 50,
      people: 4,
      mergedDuplicates: 2,
      retyped: 1,
    },
    span: { days: 30, firstAt: T0 - 30 * DAY, lastAt: T0 },
    byType: [
      { key: 'bug', total: 60, resolved: 30, deferred: 10, open: 20 },
      { key: 'copy-change', total: 40, resolved: 20, deferred: 5, open: 15 },
    ],
    byPage: [
      { key: '/checkout', total: 70, open: 30 },
      { key: '/cart', total: 30, open: 5 },
    ],
    people: [{ name: 'Ada Lovelace', threads: 10, replies: 20 }],
    resolved: first('resolved'),
    deferred: first('deferred'),
    open: first('open'),
    discussions: first('discussions'),
    pages: {
      resolved: page('resolved'),
      deferred: page('deferred'),
      open: page('open'),
      discussions: page('discussions'),
    },
    ...overrides,
  };
}

/** A `review?section=` answer: only that section's rows; the other sections report 0, as the service does. */
export function reviewSectionPage<S extends ReviewSection>(
  section: S,
  total: number,
  offset: number,
  size: number,
): ReviewResponse {
  const rows = sectionRows(section, Math.max(0, Math.min(size, total - offset)), offset);
  const base = reviewOverview({ resolved: 0, deferred: 0, open: 0, discussions: 0 });
  return {
    ...base,
    section,
    offset,
    byType: undefined,
    byPage: undefined,
    people: undefined,
    resolved: undefined,
    deferred: undefined,
    open: undefined,
    discussions: undefined,
    [section]: rows,
    pages: {
      resolved: { total: 999, nextOffset: 0 },
      deferred: { total: 999, nextOffset: 0 },
      open: { total: 999, nextOffset: 0 },
      discussions: { total: 999, nextOffset: 0 },
      [section]: { total, nextOffset: offset + size < total ? offset + size : null },
    },
  };
}

export function decision(id: string, overrides: Partial<Decision> = {}): Decision {
  return {
    ...row(id),
    outcome: 'resolved',
    decidedAt: T0,
    decidedBy: 'Grace Hopper',
    question: message(`Question of ${id}`),
    omittedReplies: 0,
    conversation: [message('We fixed it.')],
    ...overrides,
  };
}

export function decisionsPage(
  total: number,
  offset: number,
  limit: number,
  overrides: Partial<DecisionsResponse> = {},
): DecisionsResponse {
  const n = Math.max(0, Math.min(limit, total - offset));
  return {
    project: { id: 'p1', name: 'Checkout' },
    capped: false,
    rules: {
      projectContext:
        'The checkout flow.\n\nRules learned:\n- Payment failures are bugs. (added by Olivia Owner, 2026-03-26)\n- Copy questions are copy. (added by Adam Admin, 2026-08-23)',
      workspaceInstructions: 'Reply before resolving.',
    },
    decided: total,
    offset,
    nextOffset: offset + limit < total ? offset + limit : null,
    decisions: Array.from({ length: n }, (_, i) => decision(`dec-${offset + i}`)),
    corrections: [{ id: 'cor-1', from: 'bug', to: 'question', line: 'Is this final?' }],
    recurring: [{ where: '/checkout', resolved: 4 }],
    ...overrides,
  };
}

/** What the Decisions tab exports when it shows this page of the log (no search). */
export function pageExport(page: DecisionsResponse): Pick<DecisionsExport, 'shown' | 'patterns' | 'capped'> {
  return {
    shown: { offset: page.offset, rows: page.decisions, total: page.decided },
    patterns: page,
    capped: page.capped,
  };
}
