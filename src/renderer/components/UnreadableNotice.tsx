import type { ReadProblem } from '#shared/reader/index.js';
import { describeProblems } from '#shared/reader/problems.js';
import { Banner } from './Banner.js';
import { itIs, plural } from '../format/counts.js';

/** "reply" → "replies", "thread with new replies" → "threads with new replies". */
function pluralPart(part: string): string {
  const [first = part, ...rest] = part.split(' ');
  const many =
    first === 'person'
      ? 'people'
      : /[^aeiou]y$/.test(first)
        ? `${first.slice(0, -1)}ies`
        : /(s|x|ch|sh)$/.test(first)
          ? `${first}es`
          : `${first}s`;
  return [many, ...rest].join(' ');
}

/** "1 thread could not be shown", "3 threads and 1 reply could not be shown". */
function unreadableSummary(problems: readonly ReadProblem[]): string {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p.part, (counts.get(p.part) ?? 0) + 1);
  const parts = [...counts].map(([part, n]) => plural(n, part, pluralPart(part)));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${list} could not be shown`;
}

/**
 * Rows or parts of an answer that could not be read were left out; this says how many and,
 * in details, why, so nothing disappears silently and a bug report can quote the reason.
 */
export function UnreadableNotice({
  problems,
  testId = 'unreadable-notice',
}: {
  problems: readonly ReadProblem[];
  testId?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <Banner tone="warning" testId={testId}>
      {unreadableSummary(problems)}: the service sent {problems.length === 1 ? 'it' : 'them'} in a form Triage Desk
      can&apos;t read, so {itIs(problems.length)} left out and everything else is shown.{' '}
      <details className="unreadable-details">
        <summary>Details</summary>
        <p className="break">
          {describeProblems(problems.slice(0, 50))}
          {problems.length > 50 ? `; and ${problems.length - 50} more` : ''}
        </p>
      </details>
    </Banner>
  );
}
