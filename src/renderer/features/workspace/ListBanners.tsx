import { Banner } from '../../components/Banner.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { UnreadableNotice } from '../../components/UnreadableNotice.js';
import type { ReadProblem } from '#shared/reader/index.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import type { SliceFilter, UnlistedSlice } from '../../server-state/load-project-items.js';
import { useTextSearch } from '../../stores/text-search-store.js';
import { formatCount } from '../../format/counts.js';

function describeSlice(filter: SliceFilter): string {
  const parts = [filter.page ? `page ${filter.page}` : 'the whole project'];
  if (filter.status) parts.push(statusLabel(filter.status).toLowerCase());
  if (filter.type) parts.push(typeLabel(filter.type).toLowerCase());
  return parts.join(', ');
}

function missingCount(unlisted: UnlistedSlice[]): number {
  return unlisted.reduce((n, s) => n + Math.max(0, s.matched - s.returned), 0);
}

function where(unlisted: UnlistedSlice[]): string {
  const named = unlisted
    .slice(0, 3)
    .map(({ filter }) => describeSlice(filter))
    .join('; ');
  return unlisted.length > 3 ? `${named} and ${unlisted.length - 3} more groups` : named;
}

interface ListBannersProps {
  unlisted: UnlistedSlice[];
  /** Threads the service sent that could not be read. */
  unreadable: readonly ReadProblem[];
  onRetrySearch(): void;
}

/**
 * Says plainly when the list is not the whole story: slices the endpoint cut at 200 rows (it
 * does not page), or a text search that could not finish. A capped scan (counts are
 * minimums) is said by the summary's "at least".
 */
export function ListBanners({ unlisted, unreadable, onRetrySearch }: ListBannersProps) {
  const missing = missingCount(unlisted);
  const searchUnlisted = useTextSearch((s) => s.unlisted);
  const searchProblem = useTextSearch((s) => s.problem);
  return (
    <>
      {unlisted.length > 0 && (
        <Banner tone="warning" testId="banner-truncated">
          Some threads could not be listed: the endpoint does not page and returns at most 200 threads per request, so
          narrow the filters.{' '}
          {missing > 0 ? `${formatCount(missing)} threads are missing from ` : 'Threads are missing from '}
          {where(unlisted)}.
        </Banner>
      )}
      {searchUnlisted.length > 0 && (
        <Banner tone="warning" testId="banner-search-truncated">
          The search matched more threads than the service lists at once (it does not page), so some matches in{' '}
          {where(searchUnlisted)} are not shown: narrow the search or the filters.
        </Banner>
      )}
      <UnreadableNotice problems={unreadable} />
      {searchProblem && <ErrorMessage problem={searchProblem} onRetry={onRetrySearch} compact />}
    </>
  );
}
