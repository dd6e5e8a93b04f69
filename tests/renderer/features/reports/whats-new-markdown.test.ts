import { describe, expect, it } from 'vitest';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import { whatsNewMarkdown } from '../../../../src/renderer/features/reports/model/whats-new-markdown.js';
import { DAY, message, row, T0 } from './fixtures.js';

describe('briefing Markdown', () => {
  it('the briefing export holds every row, titles escaped, with who and when where known', () => {
    const b: WhatsNewResponse = {
      project: { id: 'p', name: 'Web' },
      since: T0 - 7 * DAY,
      until: T0,
      firstBriefing: true,
      capped: false,
      counts: {
        newThreads: 30,
        newReplies: 1,
        threadsWithNewReplies: 1,
        resolved: 0,
        deferred: 0,
        assignedToYou: 0,
        mentionsYou: 0,
      },
      newThreads: Array.from({ length: 30 }, (_, i) => ({
        ...row(`n${i}`, { line: i === 0 ? '# Price | tax *bold*' : `Line ${i}` }),
        status: 'open' as const,
      })),
      newReplies: [{ ...row('r1'), status: 'open' as const, replies: [message('Agreed')], omittedReplies: 2 }],
      resolved: [],
      deferred: [],
      assignedToYou: [],
      mentionsYou: [],
    };
    const md = whatsNewMarkdown({
      projectName: 'Web',
      generatedAt: T0,
      preset: 'last-days',
      data: b,
      details: new Map([['n0', { author: 'Ada Lovelace', createdAt: T0 }]]),
    });
    expect(md).toContain('# What’s new: Web');
    expect(md).toContain('The last 7 days: from');
    expect(md).toContain('This was the first briefing for this project');
    expect(md).toContain('## New threads (30)');
    for (let i = 0; i < 30; i++) expect(md).toContain(`[\`n${i}\`](<triage-desk://item/n${i}>)`);
    expect(md).toContain('| \\# Price \\| tax \\*bold\\* | Open | Bug | /checkout | Ada Lovelace |');
    expect(md).toContain('| Line 1 | Open | Bug | /checkout | – | – | [`n1`](<triage-desk://item/n1>) |');
    expect(md).toContain('+2 more replies in this window');
    expect(md).toContain('## Resolved (0)\n\nNothing was resolved.');
  });
});
