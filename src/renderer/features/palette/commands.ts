import type { Status } from '#shared/api/common.js';
import type { Project } from '#shared/reader/index.js';
import { isProjectScreen, useNavigation } from '../../stores/navigation-store.js';
import { keysFor, type AppCommand } from '../../app/shortcuts.js';
import { describeFilters } from '../../format/filters-text.js';
import { BOARD_STATUSES, statusLabel } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { activeFilterCount, ASSIGNEE_ME, ASSIGNEE_NONE, type WorkspaceView } from '../../stores/filter-model.js';
import { memberNameNow } from '../../server-state/project-members.js';
import { useSavedViews } from '../../stores/saved-views-store.js';
import { historyOf } from '../../stores/undo-store.js';
import { isPending } from '../../stores/undo-history.js';
import { undoLatest } from '../../stores/undo-runner.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { bulkAssign, me } from '../bulk/bulk-actions.js';
import { filteredRowsNow } from '../workspace/use-filtered-rows.js';
import {
  actionTargets,
  clearSelection,
  focusSearch,
  openAssign,
  openCreate,
  openFindDuplicates,
  openMerge,
  openSavedView,
  selectAll,
  selectedIds,
  setStatusOfTargets,
  switchView,
} from '../../app/use-cases/workspace.js';
import { refreshProject } from '../../app/use-cases/project-session.js';
import { plural } from '../../format/counts.js';

export interface PaletteCommand {
  id: string;
  group: string;
  title: string;
  /** Keys that do the same, e.g. "g b". */
  keys: string | null;
  /** Why it cannot run right now, in words; null when it can. */
  unavailable: string | null;
  run(): void;
}

/** What the palette's commands need to know about the moment it was opened. */
interface Context {
  inProject: boolean;
  view: WorkspaceView;
  /** Threads the act-on-threads commands apply to, and where they come from. */
  targets: { count: number; fromSelection: boolean } | null;
  selected: number;
  focusedId: string | null;
}

function context(): Context {
  const screen = useNavigation.getState().screen;
  const targets = actionTargets();
  return {
    inProject: screen.name === 'board',
    view: useWorkspace.getState().view,
    targets: targets ? { count: targets.ids.length, fromSelection: targets.fromSelection } : null,
    selected: selectedIds().length,
    focusedId: useProjectItems.getState().focusedId,
  };
}

const command = (
  group: string,
  title: string,
  run: () => void,
  options: { keys?: AppCommand; unavailable?: string | null; id?: string } = {},
): PaletteCommand => ({
  id: options.id ?? `${group}:${title}`,
  group,
  title,
  keys: options.keys ? keysFor(options.keys) : null,
  unavailable: options.unavailable ?? null,
  run,
});

function targetWords(ctx: Context): string {
  if (!ctx.targets) return '';
  return ctx.targets.fromSelection
    ? ` (${plural(ctx.targets.count, 'selected thread', 'selected threads')})`
    : ' (focused thread)';
}

const NO_TARGET = 'Focus a thread with j/k or select threads with x first.';

function threadCommands(ctx: Context): PaletteCommand[] {
  const none = ctx.targets ? null : NO_TARGET;
  const statusKeys: Record<Status, AppCommand> = {
    open: 'status.open',
    deferred: 'status.deferred',
    resolved: 'status.resolved',
  };
  const self = me();
  return [
    ...BOARD_STATUSES.map((s) =>
      command('Threads', `Set status: ${statusLabel(s)}${targetWords(ctx)}`, () => setStatusOfTargets(s), {
        keys: statusKeys[s],
        unavailable: none,
        id: `status:${s}`,
      }),
    ),
    command('Threads', `Assign…${targetWords(ctx)}`, openAssign, { keys: 'assign', unavailable: none, id: 'assign' }),
    command(
      'Threads',
      `Assign to me${targetWords(ctx)}`,
      () => {
        const t = actionTargets();
        if (t && self) void bulkAssign(t.projectId, t.ids, self);
      },
      { unavailable: none ?? (self ? null : 'Your name is not known yet: reconnect.'), id: 'assign-me' },
    ),
    command('Threads', `Merge the ${plural(ctx.selected, 'selected thread', 'selected threads')}…`, openMerge, {
      keys: 'merge',
      unavailable: ctx.selected < 2 ? 'Select at least two threads (x) to merge them.' : null,
      id: 'merge',
    }),
    command('Threads', 'Create a thread…', openCreate, { id: 'create' }),
    command('Threads', 'Find duplicates of the focused thread…', openFindDuplicates, {
      unavailable: ctx.focusedId ? null : 'Focus a thread with j/k first.',
      id: 'duplicates',
    }),
    ...undoCommands(),
  ];
}

function undoCommands(): PaletteCommand[] {
  const projectId = useProjectItems.getState().projectId;
  const history = projectId ? historyOf(projectId) : [];
  const next = history.find(isPending);
  return [
    command('Threads', next ? `Undo: ${next.label}` : 'Undo the last change', () => void undoLatest(projectId), {
      keys: 'undo',
      unavailable: next
        ? null
        : history.length > 0
          ? 'Every change in the undo history is undone or cannot be.'
          : 'Nothing changed in this project yet.',
      id: 'undo',
    }),
    command(
      'Threads',
      'Show the undo history…',
      () => projectId && useDialogs.getState().open({ kind: 'undo-history', projectId }),
      { keys: 'undo.history', id: 'undo-history' },
    ),
  ];
}

function selectionCommands(ctx: Context): PaletteCommand[] {
  return [
    command('Selection', 'Select every thread shown', () => selectAll(filteredRowsNow().map((r) => r.id)), {
      id: 'select-all',
    }),
    command('Selection', 'Clear the selection', () => void clearSelection(), {
      unavailable: ctx.selected ? null : 'Nothing is selected.',
      id: 'select-none',
    }),
  ];
}

function viewCommands(ctx: Context): PaletteCommand[] {
  const ws = useWorkspace.getState();
  const filtered = activeFilterCount(ws.filters) > 0;
  const memberName = (id: string) => memberNameNow(ws.projectId, id);
  return [
    command('View', 'Switch to the board', () => switchView('board'), {
      keys: 'view.board',
      unavailable: ctx.view === 'board' ? 'The board is already shown.' : null,
      id: 'view-board',
    }),
    command('View', 'Switch to the table', () => switchView('table'), {
      keys: 'view.table',
      unavailable: ctx.view === 'table' ? 'The table is already shown.' : null,
      id: 'view-table',
    }),
    command('View', 'Switch to hot elements: where on a page people complain', () => switchView('elements'), {
      keys: 'view.elements',
      unavailable: ctx.view === 'elements' ? 'Hot elements are already shown.' : null,
      id: 'view-elements',
    }),
    command('View', 'Switch to the evidence gallery', () => switchView('evidence'), {
      keys: 'view.evidence',
      unavailable: ctx.view === 'evidence' ? 'The evidence gallery is already shown.' : null,
      id: 'view-evidence',
    }),
    command('View', 'Search threads and replies', focusSearch, { keys: 'search.focus', id: 'search' }),
    command('View', 'Show only threads assigned to me', () => ws.setFilter('assignee', ASSIGNEE_ME), {
      id: 'filter-me',
    }),
    command('View', 'Show only unassigned threads', () => ws.setFilter('assignee', ASSIGNEE_NONE), {
      id: 'filter-unassigned',
    }),
    ...BOARD_STATUSES.map((s) =>
      command('View', `Show only ${statusLabel(s).toLowerCase()} threads`, () => ws.setFilter('status', s), {
        id: `filter-${s}`,
      }),
    ),
    command('View', 'Clear all filters', () => ws.clearFilters(), {
      unavailable: filtered ? null : 'No filter is set.',
      id: 'filter-clear',
    }),
    command('View', 'Refresh the threads', refreshProject, { id: 'refresh' }),
    ...useSavedViews
      .getState()
      .views.map((v) =>
        command(
          'Saved views',
          `Open saved view: ${v.name} — ${describeFilters(v.filters, memberName)}`,
          () => openSavedView(v),
          { id: `saved:${v.id}` },
        ),
      ),
  ];
}

function appCommands(projects: readonly Project[]): PaletteCommand[] {
  const go = useNavigation.getState().go;
  const current = useNavigation.getState().screen;
  return [
    ...projects.map((p) =>
      command(
        'Projects',
        `Open project: ${p.name}`,
        () => go({ name: 'board', projectId: p.id, projectName: p.name }),
        {
          unavailable: current.name === 'board' && current.projectId === p.id ? 'This project is already open.' : null,
          id: `project:${p.id}`,
        },
      ),
    ),
    ...(isProjectScreen(current)
      ? [
          command('App', 'Open the threads (board and table)', () => go({ ...current, name: 'board' }), {
            unavailable: current.name === 'board' ? 'The threads are already shown.' : null,
            id: 'section-board',
          }),
          command(
            'App',
            'Open reports: what’s new, review, decisions, hotspots',
            () => go({ ...current, name: 'reports' }),
            { unavailable: current.name === 'reports' ? 'Reports are already shown.' : null, id: 'section-reports' },
          ),
          command('App', 'Open the dedupe queue', () => go({ ...current, name: 'dedupe' }), {
            unavailable: current.name === 'dedupe' ? 'The dedupe queue is already shown.' : null,
            id: 'section-dedupe',
          }),
        ]
      : []),
    command('App', 'All projects', () => go({ name: 'projects' }), { id: 'projects' }),
    command('App', 'Connections', () => go({ name: 'connect' }), { id: 'connections' }),
    command('App', 'Show keyboard shortcuts', () => useDialogs.getState().open({ kind: 'shortcuts' }), {
      keys: 'shortcuts.show',
      id: 'shortcuts',
    }),
  ];
}

/** Every command that makes sense where the person is, available ones first. */
export function buildCommands(projects: readonly Project[]): PaletteCommand[] {
  const ctx = context();
  const all = ctx.inProject
    ? [...viewCommands(ctx), ...threadCommands(ctx), ...selectionCommands(ctx), ...appCommands(projects)]
    : appCommands(projects);
  return [...all.filter((c) => !c.unavailable), ...all.filter((c) => c.unavailable)];
}
