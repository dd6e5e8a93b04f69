import { memo, useCallback, useMemo } from 'react';
import type { ItemRow, ItemsSummary, Member } from '../../../shared/reader/index.js';
import { assigneeFilterLabel, taskFilterLabel } from '../../format/filters-text.js';
import { BOARD_STATUSES, statusLabel, typeLabel } from '../../format/labels.js';
import { useBoard } from '../../stores/board-store.js';
import { facetCount, type FacetCounts, type FacetKey } from '../../stores/facet-model.js';
import { activeFilterCount, ASSIGNEE_ME, ASSIGNEE_NONE, TASK_FILTERS, TYPE_NONE, type FilterKey, type Filters } from '../../stores/filter-model.js';
import { useMembers } from '../../stores/members-store.js';
import { useSession } from '../../stores/session-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { SearchField } from './SearchField.js';
import { SearchProgress } from './SearchProgress.js';
import { useFacetCounts } from './use-facet-counts.js';

interface Option {
  value: string;
  label: string;
  /** Threads the list would show with this option picked (and the other filters kept). */
  count?: number;
}

/** Threads the summary counts under no type. */
function untypedCount(summary: ItemsSummary | null | undefined): number {
  if (!summary) return 0;
  const typed = Object.values(summary.byType).reduce((a, b) => a + b, 0);
  return Math.max(0, summary.total - typed);
}

/** Keys of a count map, busiest first, then by name. */
function byCount(counts: Record<string, number>): string[] {
  return Object.keys(counts).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b));
}

/**
 * The values a menu offers: the project's (from the summary, busiest first, so the order does
 * not shuffle as filters change), then any the loaded rows hold that the summary does not name.
 */
function menuValues(projectOrder: string[], facets: FacetCounts | null, key: FacetKey): string[] {
  const seen = new Set(projectOrder);
  const extra = facets ? [...facets[key].keys()].filter((v) => !seen.has(v)).sort((a, b) => a.localeCompare(b)) : [];
  return [...projectOrder, ...extra];
}

/** A value from the URL or a saved view that the lists don't offer (yet) is still shown, not silently dropped. */
function withCurrent(options: Option[], current: string | undefined, label: (v: string) => string): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: label(current) }];
}

function counted(facets: FacetCounts | null, key: FacetKey, options: Option[]): Option[] {
  return facets ? options.map((o) => ({ ...o, count: facetCount(facets, key, o.value) })) : options;
}

const optionText = (o: Option) => (o.count === undefined ? o.label : `${o.label} (${o.count.toLocaleString('en-US')})`);

interface FilterSelectProps {
  id: FilterKey;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: Option[];
  onChange(key: FilterKey, value: string): void;
}

const FilterSelect = memo(function FilterSelect({ id, label, value, anyLabel, options, onChange }: FilterSelectProps) {
  return (
    <div className={`filter filter--${id}${value ? ' filter--active' : ''}`}>
      <label htmlFor={`filter-${id}`}>{label}</label>
      <select id={`filter-${id}`} value={value ?? ''} onChange={(e) => onChange(id, e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          // An option nothing would match stays pickable (the person may be about to change another filter), marked by its 0.
          <option key={o.value} value={o.value} data-count={o.count}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </div>
  );
});

function assigneeOptions(members: Member[], youName: string | undefined): Option[] {
  return [{ value: ASSIGNEE_ME, label: youName ? `Me (${youName})` : 'Me' }, { value: ASSIGNEE_NONE, label: 'Unassigned' }, ...members.map((m) => ({ value: m.id, label: m.name }))];
}

interface FilterBarProps {
  summary: ItemsSummary | null;
  /** Every loaded thread: the menus count over them. */
  all: ItemRow[];
  shown: number;
}

/**
 * One bar for board and table: text search, status, type, page, assignee and agent task, each
 * menu counting what picking an option would show under the other filters. Every part keeps
 * its place: "Clear filters" has its slot even while hidden, the menus have fixed widths, so
 * nothing moves or wraps as filters come and go.
 */
export const FilterBar = memo(function FilterBar({ summary, all, shown }: FilterBarProps) {
  const filters = useWorkspace((s) => s.filters);
  const setFilter = useWorkspace((s) => s.setFilter);
  const clearFilters = useWorkspace((s) => s.clearFilters);
  const members = useMembers((s) => s.members);
  const youName = useSession((s) => s.active?.you?.name);
  const facets = useFacetCounts(all, filters);

  // One memo per menu, and memoized menus: a filter change re-renders only the menu it
  // changed; the counts (deferred) then re-render the menus whose counts moved.
  const statusOptions = useMemo(() => counted(facets, 'status', BOARD_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))), [facets]);
  const typeOptions = useMemo(() => {
    const projectTypes = [...byCount(summary?.byType ?? {}), ...(untypedCount(summary) > 0 ? [TYPE_NONE] : [])];
    const values = menuValues(projectTypes, facets, 'type').map((t) => ({ value: t, label: typeLabel(t === TYPE_NONE ? null : t) }));
    return counted(facets, 'type', withCurrent(values, filters.type, typeLabel));
  }, [summary, facets, filters.type]);
  const pageOptions = useMemo(() => {
    const values = menuValues(byCount(summary?.byPage ?? {}), facets, 'page').map((p) => ({ value: p, label: p }));
    return counted(facets, 'page', withCurrent(values, filters.page, (p) => p));
  }, [summary, facets, filters.page]);
  const assigneeMenu = useMemo(() => {
    const memberName = (id: string) => members.find((m) => m.id === id)?.name;
    return counted(facets, 'assignee', withCurrent(assigneeOptions(members, youName), filters.assignee, (v) => assigneeFilterLabel(v, memberName)));
  }, [members, youName, facets, filters.assignee]);
  const taskOptions = useMemo(() => counted(facets, 'task', TASK_FILTERS.map((t) => ({ value: t, label: taskFilterLabel(t) }))), [facets]);

  const change = useCallback((key: FilterKey, value: string) => setFilter(key, (value || undefined) as Filters[typeof key]), [setFilter]);
  const active = activeFilterCount(filters);
  const total = all.length;
  // A first load shows rows as its slices arrive: until it ends, the rows on hand are not the project.
  const firstLoad = useBoard((s) => s.progress !== null && s.loadedAt === null);
  const threads = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'thread' : 'threads'}`;
  const countText =
    firstLoad && total === 0
      ? 'Loading threads…'
      : `${active > 0 ? `${shown.toLocaleString('en-US')} of ${threads(total)}` : threads(total)}${firstLoad ? ' so far' : ''}`;

  return (
    <div className="filter-bar panel-surface" role="group" aria-label="Filters">
      <SearchField />
      <FilterSelect id="status" label="Status" value={filters.status} anyLabel="Any status" options={statusOptions} onChange={change} />
      <FilterSelect id="type" label="Type" value={filters.type} anyLabel="Any type" options={typeOptions} onChange={change} />
      <FilterSelect id="page" label="Page" value={filters.page} anyLabel="Any page" options={pageOptions} onChange={change} />
      <FilterSelect id="assignee" label="Assignee" value={filters.assignee} anyLabel="Anyone" options={assigneeMenu} onChange={change} />
      <FilterSelect id="task" label="Agent task" value={filters.task} anyLabel="Any task" options={taskOptions} onChange={change} />
      <div className="filter-bar__end">
        {/* Always in the layout, invisible (and out of the tab order) while nothing filters. */}
        <button type="button" className={`button button--quiet filter-bar__clear${active > 0 ? '' : ' filter-bar__clear--idle'}`} onClick={clearFilters} disabled={active === 0} data-testid="clear-filters">
          Clear filters
        </button>
        <div className="filter-bar__tally">
          <p className="filter-bar__count" aria-live="polite" data-testid="shown-count">
            {countText}
          </p>
          <SearchProgress shown={shown} />
        </div>
      </div>
    </div>
  );
});
