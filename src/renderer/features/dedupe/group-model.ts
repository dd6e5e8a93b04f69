/**
 * Duplicate groups, free of React, the bridge and the worker: which of a group stays
 * (stayingThread), what the service's look at the group's head leaves of it (confirmGroup),
 * and what the person made of it (shapeGroup). Proposing groups is group-similarity.ts,
 * which only the worker loads.
 */

export interface GroupThread {
  id: string;
  /** What the person sees of it: its one-line summary or the start of its first message. */
  text: string;
  /** Which of the two `text` is; null where the service does not say (its lean answers). */
  textSource?: 'summary' | 'message' | null;
  page: string;
  reportCount: number;
  /** null: the service did not say; such a thread counts as the newest. */
  createdAt: number | null;
}

const ageOf = (t: GroupThread) => t.createdAt ?? Number.POSITIVE_INFINITY;

/** Oldest first; ties by ID so the order is stable. */
function byAge(a: GroupThread, b: GroupThread): number {
  return ageOf(a) === ageOf(b) ? a.id.localeCompare(b.id) : ageOf(a) < ageOf(b) ? -1 : 1;
}

/** The thread a group merges into by default: the most reported, then the oldest. */
export function stayingThread<T extends GroupThread>(group: readonly T[]): T | null {
  if (group.length === 0) return null;
  return [...group].sort((a, b) => b.reportCount - a.reportCount || byAge(a, b))[0]!;
}

/** IDs with `stayId` first and the rest oldest first. */
export function orderGroup(group: readonly GroupThread[], stayId: string): string[] {
  const rest = group.filter((t) => t.id !== stayId).sort(byAge);
  return group.some((t) => t.id === stayId) ? [stayId, ...rest.map((t) => t.id)] : rest.map((t) => t.id);
}

/** A candidate as /similar lists it: only what confirming needs. */
interface ServiceCandidate {
  id: string;
  score: number;
}

/**
 * Whether the words could not judge `candidate` against a group: its text is a summary where
 * every member's is the start of a message, or the other way round. A summary says the same
 * report in other words ("Guest limit differs between card and table" for "“Unlimited guests”
 * on the Team card conflicts with the comparison table"), so only the service, which reads
 * every message, can tell. Unknown sources never count as different.
 */
export function wordsCouldNotJudge(candidate: GroupThread, members: readonly GroupThread[]): boolean {
  const source = candidate.textSource ?? null;
  return (
    source !== null &&
    members.length > 0 &&
    members.every((m) => (m.textSource ?? null) !== null && m.textSource !== source)
  );
}

/** Threads the service may add to a group it confirms, and the score they need. */
interface GroupJoining {
  minScore: number;
  /** True for a thread the words could not judge against this group. */
  may(id: string): boolean;
}

/**
 * What the service's look at the head leaves of a proposed group: the head and the members it
 * lists among the head's similar threads at `minScore` or above, plus, where `joining` is given,
 * the threads it lists at `joining.minScore` or above that the words could not judge. Threads
 * in `taken` belong to an earlier group. Fewer than two: no group.
 *
 * Otherwise the service's list only removes members: a thread it finds strongly similar that
 * the words compared and left out joined a wrong group more often than a right one in the bench.
 */
export function confirmGroup(
  ids: readonly string[],
  candidates: readonly ServiceCandidate[],
  minScore: number,
  taken: ReadonlySet<string> = new Set(),
  joining?: GroupJoining,
): string[] {
  const [head, ...rest] = ids;
  if (head === undefined || taken.has(head)) return [];
  const listed = new Set(candidates.filter((c) => c.score >= minScore).map((c) => c.id));
  const kept = rest.filter((id) => listed.has(id) && !taken.has(id));
  const proposed = new Set(ids);
  const joined = joining
    ? candidates
        .filter((c) => c.score >= joining.minScore && !proposed.has(c.id) && !taken.has(c.id) && joining.may(c.id))
        .map((c) => c.id)
    : [];
  const members = [...kept, ...new Set(joined)];
  return members.length > 0 ? [head, ...members] : [];
}

/**
 * A group as the person has shaped it: without the threads taken out, merging into the
 * chosen thread (or the default one while that is still in the group). Fewer than two left:
 * nothing to merge.
 */
export function shapeGroup<T extends GroupThread>(
  members: readonly T[],
  takenOut: ReadonlySet<string>,
  chosenStayId: string | null,
): { staying: T; leaving: T[] } | null {
  const left = members.filter((t) => !takenOut.has(t.id));
  if (left.length < 2) return null;
  const staying = left.find((t) => t.id === chosenStayId) ?? stayingThread(left)!;
  return { staying, leaving: left.filter((t) => t.id !== staying.id).sort(byAge) };
}
