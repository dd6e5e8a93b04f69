import { relativeTimeShown } from '../format/relative-time.js';
import { useNow } from './use-now.js';

/** "5 min ago", with the exact time in a <time> element for hover and assistive tech. */
export function RelativeTime({ ms, prefix }: { ms: number | null; prefix?: string }) {
  const { text, exact } = relativeTimeShown(ms, useNow());
  const words = `${prefix ? `${prefix} ` : ''}${text}`;
  if (!exact) return <span className="muted">{words}</span>;
  return (
    <time dateTime={exact.dateTime} title={exact.title}>
      {words}
    </time>
  );
}
