import { LIMITS } from '#shared/api/limits.js';
import { Banner } from '../../../components/Banner.js';
import { formatCount } from '../../../format/counts.js';

/** Reports read the most recent 2,000 threads; beyond that, say what the numbers are. */
export function CappedBanner({
  reader,
  consequence,
  testId,
}: {
  reader: string;
  consequence: string;
  testId?: string;
}) {
  const limit = formatCount(LIMITS.scanLimit);
  return (
    <Banner tone="warning" testId={testId}>
      This project has more than {limit} threads; {reader} read the most recent {limit}, so {consequence}.
    </Banner>
  );
}
