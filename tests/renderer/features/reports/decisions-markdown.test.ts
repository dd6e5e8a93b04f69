import { describe, expect, it } from 'vitest';
import { decisionsMarkdown } from '../../../../src/renderer/features/reports/model/decisions-markdown.js';
import { DAY, decision, decisionsPage, message, pageExport, T0 } from './fixtures.js';

describe('decision log Markdown', () => {
  it('cites every decision and every corrected thread as a link to the thread', () => {
    const page = decisionsPage(40, 15, 15);
    const md = decisionsMarkdown({ projectName: 'Checkout', generatedAt: T0, ...pageExport(page) });
    for (const d of page.decisions) expect(md).toContain(`[\`${d.id}\`](<triage-desk://item/${d.id}>)`);
    expect(md).toContain('[`cor-1`](<triage-desk://item/cor-1>)');
    expect(md).toContain('decisions 16–30 of 40');
    expect(md).toContain('### 16. [`dec-15`](<triage-desk://item/dec-15>)');
  });

  it('says when it holds every decision', () => {
    const md = decisionsMarkdown({ projectName: 'Checkout', generatedAt: T0, ...pageExport(decisionsPage(3, 0, 15)) });
    expect(md).toContain('every decision (3)');
  });

  it('quotes the question and the conversation, counting replies left out', () => {
    const page = decisionsPage(1, 0, 15, {
      decisions: [
        decision('dec-0', {
          outcome: 'deferred',
          decidedBy: null,
          omittedReplies: 2,
          conversation: [message('Not now | later', { author: 'Bo', via: 'claude' })],
        }),
      ],
    });
    const md = decisionsMarkdown({ projectName: 'Checkout', generatedAt: T0, ...pageExport(page) });
    expect(md).toContain('**Deferred** on');
    expect(md).toContain('> Question of dec-0');
    expect(md).toContain('*2 earlier replies not shown.*');
    expect(md).toContain('> Bo via claude,');
    expect(md).toContain('> Not now \\| later');
  });

  it('lists the rules learned apart from the written context', () => {
    const md = decisionsMarkdown({ projectName: 'Checkout', generatedAt: T0, ...pageExport(decisionsPage(1, 0, 15)) });
    expect(md).toContain('- Payment failures are bugs. (added by Olivia Owner, 2026-03-26)');
    expect(md).toContain('### Project context\n\n> The checkout flow.');
    expect(md).toContain('### Workspace instructions\n\n> Reply before resolving.');
    expect(md).toContain('| /checkout | 4 |');
  });

  it('says so when there is nothing to list', () => {
    const page = decisionsPage(0, 0, 15, {
      corrections: [],
      recurring: [],
      rules: { projectContext: '', workspaceInstructions: null },
    });
    const md = decisionsMarkdown({ projectName: 'Checkout', generatedAt: T0, ...pageExport(page) });
    expect(md).toContain('No decisions in this range.');
    expect(md).toContain('No type was corrected by hand.');
    expect(md).toContain('No rules saved yet.');
    expect(md).not.toContain('### Project context');
  });

  it('exports the matches on screen, saying what they match', () => {
    const deferred = [
      decision('d2', {
        line: 'Pricing copy',
        page: '/pricing',
        outcome: 'deferred',
        decidedBy: null,
        type: null,
        decidedAt: T0 - DAY,
        question: message('Is the Café price right?'),
      }),
      decision('d3', {
        line: 'Logo',
        outcome: 'deferred',
        decidedBy: 'Ada',
        type: 'design',
        decidedAt: T0 - 3 * DAY,
        conversation: [message('We keep the CHECKOUT logo')],
      }),
    ];
    const page = decisionsPage(3, 0, 15);
    const md = decisionsMarkdown({
      projectName: 'Web',
      generatedAt: T0,
      shown: { offset: 0, rows: deferred, total: 2 },
      patterns: page,
      capped: page.capped,
      filter: 'deferred',
    });
    expect(md).toContain('This export holds every one of the decisions deferred (2), newest first.');
    expect(md).toContain('`d2`');
    expect(
      decisionsMarkdown({ projectName: 'Web', generatedAt: T0, ...pageExport(decisionsPage(3, 0, 15)) }),
    ).toContain('This export holds every decision (3)');
  });
});
