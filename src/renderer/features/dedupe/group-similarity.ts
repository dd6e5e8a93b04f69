// The sketch alone, not the package's index: the index also loads filters that need Node's Buffer.
import { MinHash, type HashFunction } from 'bloom-filters/dist/sketch/min-hash.js';
import { orderGroup, stayingThread, type GroupThread } from './group-model.js';

/**
 * Which open threads read as the same report. Runs in the grouping worker (group.worker.ts).
 *
 * Similarity is local and textual: each thread's word pairs go into a MinHash sketch
 * (bloom-filters), and two threads on the same page join a group when the pairs of the shorter
 * one are nearly all in the other ("Same here: the toggle…" against "The toggle…").
 * Containment, not Jaccard: a duplicate report usually adds words around the same sentence
 * rather than replacing it. Pairs, not single words: two reports written from one sentence
 * about different things ("the wording of the message box…" and "the wording of the feature
 * screenshot…") share nearly every word but lose every pair around the words that differ.
 */

export interface GroupingOptions {
  /** Share of the shorter thread's words found in the other, from 0 to 1. */
  minContainment?: number;
  /** MinHash permutations: more is a closer estimate and a slower pass. */
  hashes?: number;
}

const DEFAULT_MIN_CONTAINMENT = 0.9;
const DEFAULT_HASHES = 128;
/** Words this short carry no meaning of their own ("the", "on", "is"). */
const MIN_WORD = 3;

/** The words of a text, lower-cased, in any script; short ones dropped. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= MIN_WORD);
}

/** Each word with the next: the units the sketches compare. */
function wordPairsOf(text: string): string[] {
  const words = wordsOf(text);
  return words.slice(1).map((w, i) => `${words[i]} ${w}`);
}

/** How far under the threshold a sketch's estimate may be and still be counted exactly. */
const SCREEN_MARGIN = 0.2;

/** The share of the smaller set found in the other. */
function exactContainment(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return small.size === 0 ? 0 : shared / small.size;
}

/** Threads with fewer word pairs than this say too little to be matched on words alone. */
const MIN_PAIRS = 2;

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/**
 * The sketch's permutations, (a·x + b) mod p with p the first prime above the vocabulary. Drawn
 * from a fixed seed rather than Math.random (as the package's factory does), so the same
 * threads always make the same groups.
 */
function hashFunctions(count: number, vocabularySize: number): HashFunction[] {
  let p = Math.max(3, vocabularySize + 1);
  while (!isPrime(p)) p++;
  let seed = 0x9e3779b9;
  const next = () => {
    // xorshift32: small, fast, and the same everywhere.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % p;
  };
  return Array.from({ length: count }, () => ({ a: 1 + (next() % (p - 1)), b: next(), c: p }));
}

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
  if (!(minContainment > 0 && minContainment <= 1))
    throw new RangeError(`minContainment must be above 0 and at most 1, not ${minContainment}`);
  if (!Number.isInteger(hashes) || hashes < 1)
    throw new RangeError(`hashes must be a positive whole number, not ${hashes}`);

  // Word pairs become small numbers: the sketches hash numbers.
  const vocabulary = new Map<string, number>();
  const pairSets = threads.map((t) => {
    const ids = new Set<number>();
    for (const w of wordPairsOf(t.text)) {
      let id = vocabulary.get(w);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(w, id);
      }
      ids.add(id);
    }
    return ids;
  });
  const functions = hashFunctions(hashes, vocabulary.size);
  const sketches = pairSets.map((ids) => {
    if (ids.size < MIN_PAIRS) return null;
    const sketch = new MinHash(hashes, functions);
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
        const a = pairSets[i]!.size;
        const b = pairSets[j]!.size;
        // |A ∩ B| from the Jaccard estimate and the two sizes, over the smaller set.
        const estimate = (jaccard * (a + b)) / (1 + jaccard) / Math.min(a, b);
        // The sketch only screens: on a dozen pairs its estimate is off by a pair or two, so
        // the near ones are counted exactly (the sets are small; the screening is what scales).
        if (
          estimate >= minContainment - SCREEN_MARGIN &&
          exactContainment(pairSets[i]!, pairSets[j]!) >= minContainment
        )
          groups.union(i, j);
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
