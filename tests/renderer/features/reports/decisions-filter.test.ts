import { describe, expect, it } from 'vitest';
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
} from '../../../../src/renderer/features/reports/model/decisions-filter.js';
import { DAY, decision, message, T0 } from './fixtures.js';

describe('decision log search and filters', () => {
  const log = [
    decision('d1', {
      line: 'Checkout button is grey',
      outcome: 'resolved',
      decidedBy: 'Ada',
      type: 'bug',
      decidedAt: T0,
    }),
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
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, outcome: 'deferred' }).map((d) => d.id)).toEqual([
      'd2',
      'd3',
    ]);
    expect(filterDecisions(log, { ...EMPTY_DECISION_QUERY, person: NOBODY }).map((d) => d.id)).toEqual(['d2']);
    expect(
      filterDecisions(log, { ...EMPTY_DECISION_QUERY, person: 'Ada', outcome: 'deferred' }).map((d) => d.id),
    ).toEqual(['d3']);
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
    expect(queryText({ text: ' logo ', outcome: 'deferred', person: 'Ada', type: UNCLASSIFIED })).toBe(
      'matching “logo”, deferred, decided by Ada, unclassified',
    );
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
});
