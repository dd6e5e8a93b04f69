import type { Decision } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';

/**
 * A rule is one sentence under 500 characters (the service refuses anything else). These
 * checks mirror the service's so the form can say what is wrong while the person types,
 * instead of after a round trip.
 */
export const RULE_MAX_CHARS = LIMITS.ruleMaxCharsExclusive - 1;
export const RULE_CITED_MAX = LIMITS.ruleCitedMax;

/** The service trims before it counts, so the counter does too. */
const ruleLength = (text: string): number => text.trim().length;

interface RuleCounter {
  length: number;
  left: number;
  over: boolean;
  /** "499 characters left", "1 character left", "12 characters too many". */
  text: string;
  /** Near or over the limit: the counter is read out and styled as a warning. */
  warn: boolean;
}

export function ruleCounter(text: string): RuleCounter {
  const length = ruleLength(text);
  const left = RULE_MAX_CHARS - length;
  const over = left < 0;
  const count = Math.abs(left);
  const chars = count === 1 ? 'character' : 'characters';
  return { length, left, over, text: over ? `${count} ${chars} too many` : `${count} ${chars} left`, warn: left < 50 };
}

/** Same split as the service: a sentence end followed by a capitalised word ("e.g. X" aside). */
const SENTENCE_BREAK = /(?<![A-Za-z]\.[A-Za-z]\.)(?<=[.!?])\s+(?=[A-Z])/;

export function isOneSentence(text: string): boolean {
  const t = text.trim();
  if (/[\r\n]/.test(t)) return false;
  return t.replace(/\s+/g, ' ').split(SENTENCE_BREAK).length === 1;
}

/** Why the draft cannot be saved yet, in words; null when it can. */
export function ruleProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return 'Write the rule as one sentence.';
  if (/[\r\n]/.test(t)) return 'A rule is one sentence on one line: remove the line breaks.';
  if (!isOneSentence(t)) return 'This reads as more than one sentence. Save each rule separately.';
  if (t.length > RULE_MAX_CHARS)
    return `A rule must be under ${LIMITS.ruleMaxCharsExclusive} characters: shorten it by ${t.length - RULE_MAX_CHARS}.`;
  return null;
}

/** Which source threads the service will cite (the first five) and which it will only keep. */
export function citations(ids: readonly string[]): { cited: string[]; uncited: string[] } {
  const unique = [...new Set(ids)];
  return { cited: unique.slice(0, RULE_CITED_MAX), uncited: unique.slice(RULE_CITED_MAX) };
}

/** Thread IDs typed or pasted into the "cite a thread" box: separated by spaces or commas. */
export function parseThreadIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

function firstSentence(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  const first = one.split(SENTENCE_BREAK)[0] ?? one;
  return first.replace(/[.!?…\s]+$/, '');
}

/**
 * A first draft from a decision: what the thread was about and how it was decided. The
 * person edits it into the general rule; it is one sentence and short enough to save as is.
 */
export function ruleFromDecision(decision: Pick<Decision, 'line' | 'outcome' | 'type'>): string {
  const about = firstSentence(decision.line).replace(/^["“]|["”]$/g, '');
  const typed = decision.type ? ` are typed ${decision.type.replace(/[-_]+/g, ' ')} and` : '';
  const tail = `”${typed} get ${decision.outcome}.`;
  const room = RULE_MAX_CHARS - 'Threads like “'.length - tail.length;
  const quoted = about.length > room ? `${about.slice(0, Math.max(0, room - 1)).trimEnd()}…` : about;
  return `Threads like “${quoted}${tail}`;
}
