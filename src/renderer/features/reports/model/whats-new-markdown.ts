import type { WhatsNewResponse } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';

import { formatDateTime } from '../../../format/relative-time.js';
import { PRESET_TEXT, type BriefingPreset } from './briefing-presets.js';
import { blocks, cite, escapeInline, isoDate, table, tableCell } from './markdown.js';
import { quotedConversation, quotedMessage, threadLine } from './message-markdown.js';
import type { ThreadDetail } from './new-thread-details.js';
import { windowText } from './time-window.js';
import { briefingSections, moreRepliesText, type BriefingSectionKey } from './whats-new-model.js';
import { formatCount } from '../../../format/counts.js';

interface WhatsNewExport {
  projectName: string;
  generatedAt: number;
  preset: BriefingPreset;
  data: WhatsNewResponse;
  /** Who opened each new thread and when, where it could be read. */
  details: ReadonlyMap<string, ThreadDetail>;
}

const by = (verb: string, name: string | null) =>
  name ? `${verb} by ${escapeInline(name)}` : `${verb} (who is not recorded)`;

/** Every row of a section, whatever the screen shows: the export is the whole briefing. */
function sectionRows(key: BriefingSectionKey, b: WhatsNewResponse, details: ReadonlyMap<string, ThreadDetail>): string {
  switch (key) {
    case 'newThreads':
      return table(
        ['Thread', 'Status', 'Type', 'Page', 'Opened by', 'Opened', 'ID'],
        b.newThreads.map((t) => {
          const d = details.get(t.id);
          return [
            tableCell(t.line || '(no text)'),
            tableCell(t.status === null ? 'Status not given' : statusLabel(t.status)),
            tableCell(typeLabel(t.type)),
            tableCell(t.page),
            tableCell(d?.author || '–'),
            d ? isoDate(d.createdAt) : '–',
            cite(t.id),
          ];
        }),
      );
    case 'newReplies':
      return b.newReplies
        .map((t) => {
          const more = moreRepliesText(t.omittedReplies);
          return blocks(
            `- ${threadLine(t)}`,
            quotedConversation(t.replies, 0, '  '),
            more && `  *${more} in this window, not quoted here.*`,
          );
        })
        .join('\n\n');
    case 'resolved':
      return b.resolved.map((t) => `- ${threadLine(t)} — ${by('resolved', t.resolvedBy)}`).join('\n');
    case 'deferred':
      return b.deferred.map((t) => `- ${threadLine(t)} — ${by('deferred', t.deferredBy)}`).join('\n');
    case 'assignedToYou':
      return b.assignedToYou.map((t) => `- ${threadLine(t)} — ${by('assigned to you', t.assignedBy)}`).join('\n');
    case 'mentionsYou':
      return b.mentionsYou
        .map((m) =>
          blocks(
            `- ${m.thread ? threadLine(m.thread) : `${cite(m.threadId)} (a thread this briefing could not read)`}`,
            quotedMessage(m.mention, '  '),
          ),
        )
        .join('\n\n');
  }
}

/** The briefing on screen, all of it, for the person's notes or the team channel. */
export function whatsNewMarkdown({ projectName, generatedAt, preset, data, details }: WhatsNewExport): string {
  const w = windowText(data.since, data.until);
  const atLeast = data.capped ? 'at least ' : '';
  return `${blocks(
    `# What’s new: ${escapeInline(projectName)}`,
    `${PRESET_TEXT[preset].heading}: from ${w.from} to ${w.to} (${w.length}). Exported from Triage Desk on ${formatDateTime(generatedAt)}. Threads are cited by ID.`,
    data.firstBriefing &&
      `This was the first briefing for this project, so it covers the last ${LIMITS.whatsNewFirstLookbackDays} days.`,
    data.capped &&
      `> This project has more threads than the service reads for a briefing (the ${formatCount(LIMITS.scanLimit)} most recent), so counts are minimums.`,
    ...briefingSections(data).map((s) =>
      blocks(
        `## ${s.title} (${atLeast}${formatCount(s.count)}${s.detail ? ` ${s.detail}` : ''})`,
        s.rows === 0 ? s.empty : sectionRows(s.key, data, details),
      ),
    ),
  )}\n`;
}
