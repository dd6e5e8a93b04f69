/**
 * Fuzzy matching for the command palette: the query's characters must appear in the text
 * in order (spaces in the query are ignored). Of all the ways they can, the best one counts:
 * characters that start words and runs of adjacent characters score high, gaps cost a
 * little, and a plain substring wins outright. Pure, so ranking is tested directly.
 */

const WORD_BREAK = /[\s:/\-_.()·…]/;
const WORD_START = 8;
const RUN = 5;
const GAP = 1;

function wordStarts(text: string): boolean[] {
  return [...text].map((_, i) => i === 0 || WORD_BREAK.test(text[i - 1]!));
}

/** Null when the query does not match; higher is better. */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = [...query.toLocaleLowerCase().replace(/\s+/g, '')];
  if (needle.length === 0) return 0;
  const hay = text.toLocaleLowerCase();
  const chars = [...hay];
  const starts = wordStarts(hay);
  const n = chars.length;
  const NONE = Number.NEGATIVE_INFINITY;

  // prev[j]: best score with the previous query character matched at j.
  let prev: number[] = chars.map((c, j) =>
    c === needle[0] ? 1 + (starts[j] ? WORD_START : 0) - Math.min(3, j * 0.05) : NONE,
  );
  for (let i = 1; i < needle.length; i++) {
    const cur: number[] = new Array<number>(n).fill(NONE);
    let bestBefore = NONE; // best prev[k] for k < j - 1
    for (let j = 1; j < n; j++) {
      if (j >= 2) bestBefore = Math.max(bestBefore, prev[j - 2]!);
      if (chars[j] !== needle[i]) continue;
      const viaRun = prev[j - 1]! + RUN;
      const viaGap = bestBefore - GAP;
      const best = Math.max(viaRun, viaGap);
      if (best !== NONE) cur[j] = best + 1 + (starts[j] ? WORD_START : 0);
    }
    prev = cur;
  }
  const best = Math.max(...prev);
  if (best === NONE) return null;
  const plain = query.trim().toLocaleLowerCase();
  const at = plain ? hay.indexOf(plain) : -1;
  const substringBonus = at === -1 ? 0 : at === 0 ? 25 : starts[at] ? 20 : 10;
  // Among equals, the shorter text is the more specific answer.
  return best + substringBonus - n * 0.01;
}

/** Matching items, best first; ties (and an empty query) keep the original order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (!query.trim()) return [...items];
  const scored: Array<{ item: T; score: number; index: number }> = [];
  items.forEach((item, index) => {
    const score = fuzzyScore(query, text(item));
    if (score !== null) scored.push({ item, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}
