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
import { reviewSectionsNow, useReviewOverview, useReviewSection, type OverviewRead } from '../stores/review-query.js';
import { useSession } from '../../../stores/session-store.js';
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

function SectionLink({ section, overview }: { section: ReviewSection; overview: OverviewRead }) {
  const { projectId } = useReportsContext();
  const { list } = useReviewSection(projectId, section, overview);
  return (
    <button type="button" className="link-button" onClick={() => jumpTo(section)}>
      {SECTION_META[section].title} (
      {SECTION_META[section].top === undefined
        ? formatCount(list.total)
        : `top ${formatCount(sectionShown<unknown>(section, list).list.rows.length)}`}
      )
    </button>
  );
}

function SectionLinks({ overview }: { overview: OverviewRead }) {
  return (
    <nav className="review-jump no-print" aria-label="Review sections">
      <span className="muted">Jump to</span>
      {REVIEW_SECTION_KEYS.map((s) => (
        <SectionLink key={s} section={s} overview={overview} />
      ))}
    </nav>
  );
}

/** The project review: counts, charts and the four sections, for the weekly meeting. */
export function ReviewTab() {
  const { projectId, projectName } = useReportsContext();
  const connectionId = useSession((s) => s.active?.connection.id);
  const { overview: read, loading, problem, loadedAt, refresh } = useReviewOverview(projectId);
  const overview = read?.data ?? null;

  const markdown = () => {
    if (!read) return '';
    const sections = reviewSectionsNow(connectionId, projectId, read);
    // The export holds what the screen shows: each section's rows as far as shown.
    const shown = {
      resolved: shownPart(sections.resolved, sections.resolved.shown),
      deferred: shownPart(sections.deferred, sections.deferred.shown),
      open: shownPart(sections.open, sections.open.shown),
      discussions: sections.discussions,
    };
    return reviewMarkdown({ projectName, generatedAt: Date.now(), overview: read.data, sections: shown });
  };

  return (
    <div className="review">
      <div className="report-toolbar">
        <LoadedAt at={loadedAt} loading={loading} onRefresh={refresh} what="project review" />
        <ExportBar projectName={projectName} kind="review" markdown={markdown} disabled={!overview} />
      </div>
      {problem && <ErrorMessage problem={problem} onRetry={refresh} />}
      {loading && (
        <Loading testId="review-loading">
          {overview
            ? `Refreshing the review of ${projectName}…`
            : `Loading the review of ${projectName}: counts, breakdowns and the first rows of each section…`}
        </Loading>
      )}
      {read && (
        <>
          <UnreadableNotice problems={unreadableOf(read.data)} />
          <ReviewOverview overview={read.data} />
          <ReviewCharts overview={read.data} />
          <SectionLinks overview={read} />
          {REVIEW_SECTION_KEYS.map((s) => (
            <ReviewSectionView key={s} section={s} overview={read} />
          ))}
        </>
      )}
    </div>
  );
}
