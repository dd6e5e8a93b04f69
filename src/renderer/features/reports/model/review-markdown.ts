import type { ReviewResponse } from '#shared/reader/index.js';
import type { ReviewSection } from '#shared/api/requests.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';

import { formatDateTime } from '../../../format/relative-time.js';
import { blocks, cite, escapeInline, isoDate, table, tableCell } from './markdown.js';
import { quotedConversation, quotedMessage, threadLine } from './message-markdown.js';
import { showingText, type PagedList } from './paging.js';
import { REVIEW_SECTION_KEYS, SECTION_META, sectionShown, spanDays, topText, type ReviewRow } from './review-model.js';
import { LIMITS } from '#shared/api/limits.js';
import { formatCount, plural } from '../../../format/counts.js';

export interface ReviewExport {
  projectName: string;
  generatedAt: number;
  overview: ReviewResponse;
  sections: { [S in ReviewSection]: PagedList<ReviewRow<S>> };
}

const who = (name: string | null) => (name ? ` by ${escapeInline(name)}` : '');

function overviewBlock(o: ReviewResponse): string {
  const c = o.counts;
  const atLeast = o.capped ? 'at least ' : '';
  const span =
    o.span.firstAt !== null && o.span.lastAt !== null
      ? ` (${isoDate(o.span.firstAt)} to ${isoDate(o.span.lastAt)})`
      : '';
  return [
    '## Overview',
    '',
    `- Threads: ${atLeast}${formatCount(c.threads)} (${formatCount(c.open)} open, ${formatCount(c.deferred)} deferred, ${formatCount(c.resolved)} resolved)`,
    `- Replies: ${formatCount(c.replies)}; people taking part: ${formatCount(c.people)}`,
    `- Duplicates merged: ${formatCount(c.mergedDuplicates)}; threads retyped by hand: ${formatCount(c.retyped)}`,
    `- Span: ${spanDays(o.span)}${span}`,
  ].join('\n');
}

function breakdownBlocks(o: ReviewResponse): string {
  const types = o.byType ?? [];
  const pages = o.byPage ?? [];
  const people = o.people ?? [];
  return blocks(
    types.length > 0 &&
      `## Threads by type\n\n${table(
        ['Type', 'Open', 'Deferred', 'Resolved', 'Total'],
        types.map((t) => [
          tableCell(typeLabel(t.key)),
          formatCount(t.open),
          formatCount(t.deferred),
          formatCount(t.resolved),
          formatCount(t.total),
        ]),
      )}`,
    pages.length > 0 &&
      `## Busiest pages\n\n${table(
        ['Page', 'Open', 'Total'],
        pages.map((p) => [tableCell(p.key), formatCount(p.open), formatCount(p.total)]),
      )}`,
    people.length > 0 &&
      `## Participants\n\n${table(
        ['Person', 'Threads started', 'Replies'],
        people.map((p) => [tableCell(p.name), formatCount(p.threads), formatCount(p.replies)]),
      )}`,
  );
}

function sectionHeading<S extends ReviewSection>(section: S, list: PagedList<ReviewRow<S>>): string {
  const showing = showingText(list.rows.length, list.total, list.nextOffset === null);
  return `## ${SECTION_META[section].title} (${showing.charAt(0).toLowerCase()}${showing.slice(1)})`;
}

/** Says what the export leaves out, so a partial list is never read as the whole. */
function notIncluded(list: PagedList<unknown>, noun: string): string | null {
  const missing = list.total - list.rows.length;
  if (list.nextOffset === null || missing <= 0) return null;
  return `*${formatCount(missing)} more ${noun} are not in this export: choose “Show more” in Triage Desk to include them.*`;
}

const ROW_RENDERERS: { [S in ReviewSection]: (row: ReviewRow<S>) => string } = {
  resolved: (r) => {
    const head = `- ${threadLine(r)} — resolved${who(r.resolvedBy)} on ${isoDate(r.resolvedAt)}`;
    return r.lastWord ? `${head}\n\n${quotedMessage(r.lastWord, '  ')}` : head;
  },
  deferred: (r) => {
    const head = `- ${threadLine(r)} — deferred${who(r.deferredBy)} on ${isoDate(r.deferredAt)}`;
    return r.reason ? `${head}\n\n${quotedMessage(r.reason, '  ')}` : `${head}\n\n  *No reason written.*`;
  },
  open: (r) =>
    `- ${threadLine(r)} — open ${r.ageDays === null ? 'for an unknown time' : plural(r.ageDays, 'day', 'days')}, ${r.assignee ? `assigned to ${escapeInline(r.assignee)}` : 'unassigned'}`,
  discussions: (r) =>
    blocks(
      `### ${cite(r.id)} ${escapeInline(r.line)}`,
      `${plural(r.replyCount, 'reply', 'replies')}, now ${statusLabel(r.status).toLowerCase()}.`,
      quotedMessage(r.opening),
      quotedConversation(r.replies, r.omittedReplies),
    ),
};

function sectionBlock<S extends ReviewSection>(section: S, whole: PagedList<ReviewRow<S>>): string {
  const render = ROW_RENDERERS[section];
  const { list, topOf } = sectionShown(section, whole);
  const rows =
    list.rows.length === 0
      ? SECTION_META[section].empty
      : list.rows.map((r) => render(r)).join(section === 'open' ? '\n' : '\n\n');
  const heading = topOf === null ? sectionHeading(section, list) : `## ${SECTION_META[section].title}`;
  return blocks(
    heading,
    topOf !== null && list.rows.length > 0 && `*${topText(list.rows.length, topOf)}*`,
    rows,
    notIncluded(list, SECTION_META[section].noun),
  );
}

/** The project review for the weekly meeting, as on screen: every thread shown is cited by ID. */
export function reviewMarkdown(r: ReviewExport): string {
  const capped = r.overview.capped
    ? `> This project has more threads than the service reads for a report (the ${formatCount(LIMITS.scanLimit)} most recent), so counts are minimums.`
    : null;
  const sections = REVIEW_SECTION_KEYS.map((s) => sectionBlock(s, r.sections[s] as PagedList<ReviewRow<typeof s>>));
  return `${blocks(
    `# Project review: ${escapeInline(r.projectName)}`,
    `Exported from Triage Desk on ${formatDateTime(r.generatedAt)}. Threads are cited by ID.`,
    capped,
    overviewBlock(r.overview),
    breakdownBlocks(r.overview),
    ...sections,
  )}\n`;
}
