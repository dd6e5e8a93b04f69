import { memo, useCallback, useMemo, useState } from 'react';
import type { ItemRow, ItemsSummary, Member } from '#shared/reader/index.js';
import { assigneeFilterLabel, taskFilterLabel } from '../../format/filters-text.js';
import { BOARD_STATUSES, statusLabel, typeLabel } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { valuesPresent, type FacetKey } from '../../stores/facet-model.js';
import {
  activeFilterCount,
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  TASK_FILTERS,
  TYPE_NONE,
  type Filters,
} from '../../stores/filter-model.js';
import { useOpenProjectMembers } from '../../server-state/project-members.js';
import { useSession } from '../../stores/session-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { SearchField } from './SearchField.js';
import { SearchProgress } from './SearchProgress.js';
import { useMenuCounts } from './use-menu-counts.js';
import { formatCount, threadCount } from '../../format/counts.js';

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

/** Keys of a count map, busiest first, then by name. */
function byCount(counts: Record<string, number>): string[] {
  return Object.keys(counts).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b));
}

/**
 * The values a menu offers: the project's (from the summary, busiest first, so the order does
 * not shuffle as filters change), then any the loaded rows hold that the summary does not name.
 */
function menuValues(projectOrder: string[], present: ReadonlySet<string>): string[] {
  const seen = new Set(projectOrder);
  const extra = [...present].filter((v) => !seen.has(v)).sort((a, b) => a.localeCompare(b));
  return [...projectOrder, ...extra];
}

/** A value from the URL or a saved view that the lists don't offer (yet) is still shown, not silently dropped. */
function withCurrent(options: Option[], current: string | undefined, label: (v: string) => string): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: label(current) }];
}

const optionText = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatCount(count)})`;

type Engage = (menu: FacetKey, how: 'focus' | 'hover', on: boolean) => void;

interface FilterSelectProps {
  id: FacetKey;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: Option[];
  /** Per option, what picking it would show: while the menu is focused or under the pointer. */
  counts: ReadonlyMap<string, number> | undefined;
  /** What the picked option shows (the list's own count), for the closed menu's face. */
  pickedCount: number | undefined;
  onChange(key: FacetKey, value: string): void;
  onEngage: Engage;
}

const FilterSelect = memo(function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  options,
  counts,
  pickedCount,
  onChange,
  onEngage,
}: FilterSelectProps) {
  return (
    <div
      className={`filter filter--${id}${value ? ' filter--active' : ''}`}
      onPointerEnter={() => onEngage(id, 'hover', true)}
      onPointerLeave={() => onEngage(id, 'hover', false)}
    >
      <label htmlFor={`filter-${id}`}>{label}</label>
      <select
        id={`filter-${id}`}
        value={value ?? ''}
        onChange={(e) => onChange(id, e.target.value)}
        onFocus={() => onEngage(id, 'focus', true)}
        onBlur={() => onEngage(id, 'focus', false)}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => {
          const count = counts ? (counts.get(o.value) ?? 0) : o.value === value ? pickedCount : undefined;
          return (
            // An option nothing would match stays pickable (the person may be about to change another filter), marked by its 0.
            <option key={o.value} value={o.value} data-count={count}>
              {optionText(o.label, count)}
            </option>
          );
        })}
      </select>
    </div>
  );
});

function assigneeOptions(members: Member[], youName: string | undefined): Option[] {
  return [
    { value: ASSIGNEE_ME, label: youName ? `Me (${youName})` : 'Me' },
    { value: ASSIGNEE_NONE, label: 'Unassigned' },
    ...members.map((m) => ({ value: m.id, label: m.name })),
  ];
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
  const { members } = useOpenProjectMembers();
  const youName = useSession((s) => s.active?.you?.name);
  const [focused, setFocused] = useState<FacetKey | null>(null);
  const [hovered, setHovered] = useState<FacetKey | null>(null);
  const engage = useCallback<Engage>((menu, how, on) => {
    const set = how === 'focus' ? setFocused : setHovered;
    set((current) => (on ? menu : current === menu ? null : current));
  }, []);
  const engaged = useMemo(
    () => [...new Set([focused, hovered])].filter((m): m is FacetKey => m !== null),
    [focused, hovered],
  );
  const counts = useMenuCounts(all, filters, engaged);
  const present = useMemo(() => valuesPresent(all, ['type', 'page']), [all]);

  // One memo per menu, and memoized menus: a filter change re-renders only the menu it
  // changed (and the picked options' counts), the menus someone is at their counts.
  const statusOptions = useMemo(() => BOARD_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })), []);
  const typeOptions = useMemo(() => {
    const projectTypes = [...byCount(summary?.byType ?? {}), ...(untypedCount(summary) > 0 ? [TYPE_NONE] : [])];
    const values = menuValues(projectTypes, present.type).map((t) => ({
      value: t,
      label: typeLabel(t === TYPE_NONE ? null : t),
    }));
    return withCurrent(values, filters.type, typeLabel);
  }, [summary, present, filters.type]);
  const pageOptions = useMemo(() => {
    const values = menuValues(byCount(summary?.byPage ?? {}), present.page).map((p) => ({ value: p, label: p }));
    return withCurrent(values, filters.page, (p) => p);
  }, [summary, present, filters.page]);
  const assigneeMenu = useMemo(() => {
    const memberName = (id: string) => members.find((m) => m.id === id)?.name;
    return withCurrent(assigneeOptions(members, youName), filters.assignee, (v) => assigneeFilterLabel(v, memberName));
  }, [members, youName, filters.assignee]);
  const taskOptions = useMemo(() => TASK_FILTERS.map((t) => ({ value: t, label: taskFilterLabel(t) })), []);

  const change = useCallback(
    (key: FacetKey, value: string) => setFilter(key, (value || undefined) as Filters[typeof key]),
    [setFilter],
  );
  const menu = (id: FacetKey) => ({
    id,
    value: filters[id],
    counts: counts[id],
    pickedCount: filters[id] ? shown : undefined,
    onChange: change,
    onEngage: engage,
  });
  const active = activeFilterCount(filters);
  const total = all.length;
  // A first load shows rows as its slices arrive: until it ends, the rows on hand are not the project.
  const firstLoad = useProjectItems((s) => s.progress !== null && s.loadedAt === null);
  // A load that stopped half-way: the rows are not the project, so say how many of how many.
  const partial = useProjectItems((s) => s.data?.partial ?? null);
  const countText =
    firstLoad && total === 0
      ? 'Loading threads…'
      : partial && !firstLoad
        ? `${active > 0 ? `${formatCount(shown)} shown · ` : ''}${formatCount(total)} of ${partial.atLeast ? '≥ ' : ''}${formatCount(partial.of)} loaded`
        : `${active > 0 ? `${formatCount(shown)} of ${threadCount(total)}` : threadCount(total)}${firstLoad ? ' so far' : ''}`;

  return (
    <div className="filter-bar panel-surface" role="group" aria-label="Filters">
      <SearchField />
      <FilterSelect {...menu('status')} label="Status" anyLabel="Any status" options={statusOptions} />
      <FilterSelect {...menu('type')} label="Type" anyLabel="Any type" options={typeOptions} />
      <FilterSelect {...menu('page')} label="Page" anyLabel="Any page" options={pageOptions} />
      <FilterSelect {...menu('assignee')} label="Assignee" anyLabel="Anyone" options={assigneeMenu} />
      <FilterSelect {...menu('task')} label="Agent task" anyLabel="Any task" options={taskOptions} />
      <div className="filter-bar__end">
        {/* Always in the layout, invisible (and out of the tab order) while nothing filters. */}
        <button
          type="button"
          className={`button button--quiet filter-bar__clear${active > 0 ? '' : ' filter-bar__clear--idle'}`}
          onClick={clearFilters}
          disabled={active === 0}
          data-testid="clear-filters"
        >
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
