import { describe, expect, it } from 'vitest';
import { useReviewView } from '../../../../src/renderer/features/reports/stores/review-store.js';

describe('review view store', () => {
  it('starts every section of a read at one step, and keeps what each read showed to itself', () => {
    const { sectionOf, setSection } = useReviewView.getState();
    expect(sectionOf('p1@1', 'resolved')).toEqual({ shown: 25, readingAll: false });
    setSection('p1@1', 'resolved', { shown: 50 });
    setSection('p1@1', 'open', { readingAll: true });
    expect(useReviewView.getState().sectionOf('p1@1', 'resolved')).toEqual({ shown: 50, readingAll: false });
    expect(useReviewView.getState().sectionOf('p1@1', 'open')).toEqual({ shown: 25, readingAll: true });
    // A refresh is another read: its sections start again.
    expect(useReviewView.getState().sectionOf('p1@2', 'resolved').shown).toBe(25);
    // A read of every page that ends after the refresh changes nothing on the new read.
    setSection('p1@1', 'open', { readingAll: false, shown: 300 });
    expect(useReviewView.getState().sectionOf('p1@2', 'open')).toEqual({ shown: 25, readingAll: false });
  });

  it('answers the same object while nothing changed, as a store selector must', () => {
    const { sectionOf } = useReviewView.getState();
    expect(sectionOf('p9@1', 'deferred')).toBe(sectionOf('p9@1', 'deferred'));
    useReviewView.getState().setSection('p9@1', 'deferred', { shown: 50 });
    expect(useReviewView.getState().sectionOf('p9@1', 'deferred')).toBe(
      useReviewView.getState().sectionOf('p9@1', 'deferred'),
    );
  });
});
