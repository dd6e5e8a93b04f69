import { Banner } from '../../components/Banner.js';
import { STATUS_LABEL, typeLabel } from '../../format/labels.js';
import type { SliceFilter, UnlistedSlice } from '../../stores/load-project-items.js';

function describeSlice(filter: SliceFilter): string {
  const parts = [filter.page ? `page ${filter.page}` : 'the whole project'];
  if (filter.status) parts.push(STATUS_LABEL[filter.status].toLowerCase());
  if (filter.type) parts.push(typeLabel(filter.type).toLowerCase());
  return parts.join(', ');
}

/** Says plainly when the board is not the whole story: a capped scan, or slices still cut at 200 rows. */
export function BoardBanners({ capped, scanLimit, unlisted }: { capped: boolean; scanLimit: number; unlisted: UnlistedSlice[] }) {
  const limit = scanLimit.toLocaleString('en-US');
  const missing = unlisted.reduce((n, s) => n + Math.max(0, s.matched - s.returned), 0);
  return (
    <>
      {capped && (
        <Banner tone="info" testId="banner-capped">
          This project has more than {limit} threads; only the most recent {limit} are shown and counts are minimums.
        </Banner>
      )}
      {unlisted.length > 0 && (
        <Banner tone="warning" testId="banner-truncated">
          Some threads could not be listed: narrow the filters. {missing > 0 ? `${missing.toLocaleString('en-US')} threads are missing from ` : 'Threads are missing from '}
          {unlisted.slice(0, 3).map(({ filter }) => describeSlice(filter)).join('; ')}
          {unlisted.length > 3 ? ` and ${unlisted.length - 3} more groups` : ''}, because the service returns at most 200 threads per request.
        </Banner>
      )}
    </>
  );
}
