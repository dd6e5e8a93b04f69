import { describe, expect, it } from 'vitest';
import { candidate } from '../../support/fake-items.js';
import {
  pairKey,
  progressText,
  scanText,
  scorePercent,
  strongCandidates,
} from '../../../../src/renderer/features/dedupe/dedupe-model.js';

const cand = (id: string, score: number) => candidate(id, score, { line: id, reasons: ['same page'] });

describe('dedupe queue candidates', () => {
  const base = { subjectId: 's', threshold: 0.6, gone: new Set<string>(), judged: new Set<string>() };

  it('keeps candidates at or above the threshold', () => {
    expect(strongCandidates([cand('a', 0.9), cand('b', 0.6), cand('c', 0.59)], base).map((c) => c.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('drops threads merged away and pairs already judged, whichever way round', () => {
    const judged = new Set([pairKey('b', 's')]);
    expect(
      strongCandidates([cand('a', 0.9), cand('b', 0.9), cand('c', 0.9), cand('s', 1)], {
        ...base,
        gone: new Set(['a']),
        judged,
      }).map((c) => c.id),
    ).toEqual(['c']);
    expect(pairKey('x', 'y')).toBe(pairKey('y', 'x'));
  });

  it('says how far along the queue is, as a minimum while the scan is ahead', () => {
    expect(progressText({ position: 11, found: 87, checked: 117, total: 117 })).toBe('12 of 87');
    expect(progressText({ position: 11, found: 20, checked: 40, total: 117 })).toBe('12 of at least 20');
    expect(scanText({ position: 0, found: 3, checked: 40, total: 1204 })).toBe('40 of 1,204 open threads checked.');
    expect(scanText({ position: 0, found: 3, checked: 117, total: 117 })).toBe('All 117 open threads checked.');
    expect(scorePercent(0.876)).toBe('88 %');
  });
});
