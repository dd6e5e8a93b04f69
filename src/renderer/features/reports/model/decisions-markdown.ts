import type { Decision, DecisionsResponse } from '#shared/reader/index.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';

import { formatDateTime } from '../../../format/relative-time.js';
import { blockQuote, blocks, cite, escapeInline, isoDate, table, tableCell } from './markdown.js';
import { quotedConversation, quotedMessage } from './message-markdown.js';
import { rangeText } from './paging.js';
import { splitProjectContext } from './project-context.js';
import { LIMITS } from '#shared/api/limits.js';
import { formatCount } from '../../../format/counts.js';

/** The decisions on screen, numbered from `offset` among `total`: the log's, or a search's matches. */
export interface ShownDecisions {
  offset: number;
  rows: readonly Decision[];
  total: number;
}

/** What the log teaches beside its decisions; every page of the log carries the same. */
export type DecisionPatterns = Pick<DecisionsResponse, 'corrections' | 'recurring' | 'rules'>;

export interface DecisionsExport {
  projectName: string;
  generatedAt: number;
  shown: ShownDecisions;
  patterns: DecisionPatterns;
  /** The service read only the most recent threads for the log, so older decisions are missing. */
  capped: boolean;
  /** The search and filters in words ("matching “checkout”, deferred") when the log was filtered. */
  filter?: string | null;
}

function decisionBlock(d: Decision, index: number): string {
  const by = d.decidedBy ? ` by ${escapeInline(d.decidedBy)}` : '';
  return blocks(
    `### ${index}. ${cite(d.id)} ${escapeInline(d.line)}`,
    `**${d.outcome === null ? 'Outcome not given' : statusLabel(d.outcome)}**${by} on ${isoDate(d.decidedAt)}. Type: ${escapeInline(typeLabel(d.type))}. Page: ${escapeInline(d.page)}.`,
    `**Question**\n\n${quotedMessage(d.question)}`,
    d.conversation.length > 0 || d.omittedReplies > 0
      ? `**Conversation**\n\n${quotedConversation(d.conversation, d.omittedReplies)}`
      : null,
  );
}

function rulesBlock(rules: DecisionsResponse['rules']): string {
  const { written, rules: learned } = splitProjectContext(rules.projectContext);
  return blocks(
    '## Rules learned',
    learned.length === 0
      ? 'No rules saved yet.'
      : learned
          .map(
            (r) =>
              `- ${escapeInline(r.text)}${r.addedBy ? ` (added by ${escapeInline(r.addedBy)}${r.addedOn ? `, ${r.addedOn}` : ''})` : ''}`,
          )
          .join('\n'),
    written && `### Project context\n\n${blockQuote(written)}`,
    rules.workspaceInstructions && `### Workspace instructions\n\n${blockQuote(rules.workspaceInstructions)}`,
  );
}

/** The decision log page on screen, for the weekly meeting: every thread cited by ID. */
export function decisionsMarkdown({
  projectName,
  generatedAt,
  shown,
  patterns,
  capped,
  filter = null,
}: DecisionsExport): string {
  const range = rangeText(shown.offset, shown.rows.length, shown.total);
  const noun = filter ? `decisions ${escapeInline(filter)}` : 'decisions';
  const more =
    shown.total > shown.rows.length
      ? `This export holds ${noun} ${range}, newest first. Page through the log in Triage Desk to export the others.`
      : `This export holds every ${filter ? `one of the ${noun}` : 'decision'} (${formatCount(shown.total)}), newest first.`;
  return `${blocks(
    `# Decision log: ${escapeInline(projectName)}`,
    `Exported from Triage Desk on ${formatDateTime(generatedAt)}. A decision is a thread resolved or deferred after a discussion. ${more}`,
    capped &&
      `> This project has more threads than the service reads for a report (the ${formatCount(LIMITS.scanLimit)} most recent), so older decisions are missing.`,
    '## Decisions',
    shown.rows.length === 0
      ? 'No decisions in this range.'
      : shown.rows.map((d, i) => decisionBlock(d, shown.offset + i + 1)).join('\n\n'),
    '## Types corrected by hand',
    patterns.corrections.length === 0
      ? 'No type was corrected by hand.'
      : table(
          ['Thread', 'Summary', 'From', 'To'],
          patterns.corrections.map((c) => [
            cite(c.id),
            tableCell(c.line),
            tableCell(c.from ? typeLabel(c.from) : 'Unclassified'),
            tableCell(typeLabel(c.to)),
          ]),
        ),
    '## Where outcomes recur',
    patterns.recurring.length === 0
      ? 'No page or file has two or more resolved threads.'
      : table(
          ['Page or file', 'Resolved threads'],
          patterns.recurring.map((r) => [tableCell(r.where), formatCount(r.resolved)]),
        ),
    rulesBlock(patterns.rules),
  )}\n`;
}
