import type { ReactNode } from 'react';
import { formatCount } from '../../../format/counts.js';

interface CountTile {
  key: string;
  label: string;
  value: number;
  /** Words under the number, e.g. "in 12 threads". */
  detail?: ReactNode;
}

/** Headline numbers; each keeps a test hook with its key so tests can compare with the API. */
export function CountTiles({
  tiles,
  label,
  atLeast = false,
}: {
  tiles: CountTile[];
  label: string;
  atLeast?: boolean;
}) {
  return (
    <dl className="count-tiles" aria-label={label}>
      {tiles.map((t) => (
        <div key={t.key} className="count-tile" data-testid={`count-${t.key}`}>
          <dt className="count-tile__label">{t.label}</dt>
          <dd className="count-tile__value">
            {atLeast && <span className="count-tile__qualifier">at least </span>}
            <span data-testid={`count-${t.key}-value`}>{formatCount(t.value)}</span>
          </dd>
          {t.detail && <dd className="count-tile__detail">{t.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}
