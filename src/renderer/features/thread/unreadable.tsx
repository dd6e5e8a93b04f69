import type { ReadOutput, ReadProblem } from '#shared/reader/index.js';
import { describeProblems } from '#shared/reader/problems.js';

/** A thread as the thread panel holds it: the answer as read, and the parts left out. */
export type ThreadItem = ReadOutput<'getItem'>;

/** Problems of the parts a section shows (e.g. ['evidence'], ['source', 'source path']). */
export function problemsOf(item: { unreadable?: readonly ReadProblem[] }, parts: readonly string[]): ReadProblem[] {
  return (item.unreadable ?? []).filter((p) => parts.includes(p.part));
}

/**
 * Says in place that a part of the service's answer could not be read, so a person knows
 * the section is not empty but unreadable, with the reason for a bug report.
 */
export function UnreadablePart({ what, problems }: { what: string; problems: readonly ReadProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <p className="notice" data-testid="unreadable-part">
      {what} could not be read from the service&apos;s answer, so it is not shown. The rest of the thread is.{' '}
      <span className="muted">({describeProblems(problems)})</span>
    </p>
  );
}
