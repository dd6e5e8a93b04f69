import { MinHashFactory } from 'bloom-filters';

/**
 * Duplicate groups, free of React, the bridge and the worker: which open threads read as the
 * same report (proposeGroups), which of a group stays (stayingThread), and what the service's
 * look at the group's head leaves of it (confirmGroup).
 *
 * Similarity is local and textual: each thread's words go into a MinHash sketch (bloom-filters),
 * and two threads on the same page join a group when the words of the shorter one are nearly
 * all in the other ("Same here: the toggle…" against "The toggle…"). Containment, not Jaccard:
 * a duplicate report usually adds words around the same sentence rather than replacing it.
 */

export interface GroupThread {
  id: string;
  /** What the person sees of it: its one-line summary or the start of its first message. */
  text: string;
  page: string;
  reportCount: number;
  /** null: the service did not say; such a thread counts as the newest. */
  createdAt: number | null;
}

export interface GroupingOptions {
  /** Share of the shorter thread's words found in the other, from 0 to 1. */
  minContainment?: number;
  /** MinHash permutations: more is a closer estimate and a slower pass. */
  hashes?: number;
}

export const DEFAULT_MIN_CONTAINMENT = 0.8;
const DEFAULT_HASHES = 128;
/** Words this short carry no meaning of their own ("the", "on", "is"). */
const MIN_WORD = 3;

/** The words of a text, lower-cased, in any script; short ones dropped. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= MIN_WORD);
}

/** Threads with fewer words than this say too little to be matched on words alone. */
const MIN_WORDS = 2;

class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const next = this.parent[i]!;
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * Groups of likely duplicates among `threads`, each with its staying thread first and the
 * rest oldest first; larger groups first. Threads are compared only with threads on the same
 * page: the same words about another page are another report.
 */
export function proposeGroups(threads: readonly GroupThread[], options: GroupingOptions = {}): string[][] {
  const minContainment = options.minContainment ?? DEFAULT_MIN_CONTAINMENT;
  const hashes = options.hashes ?? DEFAULT_HASHES;
  if (!(minContainment > 0 && minContainment <= 1)) throw new RangeError(`minContainment must be above 0 and at most 1, not ${minContainment}`);
  if (!Number.isInteger(hashes) || hashes < 1) throw new RangeError(`hashes must be a positive whole number, not ${hashes}`);

  // Words become small numbers: the sketches hash numbers.
  const vocabulary = new Map<string, number>();
  const wordSets = threads.map((t) => {
    const ids = new Set<number>();
    for (const w of wordsOf(t.text)) {
      let id = vocabulary.get(w);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(w, id);
      }
      ids.add(id);
    }
    return ids;
  });
  const factory = new MinHashFactory(hashes, Math.max(2, vocabulary.size));
  const sketches = wordSets.map((ids) => {
    if (ids.size < MIN_WORDS) return null;
    const sketch = factory.create();
    sketch.bulkLoad([...ids]);
    return sketch;
  });

  const byPage = new Map<string, number[]>();
  threads.forEach((t, i) => {
    if (!sketches[i]) return;
    const list = byPage.get(t.page);
    if (list) list.push(i);
    else byPage.set(t.page, [i]);
  });

  const groups = new UnionFind(threads.length);
  for (const members of byPage.values()) {
    for (let x = 0; x < members.length; x++) {
      const i = members[x]!;
      for (let y = x + 1; y < members.length; y++) {
        const j = members[y]!;
        const jaccard = sketches[i]!.compareWith(sketches[j]!);
        if (jaccard === 0) continue;
        const a = wordSets[i]!.size;
        const b = wordSets[j]!.size;
        // |A ∩ B| from the Jaccard estimate and the two sizes, over the smaller set.
        const containment = (jaccard * (a + b)) / (1 + jaccard) / Math.min(a, b);
        if (containment >= minContainment) groups.union(i, j);
      }
    }
  }

  const collected = new Map<number, GroupThread[]>();
  threads.forEach((t, i) => {
    if (!sketches[i]) return;
    const root = groups.find(i);
    const list = collected.get(root);
    if (list) list.push(t);
    else collected.set(root, [t]);
  });
  return [...collected.values()]
    .filter((g) => g.length > 1)
    .map((g) => orderGroup(g, stayingThread(g)!.id))
    .sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
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
export interface ServiceCandidate {
  id: string;
  score: number;
}

/**
 * What the service's look at the head leaves of a proposed group: the head and the members it
 * lists among the head's similar threads at `minScore` or above. Fewer than two: no group.
 */
export function confirmGroup(ids: readonly string[], candidates: readonly ServiceCandidate[], minScore: number): string[] {
  const [head, ...rest] = ids;
  if (head === undefined) return [];
  const listed = new Set(candidates.filter((c) => c.score >= minScore).map((c) => c.id));
  const kept = rest.filter((id) => listed.has(id));
  return kept.length > 0 ? [head, ...kept] : [];
}

/**
 * A group as the person has shaped it: without the threads taken out, merging into the
 * chosen thread (or the default one while that is still in the group). Fewer than two left:
 * nothing to merge.
 */
export function shapeGroup<T extends GroupThread>(members: readonly T[], takenOut: ReadonlySet<string>, chosenStayId: string | null): { staying: T; leaving: T[] } | null {
  const left = members.filter((t) => !takenOut.has(t.id));
  if (left.length < 2) return null;
  const staying = left.find((t) => t.id === chosenStayId) ?? stayingThread(left)!;
  return { staying, leaving: left.filter((t) => t.id !== staying.id).sort(byAge) };
}
