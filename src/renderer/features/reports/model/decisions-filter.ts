import type { Decision } from '#shared/reader/index.js';
import { fold } from '../../../format/people-search.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';
import { localMidnight } from './time-window.js';

/**
 * Search and filters of the decision log. The service pages the log but neither searches nor
 * filters it, so these run over the whole log once it is read (newest first, as served).
 */
export interface DecisionQuery {
  /** Words looked for in the title, the question and the conversation (case and accents ignored). */
  text: string;
  /** An outcome key, or '' for any. */
  outcome: string;
  /** Who decided, or '' for anyone; NOBODY for decisions whose decider is not recorded. */
  person: string;
  /** A type key, '' for any; UNCLASSIFIED for threads without one. */
  type: string;
}

export const EMPTY_DECISION_QUERY: DecisionQuery = { text: '', outcome: '', person: '', type: '' };
export const NOBODY = '\u0000nobody';
export const UNCLASSIFIED = '\u0000unclassified';

export const isFiltering = (q: DecisionQuery): boolean =>
  q.text.trim() !== '' || q.outcome !== '' || q.person !== '' || q.type !== '';

const haystacks = new WeakMap<Decision, string>();

/** Everything a search reads in one decision, folded once per decision object. */
function haystack(d: Decision): string {
  let h = haystacks.get(d);
  if (h === undefined) {
    h = fold([d.id, d.line, d.page, d.question?.text ?? '', ...d.conversation.map((m) => m.text)].join('\n'));
    haystacks.set(d, h);
  }
  return h;
}

const searchWords = (q: DecisionQuery) => fold(q.text).split(/\s+/).filter(Boolean);

function matchesWith(d: Decision, q: DecisionQuery, words: readonly string[]): boolean {
  if (q.outcome !== '' && d.outcome !== q.outcome) return false;
  if (q.person !== '' && (q.person === NOBODY ? d.decidedBy !== null : d.decidedBy !== q.person)) return false;
  if (q.type !== '' && (q.type === UNCLASSIFIED ? d.type !== null : d.type !== q.type)) return false;
  if (words.length === 0) return true;
  const h = haystack(d);
  return words.every((w) => h.includes(w));
}

/** Every word of the search must appear somewhere in the decision. */
export function decisionMatches(d: Decision, q: DecisionQuery): boolean {
  return matchesWith(d, q, searchWords(q));
}

/** The search is folded into words once for the whole log, not once per decision. */
export function filterDecisions(rows: readonly Decision[], q: DecisionQuery): Decision[] {
  const words = searchWords(q);
  return rows.filter((d) => matchesWith(d, q, words));
}

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

function options(
  rows: readonly Decision[],
  key: (d: Decision) => string,
  label: (v: string) => string,
): FilterOption[] {
  const counts = new Map<string, number>();
  for (const d of rows) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, label: label(value), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The choices each filter offers: only values the log holds, most frequent first, each with its count. */
export function decisionFilterOptions(rows: readonly Decision[]) {
  return {
    outcome: options(
      rows,
      (d) => d.outcome ?? '',
      (v) => (v === '' ? 'Outcome not given' : statusLabel(v)),
    ).filter((o) => o.value !== ''),
    person: options(
      rows,
      (d) => d.decidedBy ?? NOBODY,
      (v) => (v === NOBODY ? 'Not recorded' : v),
    ),
    type: options(
      rows,
      (d) => d.type ?? UNCLASSIFIED,
      (v) => (v === UNCLASSIFIED ? 'Unclassified' : typeLabel(v)),
    ),
  };
}

/**
 * The person and type choices with counts that narrow with the other filters: each list counts
 * the decisions the rest of the query keeps, so choosing an outcome or a search word says how
 * many of those each person or type holds. A chosen value stays offered (at 0) so the select
 * never shows a choice that is not in its list.
 */
export function decisionFacets(
  rows: readonly Decision[],
  q: DecisionQuery,
): { person: FilterOption[]; type: FilterOption[] } {
  const all = decisionFilterOptions(rows);
  const keep = (list: FilterOption[], counted: FilterOption[], chosen: string): FilterOption[] => {
    const counts = new Map(counted.map((o) => [o.value, o.count]));
    const out = list
      .map((o) => ({ ...o, count: counts.get(o.value) ?? 0 }))
      .filter((o) => o.count > 0 || o.value === chosen);
    return out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  };
  return {
    person: keep(all.person, decisionFilterOptions(filterDecisions(rows, { ...q, person: '' })).person, q.person),
    type: keep(all.type, decisionFilterOptions(filterDecisions(rows, { ...q, type: '' })).type, q.type),
  };
}

/** "matching “checkout”, deferred, decided by Ada": the filters in words, for the count line and the export. */
export function queryText(q: DecisionQuery): string {
  const parts: string[] = [];
  if (q.text.trim()) parts.push(`matching “${q.text.trim()}”`);
  if (q.outcome) parts.push(statusLabel(q.outcome).toLowerCase());
  if (q.person) parts.push(q.person === NOBODY ? 'decider not recorded' : `decided by ${q.person}`);
  if (q.type) parts.push(q.type === UNCLASSIFIED ? 'unclassified' : `type ${typeLabel(q.type)}`);
  return parts.join(', ');
}

export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / Math.max(1, limit)));

/** The page box takes a whole number from 1 to the last page. */
export function parsePageNumber(
  text: string,
  pages: number,
): { page: number; problem: null } | { page: null; problem: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > pages)
    return { page: null, problem: `Type a page number from 1 to ${pages}.` };
  return { page: Number(t), problem: null };
}

/**
 * The end of the chosen day in local time: jumping to a date shows the newest decision made
 * on or before that day first. Null for a date that cannot be read.
 */
export function endOfLocalDay(date: string): number | null {
  const start = localMidnight(date);
  if (start === null) return null;
  const d = new Date(start);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

export function jumpDateProblem(date: string): string | null {
  if (date.trim() === '') return 'Choose the date to jump to.';
  return endOfLocalDay(date) === null ? 'That is not a date. Use the date picker, or type it as YYYY-MM-DD.' : null;
}

/** Where a date falls in a newest-first list: the first decision made before the end of that day. */
export function offsetForDate(rows: readonly Decision[], endOfDay: number): number {
  const i = rows.findIndex((d) => d.decidedAt !== null && d.decidedAt < endOfDay);
  return i === -1 ? rows.length : i;
}
