import type { ReviewResponse } from '#shared/reader/index.js';
import { formatDateTime } from '../../../format/relative-time.js';
import { CountTiles } from '../components/CountTiles.js';
import { spanDays } from '../model/review-model.js';
import { CappedBanner } from '../components/CappedBanner.js';

/** Every count of the project and the time it spans. */
export function ReviewOverview({ overview }: { overview: ReviewResponse }) {
  const c = overview.counts;
  const { span } = overview;
  return (
    <section className="review-overview" aria-labelledby="review-overview-title">
      <h2 id="review-overview-title">Overview</h2>
      {overview.capped && <CappedBanner reader="the review" consequence="counts are minimums" testId="review-capped" />}
      <p className="review-overview__span" data-testid="review-span">
        {span.firstAt !== null && span.lastAt !== null ? (
          <>
            Spans {spanDays(span)}: the first thread on {formatDateTime(span.firstAt)}, the last activity on{' '}
            {formatDateTime(span.lastAt)}.
          </>
        ) : (
          'No threads yet.'
        )}
      </p>
      <CountTiles
        label="Project counts"
        atLeast={overview.capped}
        tiles={[
          { key: 'threads', label: 'Threads', value: c.threads },
          { key: 'open', label: 'Open', value: c.open },
          { key: 'deferred', label: 'Deferred', value: c.deferred },
          { key: 'resolved', label: 'Resolved', value: c.resolved },
          { key: 'replies', label: 'Replies', value: c.replies },
          { key: 'people', label: 'People', value: c.people },
          { key: 'mergedDuplicates', label: 'Duplicates merged', value: c.mergedDuplicates },
          { key: 'retyped', label: 'Retyped by hand', value: c.retyped },
        ]}
      />
    </section>
  );
}
