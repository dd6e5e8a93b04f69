import { useEffect } from 'react';
import type { ReviewSection } from '#shared/api/requests.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { ExportBar } from '../components/ExportBar.js';
import { LoadedAt } from '../components/LoadedAt.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { revealInReport } from '../components/reveal.js';
import { reviewMarkdown } from '../model/review-markdown.js';
import { shownPart } from '../model/paging.js';
import { REVIEW_SECTION_KEYS, SECTION_META, sectionShown } from '../model/review-model.js';
import { useReview } from '../stores/review-store.js';
import { ReviewCharts } from './ReviewCharts.js';
import { ReviewOverview } from './ReviewOverview.js';
import { ReviewSectionView } from './ReviewSectionView.js';
import { UnreadableNotice } from '../../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';
import { formatCount } from '../../../format/counts.js';

/** Moves to a section's heading. Not an <a href="#…">: the URL fragment is the app's route. */
function jumpTo(section: ReviewSection) {
  const heading = document.getElementById(`review-section-${section}`);
  // The Jump to bar stays stuck at the top: the heading lands below it.
  const bar = document.querySelector<HTMLElement>('.review-jump');
  if (heading) revealInReport(heading, heading, bar?.offsetHeight ?? 0);
}

function SectionLinks() {
  const sections = useReview((s) => s.sections);
  if (!sections) return null;
  return (
    <nav className="review-jump no-print" aria-label="Review sections">
      <span className="muted">Jump to</span>
      {REVIEW_SECTION_KEYS.map((s) => (
        <button key={s} type="button" className="link-button" onClick={() => jumpTo(s)}>
          {SECTION_META[s].title} (
          {SECTION_META[s].top === undefined
            ? formatCount(sections[s].total)
            : `top ${formatCount(sectionShown<unknown>(s, sections[s]).list.rows.length)}`}
          )
        </button>
      ))}
    </nav>
  );
}

/** The project review: counts, charts and the four sections, for the weekly meeting. */
export function ReviewTab() {
  const { projectId, projectName } = useReportsContext();
  const overview = useReview((s) => s.overview);
  const loading = useReview((s) => s.loading);
  const problem = useReview((s) => s.problem);
  const loadedAt = useReview((s) => s.loadedAt);
  const load = useReview((s) => s.load);

  useEffect(() => void load(projectId), [load, projectId]);

  const markdown = () => {
    const { overview: o, sections } = useReview.getState();
    if (!o || !sections) return '';
    // The export holds what the screen shows: each section's rows as far as shown.
    const shown = {
      resolved: shownPart(sections.resolved, sections.resolved.shown),
      deferred: shownPart(sections.deferred, sections.deferred.shown),
      open: shownPart(sections.open, sections.open.shown),
      discussions: sections.discussions,
    };
    return reviewMarkdown({ projectName, generatedAt: Date.now(), overview: o, sections: shown });
  };

  return (
    <div className="review">
      <div className="report-toolbar">
        <LoadedAt at={loadedAt} loading={loading} onRefresh={() => void load(projectId, true)} what="project review" />
        <ExportBar projectName={projectName} kind="review" markdown={markdown} disabled={!overview} />
      </div>
      {problem && <ErrorMessage problem={problem} onRetry={() => void load(projectId, true)} />}
      {loading && (
        <Loading testId="review-loading">
          {overview
            ? `Refreshing the review of ${projectName}…`
            : `Loading the review of ${projectName}: counts, breakdowns and the first rows of each section…`}
        </Loading>
      )}
      {overview && (
        <>
          <UnreadableNotice problems={unreadableOf(overview)} />
          <ReviewOverview overview={overview} />
          <ReviewCharts overview={overview} />
          <SectionLinks />
          {REVIEW_SECTION_KEYS.map((s) => (
            <ReviewSectionView key={s} section={s} />
          ))}
        </>
      )}
    </div>
  );
}
