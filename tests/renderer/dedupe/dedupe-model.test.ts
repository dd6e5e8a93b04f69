import { describe, expect, it } from 'vitest';
import type { SimilarCandidate } from '../../../src/shared/reader/index.js';
import { pairKey, progressText, scanText, scorePercent, strongCandidates } from '../../../src/renderer/features/dedupe/dedupe-model.js';
import { canZoomIn, canZoomOut, clampPercent, fitScale, scrollToCentre, zoomIn, zoomLabel, zoomOut } from '../../../src/renderer/features/thread/zoom.js';
import { prepareLinks } from '../../../src/renderer/features/compose/links.js';

const cand = (id: string, score: number): SimilarCandidate => ({
  id,
  typeLabel: null,
  line: id,
  lineSource: 'message',
  type: 'bug',
  page: '/',
  replyCount: 0,
  reportCount: 0,
  source: null,
  status: 'open',
  score,
  reasons: ['same page'],
});

describe('dedupe queue candidates', () => {
  const base = { subjectId: 's', threshold: 0.6, gone: new Set<string>(), judged: new Set<string>() };

  it('keeps candidates at or above the threshold', () => {
    expect(strongCandidates([cand('a', 0.9), cand('b', 0.6), cand('c', 0.59)], base).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('drops threads merged away and pairs already judged, whichever way round', () => {
    const judged = new Set([pairKey('b', 's')]);
    expect(strongCandidates([cand('a', 0.9), cand('b', 0.9), cand('c', 0.9), cand('s', 1)], { ...base, gone: new Set(['a']), judged }).map((c) => c.id)).toEqual(['c']);
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

describe('screenshot zoom', () => {
  it('steps through fixed levels and stops at the ends', () => {
    expect(zoomIn(1, 1)).toBe(1.5);
    expect(zoomOut(1, 1)).toBe(0.75);
    expect(zoomIn(4, 1)).toBe(4);
    expect(zoomOut(0.5, 1)).toBe(0.5);
    expect(canZoomIn(4, 1)).toBe(false);
    expect(canZoomOut(0.5, 1)).toBe(false);
  });

  it('continues from what "fit" shows', () => {
    expect(zoomIn(null, 0.62)).toBe(0.75);
    expect(zoomOut(null, 0.62)).toBe(0.5);
    expect(zoomLabel(null, 0.62)).toBe('62 % (fit)');
    expect(zoomLabel(2, 0.62)).toBe('200 %');
  });

  it('fits large images into the box and never enlarges small ones', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 1000, height: 1000 })).toBe(0.5);
    expect(fitScale({ width: 400, height: 300 }, { width: 1000, height: 1000 })).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, { width: 1000, height: 1000 })).toBe(1);
  });

  it('centres the click marker after a zoom, within the image', () => {
    expect(scrollToCentre({ x: 50, y: 50 }, { width: 2000, height: 1000 }, { width: 800, height: 600 })).toEqual({ left: 600, top: 200 });
    expect(scrollToCentre({ x: 0, y: 100 }, { width: 2000, height: 1000 }, { width: 800, height: 600 })).toEqual({ left: 0, top: 400 });
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(50);
  });
});

describe('reply links', () => {
  it('sends filled rows, with a label only when given, and ignores empty rows', () => {
    expect(prepareLinks([{ url: ' https://a.example/x ', label: '' }, { url: '', label: '' }, { url: 'http://b.example', label: 'Spec' }])).toEqual({
      links: [{ url: 'https://a.example/x' }, { url: 'http://b.example', label: 'Spec' }],
      problems: [],
    });
  });

  it('names each row the service would refuse', () => {
    const r = prepareLinks([{ url: 'example.com', label: '' }, { url: '', label: 'Spec' }, { url: 'javascript:alert(1)', label: '' }]);
    expect(r.problems.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(r.problems[0]!.message).toMatch(/http:\/\/ or https:\/\//);
  });

  it('refuses a sixth link', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ url: `https://x.example/${i}`, label: '' }));
    expect(prepareLinks(rows).problems).toEqual([{ index: 5, message: 'A reply can carry at most 5 links.' }]);
  });
});
