import { create } from 'zustand';
import type { ReviewSection } from '#shared/api/requests.js';
import type { ReviewResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from '../../../stores/failure.js';
import { onReconnected } from '../../../stores/network-store.js';
import { appendPage, firstPage, REPORT_STEP, type PagedList } from '../model/paging.js';
import { SECTION_META, type ReviewRow } from '../model/review-model.js';

export interface SectionState<S extends ReviewSection> extends PagedList<ReviewRow<S>> {
  /** Rows on screen (and in the export): a step at a time, from the rows read so far. */
  shown: number;
  /** 'more' for one page, 'all' while reading every remaining page. */
  loading: 'more' | 'all' | null;
  problem: Failure | null;
}

type Sections = { [S in ReviewSection]: SectionState<S> };

interface ReviewState {
  projectId: string | null;
  overview: ReviewResponse | null;
  sections: Sections | null;
  loading: boolean;
  problem: Failure | null;
  loadedAt: number | null;
  /** Loads the overview (every count and the first 25 rows per section); again only on `force`. */
  load(projectId: string, force?: boolean): Promise<void>;
  /** Reads the section's next page from its nextOffset. */
  loadMore(section: ReviewSection): Promise<boolean>;
  /** Reads every remaining page of the section, stopping at the first failure. */
  loadAll(section: ReviewSection): Promise<void>;
  /** Shows the next REPORT_STEP rows, reading the service's next page when the rows in hand run out. */
  showMore(section: ReviewSection): Promise<void>;
  /** Reads every remaining page and shows every row. */
  showAll(section: ReviewSection): Promise<void>;
}

function sectionsFrom(overview: ReviewResponse): Sections {
  const one = <S extends ReviewSection>(s: S): SectionState<S> => ({
    ...firstPage((overview[s] ?? []) as ReviewRow<S>[], overview.pages[s]),
    shown: REPORT_STEP,
    loading: null,
    problem: null,
  });
  return { resolved: one('resolved'), deferred: one('deferred'), open: one('open'), discussions: one('discussions') };
}

/** Bumped when the project changes or the overview reloads, so late answers are dropped. */
let generation = 0;

export const useReview = create<ReviewState>()((set, get) => {
  const patchSection = <S extends ReviewSection>(section: S, patch: Partial<SectionState<S>>) =>
    set((state) =>
      state.sections ? { sections: { ...state.sections, [section]: { ...state.sections[section], ...patch } } } : {},
    );

  /**
   * Reads the page at the section's nextOffset and appends it. True when a page arrived,
   * false when it failed (the failure is on the section), null when the answer was for a
   * project or overview the screen has since left.
   */
  async function fetchNext(section: ReviewSection): Promise<boolean | null> {
    const { projectId, sections } = get();
    const offset = sections?.[section].nextOffset;
    if (!projectId || offset == null) return false;
    const mine = generation;
    const res = await getBridge().api.review({ projectId, section, offset });
    const now = get().sections?.[section];
    if (mine !== generation || !now) return null;
    if (!res.ok) {
      patchSection(section, { problem: failure(`Could not load more ${SECTION_META[section].noun}`, res.error) });
      return false;
    }
    // Only the requested section's page describes what came back; the others say 0.
    const next = appendPage<{ id: string }>(
      now,
      (res.data[section] ?? []) as { id: string }[],
      res.data.pages[section],
    );
    patchSection(section, next as Partial<SectionState<typeof section>>);
    return true;
  }

  return {
    projectId: null,
    overview: null,
    sections: null,
    loading: false,
    problem: null,
    loadedAt: null,

    async load(projectId, force = false) {
      const same = get().projectId === projectId;
      if (same && !force && (get().overview || get().loading)) return;
      const mine = ++generation;
      set(
        same
          ? { loading: true, problem: null }
          : { projectId, overview: null, sections: null, loading: true, problem: null, loadedAt: null },
      );
      const res = await getBridge().api.review({ projectId });
      if (mine !== generation) return;
      if (res.ok) set({ overview: res.data, sections: sectionsFrom(res.data), loading: false, loadedAt: Date.now() });
      else set({ problem: failure('Could not load the project review', res.error), loading: false });
    },

    loadMore: async (section) => {
      const current = get().sections?.[section];
      if (!current || current.loading || current.nextOffset === null) return false;
      patchSection(section, { loading: 'more', problem: null });
      const ok = await fetchNext(section);
      if (ok !== null) patchSection(section, { loading: null });
      return ok === true;
    },

    async loadAll(section) {
      const current = get().sections?.[section];
      if (!current || current.loading || current.nextOffset === null) return;
      patchSection(section, { loading: 'all', problem: null });
      let ok: boolean | null = true;
      while (ok === true && get().sections?.[section]?.nextOffset != null) ok = await fetchNext(section);
      if (ok !== null) patchSection(section, { loading: null });
    },

    async showMore(section) {
      const current = get().sections?.[section];
      if (!current || current.loading) return;
      const want = current.shown + REPORT_STEP;
      if (want > current.rows.length && current.nextOffset !== null) {
        const ok = await get().loadMore(section);
        if (!ok) return;
      }
      patchSection(section, { shown: want });
    },

    async showAll(section) {
      await get().loadAll(section);
      const current = get().sections?.[section];
      if (current) patchSection(section, { shown: Math.max(current.shown, current.rows.length) });
    },
  };
});

// A review that failed to load for want of the service loads again once it answers.
onReconnected(() => {
  const { projectId, problem, load } = useReview.getState();
  if (projectId && problem && goneWithTheConnection(problem)) void load(projectId, true);
});
