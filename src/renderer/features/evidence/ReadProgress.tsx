import { formatCount } from '../../format/counts.js';

/** How many of the threads' details are in: "38 of 120 screenshots read". */
export function ReadProgress({
  done,
  total,
  failed,
  what,
  rest,
}: {
  done: number;
  total: number;
  failed: number;
  what: string;
  rest?: string;
}) {
  const complete = done >= total;
  return (
    <p className="evidence-progress" data-testid="evidence-progress">
      {!complete && <progress max={Math.max(total, 1)} value={done} aria-label={`Reading ${what}`} />}
      <span>
        {formatCount(done)} of {formatCount(total)} {what} read
        {failed > 0 && ` (${formatCount(failed)} could not be)`}
        {!complete && rest ? ` · ${rest}` : ''}
      </span>
    </p>
  );
}
