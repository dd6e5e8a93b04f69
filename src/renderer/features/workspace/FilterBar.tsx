import { memo, useMemo } from 'react';
import type { ItemsSummary, Member } from '../../../shared/reader/index.js';
import { assigneeFilterLabel, taskFilterLabel } from '../../format/filters-text.js';
import { BOARD_STATUSES, statusLabel, typeLabel } from '../../format/labels.js';
import { activeFilterCount, ASSIGNEE_ME, ASSIGNEE_NONE, TASK_FILTERS, TYPE_NONE, type FilterKey, type Filters } from '../../stores/filter-model.js';
import { useMembers } from '../../stores/members-store.js';
import { useSession } from '../../stores/session-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { SearchField } from './SearchField.js';

interface Option {
  value: string;
  label: string;
}

/** Threads the summary counts under no type. */
function untypedCount(summary: ItemsSummary | null | undefined): number {
  if (!summary) return 0;
  const typed = Object.values(summary.byType).reduce((a, b) => a + b, 0);
  return Math.max(0, summary.total - typed);
}

const n = (count: number | undefined) => (count ? ` (${count.toLocaleString('en-US')})` : '');

/** Keys of a count map, busiest first, then by name. */
function byCount(counts: Record<string, number>): string[] {
  return Object.keys(counts).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b));
}

/** A value from the URL or a saved view that the lists don't offer (yet) is still shown, not silently dropped. */
function withCurrent(options: Option[], current: string | undefined, label: (v: string) => string): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: label(current) }];
}

function FilterSelect({ id, label, value, anyLabel, options, onChange }: { id: FilterKey; label: string; value: string | undefined; anyLabel: string; options: Option[]; onChange(key: FilterKey, value: string): void }) {
  return (
    <div className={`filter${value ? ' filter--active' : ''}`}>
      <label htmlFor={`filter-${id}`}>{label}</label>
      <select id={`filter-${id}`} value={value ?? ''} onChange={(e) => onChange(id, e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function assigneeOptions(members: Member[], summary: ItemsSummary | null, youName: string | undefined): Option[] {
  return [
    { value: ASSIGNEE_ME, label: youName ? `Me (${youName})` : 'Me' },
    { value: ASSIGNEE_NONE, label: `Unassigned${n(summary?.unassigned)}` },
    ...members.map((m) => ({ value: m.id, label: m.name })),
  ];
}

interface FilterBarProps {
  summary: ItemsSummary | null;
  shown: number;
  total: number;
}

/** One bar for board and table: status, type, page, assignee, agent task and text search. */
export const FilterBar = memo(function FilterBar({ summary, shown, total }: FilterBarProps) {
  const filters = useWorkspace((s) => s.filters);
  const setFilter = useWorkspace((s) => s.setFilter);
  const clearFilters = useWorkspace((s) => s.clearFilters);
  const members = useMembers((s) => s.members);
  const youName = useSession((s) => s.active?.you?.name);

  const options = useMemo(() => {
    const memberName = (id: string) => members.find((m) => m.id === id)?.name;
    return {
      status: BOARD_STATUSES.map((s) => ({ value: s, label: `${statusLabel(s)}${n(summary?.[s])}` })),
      type: withCurrent(
        [
          ...byCount(summary?.byType ?? {}).map((t) => ({ value: t, label: `${typeLabel(t)}${n(summary?.byType[t])}` })),
          // Threads no type counts: unclassified ones (the live service types threads after creation).
          ...(untypedCount(summary) > 0 ? [{ value: TYPE_NONE, label: `${typeLabel(null)}${n(untypedCount(summary))}` }] : []),
        ],
        filters.type,
        typeLabel,
      ),
      page: withCurrent(
        byCount(summary?.byPage ?? {}).map((p) => ({ value: p, label: `${p}${n(summary?.byPage[p])}` })),
        filters.page,
        (p) => p,
      ),
      assignee: withCurrent(assigneeOptions(members, summary, youName), filters.assignee, (v) => assigneeFilterLabel(v, memberName)),
      task: TASK_FILTERS.map((t) => ({ value: t, label: taskFilterLabel(t) })),
    };
  }, [summary, members, youName, filters.type, filters.page, filters.assignee]);

  const change = (key: FilterKey, value: string) => setFilter(key, (value || undefined) as Filters[typeof key]);
  const active = activeFilterCount(filters);

  return (
    <div className="filter-bar panel-surface" role="group" aria-label="Filters">
      <SearchField />
      <FilterSelect id="status" label="Status" value={filters.status} anyLabel="Any status" options={options.status} onChange={change} />
      <FilterSelect id="type" label="Type" value={filters.type} anyLabel="Any type" options={options.type} onChange={change} />
      <FilterSelect id="page" label="Page" value={filters.page} anyLabel="Any page" options={options.page} onChange={change} />
      <FilterSelect id="assignee" label="Assignee" value={filters.assignee} anyLabel="Anyone" options={options.assignee} onChange={change} />
      <FilterSelect id="task" label="Agent task" value={filters.task} anyLabel="Any task" options={options.task} onChange={change} />
      {active > 0 && (
        <button type="button" className="button button--quiet" onClick={clearFilters}>
          Clear filters
        </button>
      )}
      <p className="filter-bar__count muted" aria-live="polite" data-testid="shown-count">
        {active > 0 ? `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} threads` : `${total.toLocaleString('en-US')} threads`}
      </p>
    </div>
  );
});
