import { describe, expect, it } from 'vitest';
import type { ItemRow, SourceResponse, WhatsNewResponse } from '../../../src/shared/reader/index.js';
import { stackOrder } from '../../../src/renderer/features/reports/components/StackedBars.js';
import { readLastBriefed, saveLastBriefed } from '../../../src/renderer/features/reports/model/briefing-memory.js';
import { briefingSince, nextLastBriefed, presetHelp } from '../../../src/renderer/features/reports/model/briefing-presets.js';
import {
  decisionFacets,
  decisionFilterOptions,
  decisionMatches,
  EMPTY_DECISION_QUERY,
  endOfLocalDay,
  filterDecisions,
  isFiltering,
  jumpDateProblem,
  NOBODY,
  offsetForDate,
  pageCount,
  parsePageNumber,
  queryText,
  UNCLASSIFIED,
} from '../../../src/renderer/features/reports/model/decisions-filter.js';
import { decisionsMarkdown } from '../../../src/renderer/features/reports/model/decisions-markdown.js';
import { exportFileName, REPORT_NOUN } from '../../../src/renderer/features/reports/model/export-name.js';
import { hotspotsMarkdown } from '../../../src/renderer/features/reports/model/hotspots-markdown.js';
import { detailsOf, planDetailQueries } from '../../../src/renderer/features/reports/model/new-thread-details.js';
import { localPage, remainingRows, showingText } from '../../../src/renderer/features/reports/model/paging.js';
import { whatsNewMarkdown } from '../../../src/renderer/features/reports/model/whats-new-markdown.js';
import { readProjectTimes } from '../../../src/renderer/stores/local-json.js';
import { DAY, decision, decisionsPage, message, pageExport, row, T0 } from './fixtures.js';

function memory() {
  const map = new Map<string, string>();
  return { map, storage: { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) } };
}

describe('briefing presets', () => {
  const now = new Date(2026, 2, 10, 15).getTime();

  it('since my last briefing: the remembered end, or the service bookmark when nothing was read here', () => {
    expect(briefingSince('last-briefing', { now, lastBriefedUntil: null, date: '' })).toEqual({ since: undefined, problem: null });
    expect(briefingSince('last-briefing', { now, lastBriefedUntil: 1234, date: '' })).toEqual({ since: 1234, problem: null });
    expect(presetHelp('last-briefing', null)).toMatch(/not read a briefing of this project here yet/);
    expect(presetHelp('last-briefing', new Date(2026, 2, 9, 8, 5).getTime())).toBe('From 9 Mar 2026, 08:05, where the last briefing you read here ended.');
  });

  it('last 7 days and since a date; bad and future dates are refused in words', () => {
    expect(briefingSince('last-days', { now, lastBriefedUntil: 5, date: '' })).toEqual({ since: now - 7 * DAY, problem: null });
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-03-01' })).toEqual({ since: new Date(2026, 2, 1).getTime(), problem: null });
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-02-31' }).problem).toMatch(/not a date/);
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: '2026-03-11' }).problem).toMatch(/in the future/);
    expect(briefingSince('date', { now, lastBriefedUntil: null, date: ' ' }).problem).toMatch(/Choose the date/);
  });

  it('what was read never moves back, and a lean answer without until counts as read up to now', () => {
    expect(nextLastBriefed(null, 50, 60)).toBe(50);
    expect(nextLastBriefed(80, 50, 60)).toBe(80);
    expect(nextLastBriefed(10, null, 60)).toBe(60);
  });

  it('remembers per connection and project, beside other projects, and survives junk in storage', () => {
    const { map, storage } = memory();
    saveLastBriefed('c1', 'p1', 100, storage);
    saveLastBriefed('c1', 'p2', 200, storage);
    saveLastBriefed('c2', 'p1', 300, storage);
    expect(readLastBriefed('c1', 'p1', storage)).toBe(100);
    expect(readLastBriefed('c1', 'p2', storage)).toBe(200);
    expect(readLastBriefed('c2', 'p1', storage)).toBe(300);
    expect(readLastBriefed('c2', 'p9', storage)).toBeNull();
    map.set('triage-desk:reports:briefed:c3', '{"p1":"soon","p2":7,"p3":null}');
    expect(readProjectTimes('triage-desk:reports:briefed:c3', storage)).toEqual({ p2: 7 });
    map.set('triage-desk:reports:briefed:c4', 'not json');
    expect(readLastBriefed('c4', 'p1', storage)).toBeNull();
    expect(readLastBriefed('c1', 'p1', null)).toBeNull();
  });
});

describe('who opened the new threads', () => {
  const item = (id: string, author: string, createdAt: number): ItemRow =>
    ({ id, author, createdAt, page: '/', type: null, status: 'open', excerpt: '', excerptSource: null, reportCount: 0, agentTask: null, assignee: null, assigneeId: null, replyCount: 0 }) as ItemRow;

  it('asks one list request when the new threads fit, else one per status, never more than 200 rows each', () => {
    expect(planDetailQueries([])).toEqual([]);
    expect(planDetailQueries(Array.from({ length: 74 }, () => ({ status: 'open' })))).toEqual([{ limit: 74 }]);
    const many = [...Array.from({ length: 250 }, () => ({ status: 'open' })), ...Array.from({ length: 24 }, () => ({ status: 'resolved' })), { status: null }];
    expect(planDetailQueries(many)).toEqual([
      { status: 'open', limit: 200 },
      { status: 'resolved', limit: 24 },
    ]);
  });

  it('keeps only the wanted threads, the first answer winning', () => {
    const found = detailsOf([[item('a', 'Ada', 1), item('x', 'Xavier', 2)], [item('a', 'Other', 9), item('b', 'Bo', 3)]], new Set(['a', 'b', 'c']));
    expect([...found]).toEqual([
      ['a', { author: 'Ada', createdAt: 1 }],
      ['b', { author: 'Bo', createdAt: 3 }],
    ]);
  });
});

describe('local pages of a briefing section', () => {
  it('shows a window of the rows with the same words as the service-paged lists', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    const first = localPage(rows, 25);
    expect(first.rows).toHaveLength(25);
    expect(remainingRows(first)).toBe(35);
    expect(showingText(first.rows.length, first.total, first.nextOffset === null)).toBe('Showing 25 of 60');
    const all = localPage(rows, Number.MAX_SAFE_INTEGER);
    expect(all.nextOffset).toBeNull();
    expect(showingText(all.rows.length, all.total, true)).toBe('Showing all 60');
    expect(localPage(rows, -3).rows).toEqual([]);
  });
});

describe('decision log search and filters', () => {
  const log = [
    decision('d1', { line: 'Checkout button is grey', outcome: 'resolved', decidedBy: 'Ada', type: 'bug', decidedAt: T0 }),
    decision('d2', { line: 'Pricing copy', page: '/pricing', outcome: 'deferred', decidedBy: null, type: null, decidedAt: T0 - DAY, question: message('Is the Café price right?') }),
    decision('d3', { line: 'Logo', outcome: 'deferred', decidedBy: 'Ada', type: 'design', decidedAt: T0 - 3 * DAY, conversation: [message('We keep the CHECKOUT logo')] }),
  ];

  it('finds every word in the title, question or conversation, ignoring case and accents', () => {
    const q = (text: string) => ({ ...EMPTY_DECISION_QUERY, text });
    expect(filterDecisions(log, q('checkout')).map((d) => d.id)).toEqual(['d1', 'd3']);
    expect(filterDecisions(log, q('cafe price')).map((d) => d.id)).toEqual(['d2']);
    expect(filterDecisions(log, q('checkout grey')).map((d) => d.id)).toEqual(['d1']);
    expect(filterDecisions(log, q('/pricing')).map((d) => d.id)).toEqual(['d2']);
    expect(filterDecisions(log, q('   ')).map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
    expect(isFiltering(q('   '))).toBe(false);
  });

  it('filters by outcome, by who decided (or nobody recorded) and by type (or unclassified)', () => {
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, outcome: 'deferred' }).map((d) => d.id)).toEqual(['d2', 'd3']);
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, person: NOBODY }).map((d) => d.id)).toEqual(['d2']);
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, person: 'Ada', outcome: 'deferred' }).map((d) => d.id)).toEqual(['d3']);
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, type: UNCLASSIFIED }).map((d) => d.id)).toEqual(['d2']);
    expect(decisionMatches(log[0]!, { ...EMPTY_DECISION_QUERY, type: 'design' })).toBe(false);
  });

  it('offers only the values the log holds, most frequent first, and says the filters in words', () => {
    const o = decisionFilterOptions(log);
    expect(o.person).toEqual([
      { value: 'Ada', label: 'Ada', count: 2 },
      { value: NOBODY, label: 'Not recorded', count: 1 },
    ]);
    expect(o.type.map((t) => t.label)).toEqual(['Bug', 'Design', 'Unclassified']);
    expect(o.outcome.map((t) => t.label)).toEqual(['Deferred', 'Resolved']);
    expect(queryText({ text: ' logo ', outcome: 'deferred', person: 'Ada', type: UNCLASSIFIED })).toBe('matching “logo”, deferred, decided by Ada, unclassified');
  });

  it('counts each person and type over what the other filters keep, and keeps the chosen one offered at 0', () => {
    expect(decisionFacets(log, EMPTY_DECISION_QUERY).person).toEqual(decisionFilterOptions(log).person);
    const deferred = decisionFacets(log, { ...EMPTY_DECISION_QUERY, outcome: 'deferred' });
    expect(deferred.person.map((o) => [o.value, o.count])).toEqual([
      ['Ada', 1],
      [NOBODY, 1],
    ]);
    expect(deferred.type.map((o) => [o.label, o.count])).toEqual([
      ['Design', 1],
      ['Unclassified', 1],
    ]);
    // The person's own choice does not narrow the person list; it narrows the types.
    const ada = decisionFacets(log, { ...EMPTY_DECISION_QUERY, person: 'Ada', outcome: 'resolved' });
    expect(ada.person.map((o) => [o.value, o.count])).toEqual([['Ada', 1]]);
    expect(ada.type.map((o) => [o.label, o.count])).toEqual([['Bug', 1]]);
    const gone = decisionFacets(log, { ...EMPTY_DECISION_QUERY, type: 'bug', outcome: 'deferred' });
    expect(gone.type.map((o) => [o.label, o.count])).toEqual([
      ['Design', 1],
      ['Unclassified', 1],
      ['Bug', 0],
    ]);
  });

  it('jumps to a page number or to the first decision made on or before a day', () => {
    expect(pageCount(1089, 15)).toBe(73);
    expect(pageCount(0, 15)).toBe(1);
    expect(parsePageNumber('3', 73)).toEqual({ page: 3, problem: null });
    expect(parsePageNumber('74', 73).problem).toBe('Type a page number from 1 to 73.');
    expect(parsePageNumber('2.5', 73).problem).toBe('Type a page number from 1 to 73.');
    expect(endOfLocalDay('2026-03-09')).toBe(new Date(2026, 2, 10).getTime());
    expect(endOfLocalDay('2026-13-01')).toBeNull();
    expect(jumpDateProblem('')).toBe('Choose the date to jump to.');
    expect(jumpDateProblem('yesterday')).toMatch(/not a date/);
    const d = new Date(T0);
    const dayBefore = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
    const text = `${dayBefore.getFullYear()}-${String(dayBefore.getMonth() + 1).padStart(2, '0')}-${String(dayBefore.getDate()).padStart(2, '0')}`;
    expect(offsetForDate(log, endOfLocalDay(text)!)).toBe(1);
    expect(offsetForDate(log, 0)).toBe(3);
  });

  it('exports the matches on screen, saying what they match', () => {
    const page = decisionsPage(3, 0, 15);
    const md = decisionsMarkdown({ projectName: 'Web', generatedAt: T0, shown: { offset: 0, rows: [log[1]!, log[2]!], total: 2 }, patterns: page, capped: page.capped, filter: 'deferred' });
    expect(md).toContain('This export holds every one of the decisions deferred (2), newest first.');
    expect(md).toContain('`d2`');
    expect(decisionsMarkdown({ projectName: 'Web', generatedAt: T0, ...pageExport(decisionsPage(3, 0, 15)) })).toContain('This export holds every decision (3)');
  });
});

describe('exports of the briefing and the hotspots', () => {
  it('names the new reports in file names and sentences', () => {
    expect(exportFileName('Checkout app', 'whats-new', 'md', T0)).toMatch(/^checkout-app-whats-new-\d{4}-\d{2}-\d{2}\.md$/);
    expect(exportFileName('Checkout app', 'hotspots', 'pdf', T0)).toMatch(/^checkout-app-hotspots-.*\.pdf$/);
    expect(REPORT_NOUN['whats-new']).toBe('briefing');
  });

  it('the briefing export holds every row, titles escaped, with who and when where known', () => {
    const b: WhatsNewResponse = {
      project: { id: 'p', name: 'Web' },
      since: T0 - 7 * DAY,
      until: T0,
      firstBriefing: true,
      capped: false,
      counts: { newThreads: 30, newReplies: 1, threadsWithNewReplies: 1, resolved: 0, deferred: 0, assignedToYou: 0, mentionsYou: 0 },
      newThreads: Array.from({ length: 30 }, (_, i) => ({ ...row(`n${i}`, { line: i === 0 ? '# Price | tax *bold*' : `Line ${i}` }), status: 'open' as const })),
      newReplies: [{ ...row('r1'), status: 'open' as const, replies: [message('Agreed')], omittedReplies: 2 }],
      resolved: [],
      deferred: [],
      assignedToYou: [],
      mentionsYou: [],
    };
    const md = whatsNewMarkdown({ projectName: 'Web', generatedAt: T0, preset: 'last-days', data: b, details: new Map([['n0', { author: 'Ada Lovelace', createdAt: T0 }]]) });
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

  it('the hotspots export lists every file and the chosen file’s threads with its filters', () => {
    const hotspots = { project: { id: 'p', name: 'Web' }, mode: 'hotspots', coverage: { threads: 10, stamped: 8 }, totalFiles: 2, files: [{ file: 'src/a|b.tsx', open: 2, deferred: 1, resolved: 0, components: ['A'] }, { file: 'src/c.tsx', open: 0, deferred: 0, resolved: 3, components: [] }], query: null, matched: null, summary: null, items: undefined } as SourceResponse;
    const matches = { ...hotspots, mode: 'matches', files: undefined, matched: 3, summary: { open: 2, deferred: 1, resolved: 0 }, items: [{ ...row('t1', { source: { file: 'src/a|b.tsx', line: 12 } }), status: 'open' }] } as SourceResponse;
    const md = hotspotsMarkdown({ projectName: 'Web', generatedAt: T0, hotspots, selected: { file: hotspots.files![0]!, query: { line: '12', component: '', status: 'open' }, matches } });
    expect(md).toContain('8 of 10 threads are stamped (80%) across 2 files');
    expect(md).toContain('| `src/c.tsx` | 0 | 0 | 3 | – |');
    expect(md).toContain('## Threads of `src/a|b.tsx`');
    expect(md).toContain('Filtered: nearest line 12 first, open only.');
    expect(md).toContain('| Line of t1 | Open | 12 | Bug | /checkout | [`t1`](<triage-desk://item/t1>) |');
    expect(md).toContain('*2 more threads match; narrow the filters in Triage Desk to list them.*');
    expect(hotspotsMarkdown({ projectName: 'Web', generatedAt: T0, hotspots, selected: null })).not.toContain('## Threads of');
  });
});

describe('chart tooltips follow the stack', () => {
  const series = [
    { key: 'open', name: 'Open', color: '' },
    { key: 'deferred', name: 'Deferred', color: '' },
    { key: 'resolved', name: 'Resolved', color: '' },
  ] as const;
  it('lists the top segment first in columns and the left one first in rows', () => {
    expect(stackOrder(series, 'columns')).toEqual(['resolved', 'deferred', 'open']);
    expect(stackOrder(series, 'rows')).toEqual(['open', 'deferred', 'resolved']);
    // The series themselves are left as they were (the legend reads them in order).
    expect(series.map((s) => s.key)).toEqual(['open', 'deferred', 'resolved']);
  });
});
