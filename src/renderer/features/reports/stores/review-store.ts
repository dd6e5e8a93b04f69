import { create } from 'zustand';
import { queryClient } from '../../../server-state/query-client.js';
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
 * remaining page is being read. Kept per section query (`query`, the hash of the query whose
 * pages the section shows: its project, its section and when the overview it continues arrived),
 * so another project or a refresh starts every section again at one step, and a read of all
 * pages that ends after a refresh changes nothing on screen. An entry lives as long as its query:
 * when the cache drops the query, its entry goes too, so the store holds no more than the cache.
 * The rows themselves are server state (review-query).
 */
interface ReviewViewState {
  sections: Readonly<Record<string, SectionView>>;
  sectionOf(query: string): SectionView;
  /** Changes nothing for a query the cache no longer holds: nobody shows it, and nothing would drop the entry. */
  setSection(query: string, patch: Partial<SectionView>): void;
}

export const useReviewView = create<ReviewViewState>()((set, get) => ({
  sections: {},
  sectionOf: (query) => get().sections[query] ?? FRESH,
  setSection: (query, patch) => {
    if (!queryClient.getQueryCache().get(query)) return;
    set((s) => ({ sections: { ...s.sections, [query]: { ...get().sectionOf(query), ...patch } } }));
  },
}));

queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'removed' || !(event.query.queryHash in useReviewView.getState().sections)) return;
  const { [event.query.queryHash]: _gone, ...kept } = useReviewView.getState().sections;
  useReviewView.setState({ sections: kept });
});
