import type { SimilarCandidate } from '#shared/reader/index.js';
import { formatCount } from '../../format/counts.js';

/**
 * The dedupe queue's rules, free of React and the bridge.
 *
 * Similarity scores (0–1) come from the service: 0.6 × shared words + 0.2 same page + 0.1
 * same element + 0.1 same source file. Below 0.5 a match rests on a few words or the place
 * alone; the person picks how strict the queue is.
 */
export const SCORE_THRESHOLDS = [
  { value: 0.5, label: 'Possible (score ≥ 0.5)' },
  { value: 0.6, label: 'Likely (score ≥ 0.6)' },
  { value: 0.8, label: 'Strong (score ≥ 0.8)' },
] as const;

export const DEFAULT_THRESHOLD = 0.6;

/** An unordered pair of threads, as one key. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

interface CandidateFilter {
  subjectId: string;
  threshold: number;
  /** Threads merged away during this session: no longer in any list. */
  gone: ReadonlySet<string>;
  /** Pairs the person already judged "not duplicates" (kept) in this session. */
  judged: ReadonlySet<string>;
}

/** Candidates worth a person's look: strong enough, still there, not already judged against this thread. */
export function strongCandidates(candidates: readonly SimilarCandidate[], f: CandidateFilter): SimilarCandidate[] {
  return candidates.filter(
    (c) =>
      c.id !== f.subjectId && c.score >= f.threshold && !f.gone.has(c.id) && !f.judged.has(pairKey(f.subjectId, c.id)),
  );
}

interface QueueCounts {
  /** 0-based position of the thread on screen among those found. */
  position: number;
  found: number;
  checked: number;
  total: number;
}

/** "12 of 87", or while the scan is still ahead of the person "12 of at least 20". */
export function progressText(c: QueueCounts): string {
  const complete = c.checked >= c.total;
  const of = complete ? `${c.found}` : `at least ${c.found}`;
  return `${Math.min(c.position + 1, c.found)} of ${of}`;
}

export function scanText(c: QueueCounts): string {
  return c.checked >= c.total
    ? `All ${formatCount(c.total)} open threads checked.`
    : `${formatCount(c.checked)} of ${formatCount(c.total)} open threads checked.`;
}

/** A score as the person reads it: "87 %". */
export function scorePercent(score: number): string {
  return `${Math.round(score * 100)} %`;
}
