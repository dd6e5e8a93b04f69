import { RelativeTime } from '../../../components/RelativeTime.js';

/** When the report was read, and the way to read it again: reports do not refresh themselves. */
export function LoadedAt({
  at,
  loading,
  onRefresh,
  what,
}: {
  at: number | null;
  loading: boolean;
  onRefresh(): void;
  what: string;
}) {
  return (
    <span className="loaded-at no-print">
      {at !== null && (
        <span className="muted">
          <RelativeTime ms={at} prefix="Loaded" />
        </span>
      )}
      <button
        type="button"
        className="button button--quiet"
        onClick={onRefresh}
        disabled={loading}
        aria-label={`Refresh the ${what}`}
      >
        {loading ? 'Refreshing…' : 'Refresh'}
      </button>
    </span>
  );
}
