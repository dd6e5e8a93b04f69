import { describe, expect, it } from 'vitest';
import { firstPage } from '../../../../src/renderer/features/reports/model/paging.js';
import { reviewMarkdown, type ReviewExport } from '../../../../src/renderer/features/reports/model/review-markdown.js';
import type { ReviewRow } from '../../../../src/renderer/features/reports/model/review-model.js';
import { deferredRow, discussionRow, message, openRow, resolvedRow, reviewOverview, T0 } from './fixtures.js';

function exportOf(overrides: Partial<ReviewExport['sections']> = {}, capped = false): ReviewExport {
  const overview = reviewOverview({ resolved: 3, deferred: 2, open: 2, discussions: 1 }, { capped });
  const list = <S extends keyof ReviewExport['sections']>(s: S, rows: ReviewRow<S>[], total = rows.length) =>
    firstPage(rows, { total, nextOffset: rows.length < total ? rows.length : null });
  return {
    projectName: 'Checkout *app*',
    generatedAt: T0,
    overview,
    sections: {
      resolved: list('resolved', [
        resolvedRow('r1'),
        resolvedRow('r2', { lastWord: null, resolvedBy: null }),
        resolvedRow('r3'),
      ]),
      deferred: list('deferred', [deferredRow('d1'), deferredRow('d2', { reason: null })]),
      open: list('open', [openRow('o1', { assignee: 'Grace | Hopper' }), openRow('o2', { ageDays: 1 })]),
      discussions: list('discussions', [discussionRow('x1', { omittedReplies: 7 })]),
      ...overrides,
    },
  };
}

/** The IDs the document links to, as `[`id`](<triage-desk://item/id>)`. */
const ids = (md: string) =>
  new Set(
    [...md.matchAll(/\[`([a-z0-9-]+)`\]\(<triage-desk:\/\/item\/([a-z0-9-]+)>\)/g)]
      .filter((m) => m[1] === m[2])
      .map((m) => m[1]),
  );

describe('review Markdown', () => {
  it('cites every thread on screen as a link to the thread', () => {
    const r = exportOf();
    const md = reviewMarkdown(r);
    const cited = ids(md);
    for (const section of Object.values(r.sections))
      for (const row of section.rows) expect(cited.has(row.id)).toBe(true);
  });

  it('says how many of each section it holds and what it leaves out', () => {
    const many = Array.from({ length: 25 }, (_, i) => resolvedRow(`r${i}`));
    const md = reviewMarkdown(exportOf({ resolved: firstPage(many, { total: 151, nextOffset: 25 }) }));
    expect(md).toContain('## Resolved (showing 25 of 151)');
    expect(md).toContain('126 more resolved threads are not in this export');
    expect(md).toContain('## Deferred (showing all 2)');
    expect(md).not.toContain('more deferred threads are not in this export');
  });

  it('writes the counts, the breakdowns as tables, and the capped warning', () => {
    const md = reviewMarkdown(exportOf({}, true));
    expect(md).toContain('# Project review: Checkout \\*app\\*');
    expect(md).toContain('- Threads: at least 100 (2 open, 2 deferred, 3 resolved)');
    expect(md).toContain('| Copy change | 15 | 5 | 20 | 40 |');
    expect(md).toContain('| /checkout | 30 | 70 |');
    expect(md).toContain('counts are minimums');
  });

  it('quotes the last word, the reason or says none was written', () => {
    const md = reviewMarkdown(exportOf());
    expect(md).toContain('> Fixed r1.');
    expect(md).toContain('resolved on'); // r2 has no resolver recorded
    expect(md).toContain('*No reason written.*');
    expect(md).toContain('*7 earlier replies not shown.*');
    expect(md).toContain('assigned to Grace \\| Hopper');
    expect(md).toContain('open 1 day, unassigned');
  });

  it('keeps hostile text from restyling the document', () => {
    const evil = resolvedRow('r9', {
      line: '# Heading | pipe <script>',
      lastWord: message('- not a list\n## nor a heading'),
    });
    const md = reviewMarkdown(exportOf({ resolved: firstPage([evil], { total: 1, nextOffset: null }) }));
    expect(md).not.toMatch(/^#+ Heading/m);
    expect(md).not.toContain('<script>');
    expect(md).toContain('> \\## nor a heading');
    expect(md).toContain('> \\- not a list');
  });

  it('lists the longest discussions as a top ten, saying of how many, with nothing to load', () => {
    const many = Array.from({ length: 25 }, (_, i) => discussionRow(`x${i}`));
    const md = reviewMarkdown(exportOf({ discussions: firstPage(many, { total: 1658, nextOffset: 5 }) }));
    expect(md).toContain('## Longest discussions\n\n*The 10 longest of 1,658 threads with replies.*');
    const cited = ids(md);
    for (let i = 0; i < 25; i++) expect(cited.has(`x${i}`), `x${i}`).toBe(i < 10);
    expect(md).not.toContain('more discussions are not in this export');
  });
});
