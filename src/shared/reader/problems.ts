/**
 * What the renderer needs of a read's problems, without zod: the renderer imports this
 * module alone so its bundle stays free of the schemas.
 */

/** One part of an answer that could not be read and was left out. */
export interface ReadProblem {
  /** What was left out, in words: "thread", "evidence", "reply". */
  part: string;
  /** Position in its list, when it was a list row. */
  index?: number;
  /** Its id, when the unreadable value still carried one. */
  id?: string;
  /** Why, short: "id is missing", "not an object". */
  reason: string;
}

/** "2 threads could not be shown (thread itm_9: status is missing; …)" for a banner's details. */
export function describeProblems(problems: readonly ReadProblem[]): string {
  return problems
    .map((p) => `${p.part}${p.id ? ` ${p.id}` : p.index !== undefined ? ` #${p.index + 1}` : ''}: ${p.reason}`)
    .join('; ');
}

/** The parts left out of an answer the renderer keeps under its plain type (reports, similar). */
export function unreadableOf(answer: unknown): ReadProblem[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const problems = (answer as { unreadable?: unknown }).unreadable;
  return Array.isArray(problems) ? (problems as ReadProblem[]) : [];
}
