import { describe, expect, it } from 'vitest';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import { exportFileName } from '../../../../src/renderer/features/reports/model/export-name.js';
import { coverageText, fileSummaryText, hotspotRows, noHotspotsText, parseLine } from '../../../../src/renderer/features/reports/model/hotspots-model.js';
import { splitProjectContext } from '../../../../src/renderer/features/reports/model/project-context.js';
import { cutNote, pageChartRows, peopleChartRows, statusChartRows, typeChartRows } from '../../../../src/renderer/features/reports/model/review-model.js';
import { ruleBlockedReason, rulePermission } from '../../../../src/renderer/features/reports/model/rule-permission.js';
import { dateInputValue, durationText, localMidnight, sinceDateProblem } from '../../../../src/renderer/features/reports/model/time-window.js';
import { briefingIsEmpty, briefingSections, moreRepliesText } from '../../../../src/renderer/features/reports/model/whats-new-model.js';
import { message, reviewOverview, row, T0 } from './fixtures.js';

function briefing(overrides: Partial<WhatsNewResponse> = {}): WhatsNewResponse {
  return {
    project: { id: 'p1', name: 'Checkout' },
    since: T0 - 7 * 86_400_000,
    until: T0,
    firstBriefing: false,
    capped: false,
    counts: { newThreads: 0, newReplies: 0, threadsWithNewReplies: 0, resolved: 0, deferred: 0, assignedToYou: 0, mentionsYou: 0 },
    newThreads: [],
    newReplies: [],
    resolved: [],
    deferred: [],
    assignedToYou: [],
    mentionsYou: [],
    ...overrides,
  };
}

describe('briefing view model', () => {
  it('orders sections with what concerns you first, counts from the service', () => {
    const b = briefing({
      counts: { newThreads: 1, newReplies: 7, threadsWithNewReplies: 2, resolved: 0, deferred: 0, assignedToYou: 1, mentionsYou: 0 },
      newThreads: [{ ...row('n1'), status: 'open' }],
      newReplies: [
        { ...row('r1'), status: 'open', replies: [message('hi')], omittedReplies: 5 },
        { ...row('r2'), status: 'open', replies: [message('yo')], omittedReplies: 0 },
      ],
      assignedToYou: [{ ...row('a1'), assignedBy: 'Ada' }],
    });
    const sections = briefingSections(b);
    expect(sections.map((s) => s.key)).toEqual(['assignedToYou', 'mentionsYou', 'newThreads', 'newReplies', 'resolved', 'deferred']);
    expect(sections.find((s) => s.key === 'newReplies')).toMatchObject({ count: 7, rows: 2, detail: 'in 2 threads' });
    expect(sections.find((s) => s.key === 'mentionsYou')).toMatchObject({ count: 0, rows: 0, empty: 'Nobody mentioned you.' });
    expect(briefingIsEmpty(b)).toBe(false);
    expect(briefingIsEmpty(briefing())).toBe(true);
  });

  it('counts replies left out of the quote', () => {
    expect(moreRepliesText(0)).toBeNull();
    expect(moreRepliesText(1)).toBe('+1 more reply');
    expect(moreRepliesText(4)).toBe('+4 more replies');
  });
});

describe('time windows', () => {
  it('reads a date box as local midnight and refuses impossible or future dates', () => {
    expect(localMidnight('2026-03-01')).toBe(new Date(2026, 2, 1).getTime());
    expect(localMidnight('2026-02-31')).toBeNull();
    expect(localMidnight('yesterday')).toBeNull();
    const now = new Date(2026, 2, 10, 12).getTime();
    expect(sinceDateProblem('', now)).toMatch(/Choose the date/);
    expect(sinceDateProblem('2026-13-01', now)).toMatch(/not a date/);
    expect(sinceDateProblem('2026-03-11', now)).toMatch(/future/);
    expect(sinceDateProblem('2026-03-10', now)).toBeNull();
    expect(dateInputValue(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });

  it('words how long a window is', () => {
    expect(durationText(20_000)).toBe('less than a minute');
    expect(durationText(60_000)).toBe('1 minute');
    expect(durationText(5 * 3_600_000)).toBe('about 5 hours');
    expect(durationText(7 * 86_400_000)).toBe('7 days');
  });
});

describe('review charts', () => {
  const o = reviewOverview({ resolved: 30, deferred: 10, open: 20, discussions: 5 });
  it('draws the numbers the service gave', () => {
    expect(typeChartRows(o.byType)).toEqual([
      { key: 'bug', label: 'Bug', open: 20, deferred: 10, resolved: 30, total: 60 },
      { key: 'copy-change', label: 'Copy change', open: 15, deferred: 5, resolved: 20, total: 40 },
    ]);
    expect(statusChartRows(o.counts)).toEqual([
      { label: 'Open', value: 20 },
      { label: 'Deferred', value: 10 },
      { label: 'Resolved', value: 30 },
    ]);
    expect(pageChartRows(o.byPage)).toEqual([
      { label: '/checkout', open: 30, closed: 40, total: 70 },
      { label: '/cart', open: 5, closed: 25, total: 30 },
    ]);
    expect(peopleChartRows(o.people)).toEqual([{ label: 'Ada Lovelace', threads: 10, replies: 20 }]);
    expect(typeChartRows(undefined)).toEqual([]);
  });

  it('says when a chart shows only the busiest entries', () => {
    expect(pageChartRows(Array.from({ length: 14 }, (_, i) => ({ key: `/p${i}`, total: 1, open: 0 }))).length).toBe(10);
    expect(cutNote(10, 14, 'pages')).toBe('The 10 busiest of 14 pages.');
    expect(cutNote(7, 7, 'pages')).toBeNull();
  });
});

describe('hotspots', () => {
  it('ranks as given and names files shortly, with the folder when names clash', () => {
    const rows = hotspotRows([
      { file: 'src/ui/Card.tsx', open: 3, deferred: 1, resolved: 9, components: ['Card'] },
      { file: 'src/checkout/Card.tsx', open: 2, deferred: 0, resolved: 1, components: [] },
      { file: 'src/ui/Button.tsx', open: 1, deferred: 0, resolved: 0, components: ['Button'] },
    ]);
    expect(rows.map((r) => [r.label, r.pending])).toEqual([
      ['ui/Card.tsx', 4],
      ['checkout/Card.tsx', 2],
      ['Button.tsx', 1],
    ]);
  });

  it('words coverage and the empty cases', () => {
    expect(coverageText({ threads: 300, stamped: 150 })).toBe('150 of 300 threads are stamped (50%)');
    expect(coverageText({ threads: 1, stamped: 1 })).toBe('1 of 1 thread is stamped (100%)');
    expect(noHotspotsText({ threads: 0, stamped: 0 })).toMatch(/no threads/);
    expect(noHotspotsText({ threads: 9, stamped: 0 })).toMatch(/build stamping tool/);
    expect(noHotspotsText({ threads: 9, stamped: 1 })).toBeNull();
    expect(fileSummaryText({ open: 29, deferred: 5, resolved: 38 })).toBe('72 threads: 29 open, 5 deferred, 38 resolved');
  });

  it('takes a whole line number from 1', () => {
    expect(parseLine('')).toEqual({ line: null, problem: null });
    expect(parseLine(' 42 ')).toEqual({ line: 42, problem: null });
    expect(parseLine('0').problem).toMatch(/from 1/);
    expect(parseLine('4.5').problem).toMatch(/whole number/);
  });
});

describe('project context', () => {
  it('separates the rules learned from the written context', () => {
    const parts = splitProjectContext('Checkout flow.\n\nRules learned:\n- Bugs are bugs. (added by Olivia Owner, 2026-03-26)\n- A rule without a byline\n');
    expect(parts.written).toBe('Checkout flow.');
    expect(parts.rules).toEqual([
      { text: 'Bugs are bugs.', addedBy: 'Olivia Owner', addedOn: '2026-03-26' },
      { text: 'A rule without a byline', addedBy: null, addedOn: null },
    ]);
    expect(splitProjectContext('Only context.')).toEqual({ written: 'Only context.', rules: [] });
    expect(splitProjectContext('Rules learned:\n- One. (added by A, 2026-01-01)').written).toBe('');
  });
});

describe('who may save rules', () => {
  const workspaces = [
    { id: 'w1', role: 'owner' as const, available: true },
    { id: 'w2', role: 'collaborator' as const, available: true },
    { id: 'w3', role: 'admin' as const, available: false },
  ];
  const projects = [
    { id: 'p1', workspace: { id: 'w1' } },
    { id: 'p2', workspace: { id: 'w2' } },
  ];
  it('follows the role in the workspace that holds the project', () => {
    expect(rulePermission(workspaces, projects, 'p1')).toEqual({ kind: 'allowed', role: 'owner' });
    expect(rulePermission(workspaces, projects, 'p2')).toEqual({ kind: 'denied', role: 'collaborator' });
    expect(rulePermission(workspaces, projects, 'p9').kind).toBe('unknown');
    // One usable workspace: that one, even without the project list.
    expect(rulePermission([{ id: 'w', role: 'admin', available: true }], null, 'p1')).toEqual({ kind: 'allowed', role: 'admin' });
  });

  it('says why in words', () => {
    expect(ruleBlockedReason({ kind: 'allowed', role: 'owner' })).toBeNull();
    expect(ruleBlockedReason({ kind: 'denied', role: 'collaborator' })).toBe('Only workspace owners and admins can save rules; you are a collaborator.');
    expect(ruleBlockedReason({ kind: 'denied', role: 'reviewer' })).toBe('Only workspace owners and admins can save rules; you are a reviewer.');
    expect(ruleBlockedReason({ kind: 'denied', role: null })).toMatch(/service says your role/);
    expect(ruleBlockedReason({ kind: 'checking' })).toMatch(/Checking/);
  });
});

describe('export names', () => {
  it('names the project, the report and the day', () => {
    const now = new Date(2026, 2, 12, 9).getTime();
    expect(exportFileName('Checkout app', 'review', 'md', now)).toBe('checkout-app-review-2026-03-12.md');
    expect(exportFileName('Café / Brand — 2026!', 'decision-log', 'pdf', now)).toBe('cafe-brand-2026-decision-log-2026-03-12.pdf');
    expect(exportFileName('***', 'review', 'md', now)).toBe('project-review-2026-03-12.md');
  });
});
