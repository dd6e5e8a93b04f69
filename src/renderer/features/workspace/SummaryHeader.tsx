import { memo } from 'react';
import { Popover } from '../../components/Popover.js';
import type { ItemRow, ItemsSummary } from '#shared/reader/index.js';
import { BOARD_STATUSES, statusLabel, typeLabel } from '../../format/labels.js';
import {
  activeFilterCount,
  ASSIGNEE_NONE,
  TYPE_NONE,
  type FilterKey,
  type Filters,
} from '../../stores/filter-model.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { formatCount } from '../../format/counts.js';
import { useMenuCounts } from './use-menu-counts.js';

const BUSIEST_PAGES = 8;

function top(counts: Record<string, number>, limit: number): Array<[string, number]> {
  return Object.entries(counts)
    .filter(([, c]) => c > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}

interface StatProps {
  filterKey: FilterKey;
  value: string;
  label: string;
  count: number;
  /** "Filter by …" wording for the accessible name. */
  describe: string;
  testId?: string;
  className?: string;
}

/** A count that is also a filter: pressing it shows only those threads, pressing again shows all. */
function Stat({ filterKey, value, label, count, describe, testId, className = '' }: StatProps) {
  const active = useWorkspace((s) => s.filters[filterKey] === value);
  const setFilter = useWorkspace((s) => s.setFilter);
  return (
    <button
      type="button"
      className={`stat${active ? ' stat--active' : ''} ${className}`}
      aria-pressed={active}
      title={active ? `Showing only ${describe}; press to show all` : `Show only ${describe}`}
      data-testid={testId}
      onClick={() => setFilter(filterKey, (active ? undefined : value) as Filters[typeof filterKey])}
    >
      <span className="stat__label">{label}</span> <span className="stat__count">{formatCount(count)}</span>
    </button>
  );
}

/** "at least 2,000 threads" for a capped project; the reason opens from it instead of taking a banner's room. */
function Total({ summary, capped, scanLimit }: { summary: ItemsSummary; capped: boolean; scanLimit: number }) {
  const total = <span data-testid="summary-total">{formatCount(summary.total)}</span>;
  if (!capped) return <p className="summary__total">{total} threads</p>;
  const limit = formatCount(scanLimit);
  return (
    <Popover
      buttonClassName="summary__total summary__total--capped"
      testId="banner-capped"
      label={
        <>
          <span className="summary__qualifier">at least</span> {total} threads{' '}
          <span className="summary__why">why?</span>
        </>
      }
    >
      {() => (
        <p className="summary__note" tabIndex={0}>
          This project has more than {limit} threads. The service reads only the most recent {limit}, so only those are
          shown and the counts are minimums.
        </p>
      )}
    </Popover>
  );
}

const BREAKDOWN_MENUS = ['type', 'page'] as const;

/**
 * The breakdowns by type and busiest page. With no filter they count the whole project (the
 * summary); under filters they follow them as the filter menus do: each figure is what picking
 * it would show under the other filters.
 */
function Breakdowns({ summary, all }: { summary: ItemsSummary; all: ItemRow[] }) {
  const filters = useWorkspace((s) => s.filters);
  const filtered = activeFilterCount(filters) > 0;
  const faceted = useMenuCounts(all, filters, filtered ? BREAKDOWN_MENUS : []);
  const typeCounts =
    filtered && faceted.type ? Object.fromEntries([...faceted.type].filter(([t]) => t !== TYPE_NONE)) : summary.byType;
  const pageCounts = filtered && faceted.page ? Object.fromEntries(faceted.page) : summary.byPage;
  const types = top(typeCounts, Number.POSITIVE_INFINITY);
  const pages = top(pageCounts, BUSIEST_PAGES);
  return (
    <div className="summary__breakdowns" data-testid="summary-breakdowns">
      {filtered && <p className="summary__caption summary__caption--note">Under the other filters</p>}
      <div className="summary__group" role="group" aria-label="By type">
        <span className="summary__caption">By type</span>
        {types.length === 0 && <span className="muted">None</span>}
        {types.map(([type, count]) => (
          <Stat
            key={type}
            filterKey="type"
            value={type}
            label={typeLabel(type)}
            count={count}
            describe={`threads of type ${typeLabel(type)}`}
          />
        ))}
      </div>
      <div className="summary__group summary__group--pages" role="group" aria-label="Busiest pages">
        <span className="summary__caption">Busiest pages</span>
        {pages.length === 0 && <span className="muted">None</span>}
        {pages.map(([page, count]) => (
          <Stat key={page} filterKey="page" value={page} label={page} count={count} describe={`threads on ${page}`} />
        ))}
      </div>
    </div>
  );
}

/** "By type and page": the only part of the line that follows every filter change (it closes on one). */
function BreakdownsPopover({ summary, all }: { summary: ItemsSummary; all: ItemRow[] }) {
  const filters = useWorkspace((s) => s.filters);
  return (
    <Popover
      buttonClassName="button button--quiet summary__more"
      label="By type and page ▾"
      testId="summary-more"
      closeOn={filters}
    >
      {() => <Breakdowns summary={summary} all={all} />}
    </Popover>
  );
}

interface SummaryHeaderProps {
  summary: ItemsSummary;
  capped: boolean;
  scanLimit: number;
  /** Every loaded thread: the breakdowns count over them under filters. */
  all: ItemRow[];
}

/**
 * Whole-project counts from the service's summary (before filters), on one line: the total,
 * status and unassigned; the breakdowns by type and busiest page open from "By type and page"
 * and close when the filters change (a pick in them included). Every figure filters on click.
 */
export const SummaryHeader = memo(function SummaryHeader({ summary, capped, scanLimit, all }: SummaryHeaderProps) {
  return (
    <section className="summary" aria-label="Project summary" data-testid="summary">
      <Total summary={summary} capped={capped} scanLimit={scanLimit} />
      <div className="summary__group" role="group" aria-label="By status">
        {BOARD_STATUSES.map((s) => (
          <Stat
            key={s}
            filterKey="status"
            value={s}
            label={statusLabel(s)}
            count={summary[s]}
            describe={`${statusLabel(s).toLowerCase()} threads`}
            testId={`summary-${s}`}
          />
        ))}
        <Stat
          filterKey="assignee"
          value={ASSIGNEE_NONE}
          label="Unassigned"
          count={summary.unassigned}
          describe="unassigned threads"
        />
      </div>
      <BreakdownsPopover summary={summary} all={all} />
    </section>
  );
});
