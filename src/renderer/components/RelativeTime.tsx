import { formatDateTime, formatRelativeTime } from '../format/relative-time.js';
import { useNow } from './use-now.js';

/** "5 min ago", with the exact time in a <time> element for hover and assistive tech. */
export function RelativeTime({ ms, prefix }: { ms: number | null; prefix?: string }) {
  const now = useNow();
  if (ms === null) return <span className="muted">{prefix ? `${prefix} ` : ''}{formatRelativeTime(null, now)}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatDateTime(ms)}>
      {prefix ? `${prefix} ` : ''}
      {formatRelativeTime(ms, now)}
    </time>
  );
}
