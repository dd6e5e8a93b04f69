import { create } from 'zustand';
import type { ReviewSection } from '#shared/api/requests.js';
import { REPORT_STEP } from '../model/paging.js';

interface SectionView {
  /** Rows on screen (and in the export). */
  shown: number;
  /** Every remaining page is being read. */
  readingAll: boolean;
}

const FRESH: SectionView = { shown: REPORT_STEP, readingAll: false };

/**
 * What a person did to the review's sections: how many rows each shows, and whether every
 * remaining page is being read. Kept per overview read (`read`, the project and when its
 * overview arrived): another project or a refresh starts every section again at one step, and a
 * read of all pages that ends after a refresh changes nothing on screen. The rows themselves are
 * server state (review-query).
 */
interface ReviewViewState {
  sections: Readonly<Record<string, SectionView>>;
  sectionOf(read: string, section: ReviewSection): SectionView;
  setSection(read: string, section: ReviewSection, patch: Partial<SectionView>): void;
}

const keyOf = (read: string, section: ReviewSection) => `${read}#${section}`;

export const useReviewView = create<ReviewViewState>()((set, get) => ({
  sections: {},
  sectionOf: (read, section) => get().sections[keyOf(read, section)] ?? FRESH,
  setSection: (read, section, patch) =>
    set((s) => ({
      sections: { ...s.sections, [keyOf(read, section)]: { ...get().sectionOf(read, section), ...patch } },
    })),
}));
