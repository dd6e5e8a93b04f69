import { create } from 'zustand';
import type { Status } from '#shared/api/common.js';
import type { ItemRow, ItemsSummary, ReadProblem } from '#shared/reader/index.js';
import { PERF_MARKS, perfMark } from '../perf-marks.js';
import { getBridge } from '../bridge/index.js';
import { isStatus, statusLabel, truncate } from '../format/labels.js';
import { announce } from '../stores/announcer-store.js';
import { beforeOf } from '../stores/bulk-model.js';
import {
  applyPending,
  moveRow,
  patchRows,
  removeRows,
  type BoardSnapshot,
  type RowPatch,
} from '../stores/board-model.js';
import { failure, goneWithTheConnection, type Failure } from '../stores/failure.js';
import { onItemsChanged, type ItemsChange } from './items-sync.js';
import { loadProjectItems, problemKey, type LoadProgress, type UnlistedSlice } from './load-project-items.js';
import { onReconnected } from '../stores/network-store.js';
import { recallBoard, rememberBoard } from './recent-boards.js';
import type { Facets, SliceFilter } from './slice-planner.js';
import { askSlices, mergeSliceAnswers, slicesToAsk } from './slice-refresh.js';
import { useSession } from '../stores/session-store.js';
import { recordStatusUndo } from '../stores/undo-store.js';

/**
 * The open project's threads, shared by board, table, palette, thread panel and undo. Every thread of the project is loaded once; views
 * filter it client-side. Writers elsewhere announce changes through items-sync: they are
 * applied at once and confirmed by a background refetch.
 */

interface BoardData {
  project: { id: string; name: string };
  rows: ItemRow[];
  summary: ItemsSummary;
  capped: boolean;
  scanLimit: number;
  unlisted: UnlistedSlice[];
  /** Threads the service sent that could not be read: left out of the views, told in a notice. */
  unreadable: ReadProblem[];
  /** Slices of the last full load that came back whole: a change is confirmed by asking its slices again. */
  complete: SliceFilter[];
  /**
   * Set when these rows are not the whole project: a first load stopped half-way (a refresh
   * that stops keeps the last complete list instead). Views say how many of how many.
   */
  partial: PartialLoad | null;
}

/** A list that stopped half-way: how many threads the service counts (a minimum when capped). */
interface PartialLoad {
  of: number;
  atLeast: boolean;
}

interface PendingMove {
  to: Status;
  /** Orders overlapping moves of one card: only the latest may settle or roll back. */
  seq: number;
}

interface MoveProblem extends Failure {
  itemId: string;
  /** The status that was refused, so "Try again" can repeat exactly that move. */
  to: Status;
}

interface ProjectItemsState {
  projectId: string | null;
  data: BoardData | null;
  /** Set while a load runs; the views keep showing the previous rows meanwhile. */
  progress: LoadProgress | null;
  loadProblem: Failure | null;
  loadedAt: number | null;
  pending: Record<string, PendingMove>;
  moveProblem: MoveProblem | null;
  /** The thread keyboard actions apply to, in board and table alike. */
  focusedId: string | null;
  /** Bumped when DOM focus should follow focusedId (keyboard), not when it is merely remembered. */
  focusTick: number;

  load(projectId: string): Promise<void>;
  /** Reloads the current project in the background, soon; several calls in a row load once. */
  scheduleRefetch(delayMs?: number): void;
  /**
   * Confirms changes to these threads soon, by asking again only the slices that hold them
   * (falling back to a full reload when they can't tell); several calls in a row ask once.
   */
  scheduleSliceRefresh(touched: readonly SliceTarget[]): void;
  /** Changes the service already accepted (a bulk action's answers, another feature's write). */
  applyPatches(patches: readonly RowPatch[]): void;
  applyChange(change: ItemsChange): void;
  setStatus(itemId: string, to: Status): Promise<boolean>;
  focusCard(itemId: string | null, takeFocus: boolean): void;
  dismissMoveProblem(): void;
  leave(): void;
}

const REFETCH_DELAY_MS = 400;

/** A thread to confirm: where it sits now, or a slice to ask outright (a new thread's page). */
type SliceTarget = { facets: Facets } | { slice: SliceFilter };

/**
 * Changes the service accepted that a load may not have seen yet. A load that started before
 * a change was applied reads the old value; re-applying what came after its start keeps the
 * screen truthful until the next load, which sees the change itself.
 */
class RecentChanges {
  /** Moves with every accepted change; a load remembers where it stood when it started. */
  epoch = 0;
  private readonly patches = new Map<string, { epoch: number; changes: Partial<ItemRow> }>();
  private readonly removals = new Map<string, number>();

  patched(patches: readonly RowPatch[]): void {
    this.epoch += 1;
    for (const { id, changes } of patches) {
      const prior = this.patches.get(id)?.changes;
      this.patches.set(id, { epoch: this.epoch, changes: { ...prior, ...changes } });
    }
  }

  removed(ids: readonly string[]): void {
    this.epoch += 1;
    for (const id of ids) this.removals.set(id, this.epoch);
  }

  /** The snapshot with every change since `since` applied again; older changes are forgotten. */
  replay(snapshot: BoardSnapshot, since: number): BoardSnapshot {
    const patches: RowPatch[] = [];
    for (const [id, p] of this.patches) {
      if (p.epoch > since) patches.push({ id, changes: p.changes });
      else this.patches.delete(id);
    }
    const removed: string[] = [];
    for (const [id, epoch] of this.removals) {
      if (epoch > since) removed.push(id);
      else this.removals.delete(id);
    }
    return removeRows(patchRows(snapshot, patches), removed);
  }

  forget(): void {
    this.patches.clear();
    this.removals.clear();
  }
}

/** What the store's loads share between calls: the one load running, the refetch waiting, the order of moves. */
class ItemsLoader {
  private controller: AbortController | null = null;
  /** Bumped by every full load, so a slice refresh that was overtaken drops its answers. */
  generation = 0;
  private sliceTargets: SliceTarget[] = [];
  private refetchTimer: ReturnType<typeof setTimeout> | null = null;
  private moveSeq = 0;
  readonly recent = new RecentChanges();

  /** Starts a full load: whatever ran or waited before it is dropped. */
  begin(): AbortSignal {
    this.generation += 1;
    this.sliceTargets = [];
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  finished(signal: AbortSignal): void {
    if (this.controller?.signal === signal) this.controller = null;
  }

  /** Runs `load` after `delayMs`, instead of whatever was waiting. */
  refetchSoon(delayMs: number, load: () => void): void {
    this.sliceTargets = [];
    this.wait(delayMs, load);
  }

  /** Adds targets to the next slice refresh; nothing when a full reload already waiting confirms them. */
  refreshSoon(targets: readonly SliceTarget[], refresh: (targets: SliceTarget[]) => void): void {
    if (this.refetchTimer && this.sliceTargets.length === 0) return;
    this.sliceTargets.push(...targets);
    this.wait(REFETCH_DELAY_MS, () => {
      const due = this.sliceTargets;
      this.sliceTargets = [];
      refresh(due);
    });
  }

  nextMove(): number {
    return ++this.moveSeq;
  }

  stop(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.refetchTimer) clearTimeout(this.refetchTimer);
    this.refetchTimer = null;
    this.recent.forget();
  }

  private wait(delayMs: number, run: () => void): void {
    if (this.refetchTimer) clearTimeout(this.refetchTimer);
    this.refetchTimer = setTimeout(() => {
      this.refetchTimer = null;
      run();
    }, delayMs);
  }
}

function excerptOf(data: BoardData | null, itemId: string): string {
  const text = data?.rows.find((r) => r.id === itemId)?.excerpt.trim();
  if (!text) return 'the thread';
  return `“${truncate(text, 60)}”`;
}

/** Remembered boards belong to one connection: another token may see other threads. */
function boardKey(projectId: string): string {
  return `${useSession.getState().active?.connection.id ?? ''}\u0000${projectId}`;
}

/** The complete board on screen, kept for a quick reopen (a partial load is not). */
function keepForLater(): void {
  const { projectId, data, loadedAt } = useProjectItems.getState();
  if (projectId && data && loadedAt !== null && data.partial === null)
    rememberBoard(boardKey(projectId), data, loadedAt);
}

const loader = new ItemsLoader();

export const useProjectItems = create<ProjectItemsState>()((set, get) => ({
  projectId: null,
  data: null,
  progress: null,
  loadProblem: null,
  loadedAt: null,
  pending: {},
  moveProblem: null,
  focusedId: null,
  focusTick: 0,

  async load(projectId) {
    const signal = loader.begin();
    if (get().projectId !== projectId) {
      keepForLater();
      loader.recent.forget();
      // A project shown in the last minutes paints from memory at once; the load below refreshes it.
      const recent = recallBoard<BoardData>(boardKey(projectId), Date.now());
      set({
        projectId,
        data: recent?.data ?? null,
        focusedId: null,
        pending: {},
        moveProblem: null,
        loadedAt: recent?.loadedAt ?? null,
      });
    }
    set({ progress: { done: 0, planned: 1, rows: 0 }, loadProblem: null });
    const startedAt = loader.recent.epoch;
    // Opening a project shows rows as the slices arrive (a big project takes many requests);
    // a refresh keeps the rows on screen until the new set is complete.
    const firstLoad = get().data === null;

    const outcome = await loadProjectItems((q) => getBridge().api.listItems(q), projectId, {
      signal,
      onProgress: (progress) => {
        if (!signal.aborted) set({ progress });
      },
      ...(firstLoad
        ? {
            onRows: ({ project, rows, summary, capped, scanLimit }) => {
              if (signal.aborted) return;
              const shown = applyPending({ rows, summary }, get().pending);
              set({
                data: {
                  project: { id: project?.id ?? projectId, name: project?.name ?? '' },
                  ...shown,
                  capped,
                  scanLimit,
                  unlisted: [],
                  unreadable: [],
                  complete: [],
                  partial: null,
                },
              });
            },
          }
        : {}),
    });
    if (signal.aborted) return;
    loader.finished(signal);

    const before = get().data;
    // A refresh that stops half-way would swap the whole list for the part it got: keep the
    // last complete list (and its time) and say the refresh failed.
    const keepLast =
      outcome.error !== null && outcome.data !== null && before !== null && before.partial === null && !firstLoad;
    const problem = outcome.error
      ? failure(
          !outcome.data
            ? 'Could not load the threads of this project'
            : keepLast
              ? 'The refresh stopped half-way, so the list shows the threads as they were before it'
              : 'Some threads could not be loaded',
          outcome.error,
        )
      : null;
    if (!outcome.data || keepLast) {
      set({ progress: null, loadProblem: problem });
      return;
    }
    const { project, rows, summary, capped, scanLimit, unlisted, unreadable, complete } = outcome.data;
    const shown = applyPending(loader.recent.replay({ rows, summary }, startedAt), get().pending);
    const partial = outcome.error ? { of: Math.max(summary.total, shown.rows.length), atLeast: capped } : null;
    // For performance tooling (bench/renderer): the rows are in hand and go to the views now.
    perfMark(PERF_MARKS.itemsLoaded);
    set({
      data: {
        project: { id: project?.id ?? projectId, name: project?.name ?? '' },
        ...shown,
        capped,
        scanLimit,
        unlisted,
        unreadable,
        complete,
        partial,
      },
      progress: null,
      loadProblem: problem,
      loadedAt: Date.now(),
    });
  },

  scheduleRefetch(delayMs = REFETCH_DELAY_MS) {
    loader.refetchSoon(delayMs, () => {
      const { projectId } = get();
      if (projectId) void get().load(projectId);
    });
  },

  scheduleSliceRefresh(touched) {
    // A full reload already on its way confirms these too.
    loader.refreshSoon(touched, (targets) => void refreshSlices(targets));
  },

  applyPatches(patches) {
    if (patches.length === 0) return;
    loader.recent.patched(patches);
    const { data } = get();
    if (!data) return;
    const next = patchRows(data, patches);
    if (next !== data) set({ data: { ...data, ...next } });
  },

  applyChange(change) {
    if (change.projectId !== get().projectId) return;
    if (change.patched?.length) get().applyPatches(change.patched);
    const targets = targetsOf(change, get().data);
    if (change.removed?.length) {
      loader.recent.removed(change.removed);
      const { data, focusedId } = get();
      if (data) {
        const next = removeRows(data, change.removed);
        if (next !== data) set({ data: { ...data, ...next } });
      }
      if (focusedId && change.removed.includes(focusedId)) set({ focusedId: null });
    }
    if (targets) get().scheduleSliceRefresh(targets);
    else get().scheduleRefetch();
  },

  async setStatus(itemId, to) {
    const { data } = get();
    const row = data?.rows.find((r) => r.id === itemId);
    if (!data || !row || row.status === to) return false;
    const from = row.status;
    const projectId = get().projectId;
    const seq = loader.nextMove();
    const moved = moveRow(data, itemId, to);
    set({
      data: { ...data, ...moved },
      pending: { ...get().pending, [itemId]: { to, seq } },
      moveProblem: get().moveProblem?.itemId === itemId ? null : get().moveProblem,
    });

    const res = await getBridge().api.setStatus({ itemId, status: to });
    const latest = get().pending[itemId]?.seq === seq;
    if (!latest) return res.ok;
    const { [itemId]: _settled, ...pending } = get().pending;
    const current = get().data;
    if (res.ok) {
      // The service has the last word (e.g. someone changed it meanwhile); a lean answer may not say.
      const now = res.data.status ?? to;
      const settled = current && now !== to ? moveRow(current, itemId, now) : null;
      set({ pending, ...(settled && current ? { data: { ...current, ...settled } } : {}) });
      loader.recent.patched([{ id: itemId, changes: { status: now } }]);
      const what = `Moved ${excerptOf(current, itemId)} to ${statusLabel(now)}`;
      announce(`${what}.`);
      // Undo sets the old status again, over the one the service now holds.
      if (projectId && res.data.changed !== false && isStatus(now))
        recordStatusUndo(projectId, what, itemId, beforeOf(row), now);
      return true;
    }
    const rolledBack = current ? moveRow(current, itemId, from) : null;
    set({
      pending,
      ...(rolledBack && current ? { data: { ...current, ...rolledBack } } : {}),
      moveProblem: {
        itemId,
        to,
        ...failure(
          `Could not move ${excerptOf(current, itemId)} to ${statusLabel(to)}; it is back in ${statusLabel(from)}`,
          res.error,
        ),
      },
    });
    // When the write may have happened, show what the service really has.
    if (res.error.uncertain && get().projectId) void get().load(get().projectId!);
    return false;
  },

  focusCard(itemId, takeFocus) {
    set((s) => ({ focusedId: itemId, focusTick: takeFocus ? s.focusTick + 1 : s.focusTick }));
  },

  dismissMoveProblem: () => set({ moveProblem: null }),

  leave() {
    keepForLater();
    loader.stop();
    set({
      projectId: null,
      data: null,
      progress: null,
      loadProblem: null,
      loadedAt: null,
      pending: {},
      moveProblem: null,
      focusedId: null,
    });
  },
}));

/**
 * What confirms a change: where each patched thread sits now (after the patch), and the page
 * of each new thread. Removed threads need nothing: the service said they are gone. null
 * when a thread's place is not known, which only a full reload can settle.
 */
function targetsOf(change: ItemsChange, data: BoardData | null): SliceTarget[] | null {
  if (!data) return null;
  const targets: SliceTarget[] = [];
  const patched = new Set(change.patched?.map((p) => p.id));
  const byId = new Map(patched.size > 0 ? data.rows.filter((r) => patched.has(r.id)).map((r) => [r.id, r]) : []);
  for (const { id } of change.patched ?? []) {
    const row = byId.get(id);
    if (!row) return null;
    targets.push({ facets: row });
  }
  for (const { page } of change.created ?? []) {
    if (page === null) return null;
    targets.push({ slice: { page, status: 'open' } });
  }
  return targets;
}

/** Asks the slices holding the targets and puts their rows in place; anything they can't settle falls back to a full reload. */
async function refreshSlices(targets: readonly SliceTarget[]): Promise<void> {
  const { projectId, data } = useProjectItems.getState();
  if (!projectId || !data || targets.length === 0) return;
  const placed = slicesToAsk(
    targets.flatMap((t) => ('facets' in t ? [t.facets] : [])),
    data.complete,
  );
  if (placed === null) return useProjectItems.getState().scheduleRefetch(0);
  const slices = [...placed, ...targets.flatMap((t) => ('slice' in t ? [t.slice] : []))];
  const generation = loader.generation;
  const startedAt = loader.recent.epoch;
  const asked = await askSlices((q) => getBridge().api.listItems(q), projectId, slices);
  const now = useProjectItems.getState();
  if (generation !== loader.generation || now.projectId !== projectId || !now.data) return;
  if (!asked.ok) return now.scheduleRefetch(0);
  const merged = mergeSliceAnswers(now.data.rows, asked.answers);
  if (merged.unexplained) return now.scheduleRefetch(0);
  const snapshot = applyPending(
    loader.recent.replay({ rows: merged.rows, summary: asked.summary ?? now.data.summary }, startedAt),
    now.pending,
  );
  const unreadable = new Map(now.data.unreadable.map((p) => [problemKey(p), p]));
  for (const p of asked.unreadable) unreadable.set(problemKey(p), p);
  useProjectItems.setState({ data: { ...now.data, ...snapshot, unreadable: [...unreadable.values()] } });
}

// The store lives as long as the app, so it listens for the whole run.
onItemsChanged((change) => useProjectItems.getState().applyChange(change));

// A load that failed for want of the service loads again once it answers (board and table alike):
// its banner would otherwise stay under a "Connected" status line.
onReconnected(() => {
  const { projectId, loadProblem, load } = useProjectItems.getState();
  if (projectId && loadProblem && goneWithTheConnection(loadProblem)) void load(projectId);
});
