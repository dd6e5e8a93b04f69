import { LIMITS } from '#shared/api/limits.js';
import { formatCount } from '../../format/counts.js';

const WARN_WITHIN = 200;

/**
 * "1,234 / 4,000": live as the person types. Screen readers hear it only near the limit
 * (every keystroke read out would drown the typing).
 */
export function CharCounter({ length, max = LIMITS.bodyMaxChars, id }: { length: number; max?: number; id?: string }) {
  const remaining = max - length;
  const tone = remaining < 0 ? 'counter counter--over' : remaining <= WARN_WITHIN ? 'counter counter--near' : 'counter';
  return (
    <span className={tone} id={id} data-testid="char-counter">
      {formatCount(length)} / {formatCount(max)}
      <span className="visually-hidden" aria-live="polite">
        {remaining < 0
          ? `${formatCount(-remaining)} characters over the limit`
          : remaining <= WARN_WITHIN
            ? `${remaining} characters left`
            : ''}
      </span>
    </span>
  );
}
