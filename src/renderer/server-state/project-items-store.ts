import { QueryObserver, hashKey, type QueryKey } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Status } from '#shared/api/common.js';
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
import { onReconnected } from '../stores/network-store.js';
import { useSession } from '../stores/session-store.js';
import { recordStatusUndo } from '../stores/undo-store.js';
import { onItemsChanged, type ItemsChange } from './items-sync.js';
import { problemKey, type LoadProgress } from './load-project-items.js';
import {
  ItemsLoadFailure,
  RECENT_BOARD_MS,
  loadBoard,
  projectItemsKey,
  type BoardData,
  type ProjectItemsEntry,
} from './project-items-query.js';
import { bridgeErrorOf, connectionKey, queryClient } from './query-client.js';
import { RecentChanges } from './recent-changes.js';
import type { Facets, SliceFilter } from './slice-planner.js';
import { askSlices, mergeSliceAnswers, slicesToAsk } from './slice-refresh.js';

/**
 * The open project's threads, shared by board, table, palette, thread panel and undo. Every
 * thread of the project is loaded once; views filter it client-side. The rows live in the
 * query cache (project-items-query.ts); this store is the views' window on the open project's
 * entry (data, loadedAt, loadProblem follow the cache) plus the client state around it:
 * moves in flight, the refused move, the focused card, the load's progress. Writers elsewhere
 * announce changes through items-sync: they are written into the cache at once and confirmed
 * by a background refetch.
 */

export type { BoardData } from './project-items-query.js';

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
  /** The open project's entry in the query cache, as the views read it. */
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

  /**
   * Loads the project's threads (a newer load cancels one still running); resolves when it
   * settled. `join`: a first load of this project still gathering rows is waited for instead
   * (entering a project that is already being opened asks nothing twice).
   */
  load(projectId: string, options?: { join?: boolean }): Promise<void>;
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
/** Boards kept for a quick reopen at once: enough to go back and forth between a few projects. */
const MAX_KEPT_BOARDS = 3;

/** A thread to confirm: where it sits now, or a slice to ask outright (a new thread's page). */
type SliceTarget = { facets: Facets } | { slice: SliceFilter };

/** Background confirmations waiting to run: one timer, so a burst of changes asks once. */
class ConfirmQueue {
  private sliceTargets: SliceTarget[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Runs `load` after `delayMs`, instead of whatever was waiting. */
  refetchSoon(delayMs: number, load: () => void): void {
    this.sliceTargets = [];
    this.wait(delayMs, load);
  }

  /** Adds targets to the next slice refresh; nothing when a full reload already waiting confirms them. */
  refreshSoon(targets: readonly SliceTarget[], refresh: (targets: SliceTarget[]) => void): void {
    if (this.timer && this.sliceTargets.length === 0) return;
    this.sliceTargets.push(...targets);
    this.wait(REFETCH_DELAY_MS, () => {
      const due = this.sliceTargets;
      this.sliceTargets = [];
      refresh(due);
    });
  }

  /** A full load is starting: it confirms the threads a slice refresh would have asked. */
  dropSliceTargets(): void {
    this.sliceTargets = [];
  }

  /** The project is left: nothing waiting runs. */
  clear(): void {
    this.sliceTargets = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wait(delayMs: number, run: () => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      run();
    }, delayMs);
  }
}

/** The open project's cache entry, held active by an observer while the project is open. */
interface OpenBoard {
  key: QueryKey;
  hash: string;
  observer: QueryObserver<ProjectItemsEntry>;
  close(): void;
}

/** What the store's loads share between calls: the open board, changes to replay, confirmations waiting, the order of moves. */
const loader = {
  open: null as OpenBoard | null,
  recent: new RecentChanges(),
  confirms: new ConfirmQueue(),
  moveSeq: 0,
};

function excerptOf(data: BoardData | null, itemId: string): string {
  const text = data?.rows.find((r) => r.id === itemId)?.excerpt.trim();
  if (!text) return 'the thread';
  return `“${truncate(text, 60)}”`;
}

const entryOf = (key: QueryKey) => queryClient.getQueryData<ProjectItemsEntry>(key);

/** Copies the open entry's state into the store, so views and callers outside React read it at once. */
function follow(): void {
  if (!loader.open) return;
  const state = queryClient.getQueryState<ProjectItemsEntry>(loader.open.key);
  const entry = state?.data;
  const loading = state?.fetchStatus === 'fetching';
  const error = state?.error;
  const next = {
    data: entry?.board ?? null,
    loadedAt: entry?.loadedAt ?? null,
    // A load that runs again clears what the last one could not do.
    loadProblem: loading
      ? null
      : error instanceof ItemsLoadFailure
        ? error.problem
        : error
          ? failure('Could not load the threads of this project', bridgeErrorOf(error))
          : (entry?.problem ?? null),
    progress: loading ? useProjectItems.getState().progress : null,
  };
  const now = useProjectItems.getState();
  if (
    now.data !== next.data ||
    now.loadedAt !== next.loadedAt ||
    now.loadProblem !== next.loadProblem ||
    now.progress !== next.progress
  )
    useProjectItems.setState(next);
}

/** Writes an accepted change into the open project's entry; nothing when no rows are shown yet. */
function updateBoard(change: (board: BoardData) => BoardSnapshot): void {
  if (!loader.open) return;
  const entry = entryOf(loader.open.key);
  if (!entry) return;
  const next = change(entry.board);
  if (next === entry.board) return;
  queryClient.setQueryData<ProjectItemsEntry>(loader.open.key, { ...entry, board: { ...entry.board, ...next } });
}

/**
 * Starts following a project's entry. A board left longer ago than a few minutes (or one that
 * was not complete) is not shown as the project's: it is dropped and loaded afresh.
 */
function openBoard(projectId: string, key: QueryKey): OpenBoard {
  const kept = entryOf(key);
  if (kept && (kept.loadedAt === null || Date.now() - kept.loadedAt > RECENT_BOARD_MS))
    queryClient.removeQueries({ queryKey: key, exact: true });
  const hash = hashKey(key);
  const observer = new QueryObserver<ProjectItemsEntry>(queryClient, {
    queryKey: key,
    queryFn: ({ signal }) =>
      loadBoard(key, projectId, signal, {
        onProgress: (progress) => {
          if (loader.open?.hash === hash) useProjectItems.setState({ progress });
        },
        pending: () => useProjectItems.getState().pending,
        recent: loader.recent,
      }),
    // Loads run when the store asks (open, refresh, after a write), never on their own.
    enabled: false,
    gcTime: RECENT_BOARD_MS,
    // Thousands of rows: a new list replaces the old one outright instead of being compared deeply.
    structuralSharing: false,
  });
  const stopObserving = observer.subscribe(() => undefined);
  const stopFollowing = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hash) follow();
  });
  return {
    key,
    hash,
    observer,
    close() {
      stopFollowing();
      const entry = entryOf(key);
      // Leaving cancels a load still running, which puts back the entry as it was before the load answered.
      stopObserving();
      const complete = entry && entry.loadedAt !== null && entry.board.partial === null;
      if (!complete) queryClient.removeQueries({ queryKey: key, exact: true });
      else if (entryOf(key) !== entry) queryClient.setQueryData(key, entry);
      forgetOldBoards(key);
    },
  };
}

/** Only the last few boards left behind are kept (each may hold thousands of rows); `kept` was left just now. */
function forgetOldBoards(kept: QueryKey): void {
  const keptHash = hashKey(kept);
  const others = queryClient
    .getQueryCache()
    .findAll({ queryKey: connectionKey(kept[1] as string, 'project-items'), type: 'inactive' })
    .filter((q) => q.queryHash !== keptHash)
    // Newest first; of two written in the same millisecond, the one made later.
    .reverse()
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const old of others.slice(MAX_KEPT_BOARDS - 1))
    queryClient.removeQueries({ queryKey: old.queryKey, exact: true });
}

function closeBoard(): void {
  const closing = loader.open;
  loader.open = null;
  closing?.close();
  loader.confirms.clear();
  loader.recent.forget();
}

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

  async load(projectId, options) {
    const key = projectItemsKey(useSession.getState().active?.connection.id, projectId);
    let open = loader.open?.hash === hashKey(key) ? loader.open : null;
    const firstLoadRunning = open?.observer.getCurrentResult().isFetching && entryOf(key)?.loadedAt == null;
    if (options?.join && open && firstLoadRunning) {
      await open.observer.refetch({ cancelRefetch: false });
      return;
    }
    if (!open) {
      closeBoard();
      set({ projectId, focusedId: null, pending: {}, moveProblem: null, progress: null });
      open = loader.open = openBoard(projectId, key);
      follow();
    }
    loader.confirms.dropSliceTargets();
    // A load already running is cancelled by this one (its answer would be older).
    await open.observer.refetch({ cancelRefetch: true });
  },

  scheduleRefetch(delayMs = REFETCH_DELAY_MS) {
    loader.confirms.refetchSoon(delayMs, () => {
      const { projectId } = get();
      if (projectId) void get().load(projectId);
    });
  },

  scheduleSliceRefresh(touched) {
    // A full reload already on its way confirms these too.
    loader.confirms.refreshSoon(touched, (targets) => void refreshSlices(targets));
  },

  applyPatches(patches) {
    if (patches.length === 0) return;
    loader.recent.patched(patches);
    updateBoard((board) => patchRows(board, patches));
  },

  applyChange(change) {
    if (change.projectId !== get().projectId) return;
    if (change.patched?.length) get().applyPatches(change.patched);
    const targets = targetsOf(change, get().data);
    const { removed } = change;
    if (removed?.length) {
      loader.recent.removed(removed);
      updateBoard((board) => removeRows(board, removed));
      const { focusedId } = get();
      if (focusedId && removed.includes(focusedId)) set({ focusedId: null });
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
    const seq = ++loader.moveSeq;
    set({
      pending: { ...get().pending, [itemId]: { to, seq } },
      moveProblem: get().moveProblem?.itemId === itemId ? null : get().moveProblem,
    });
    updateBoard((board) => moveRow(board, itemId, to));

    const res = await getBridge().api.setStatus({ itemId, status: to });
    const latest = get().pending[itemId]?.seq === seq;
    if (!latest) return res.ok;
    const { [itemId]: _settled, ...pending } = get().pending;
    set({ pending });
    if (res.ok) {
      // The service has the last word (e.g. someone changed it meanwhile); a lean answer may not say.
      const now = res.data.status ?? to;
      if (now !== to) updateBoard((board) => moveRow(board, itemId, now));
      loader.recent.patched([{ id: itemId, changes: { status: now } }]);
      const what = `Moved ${excerptOf(get().data, itemId)} to ${statusLabel(now)}`;
      announce(`${what}.`);
      // Undo sets the old status again, over the one the service now holds.
      if (projectId && res.data.changed !== false && isStatus(now))
        recordStatusUndo(projectId, what, itemId, beforeOf(row), now);
      return true;
    }
    updateBoard((board) => moveRow(board, itemId, from));
    set({
      moveProblem: {
        itemId,
        to,
        ...failure(
          `Could not move ${excerptOf(get().data, itemId)} to ${statusLabel(to)}; it is back in ${statusLabel(from)}`,
          res.error,
        ),
      },
    });
    // When the write may have happened, show what the service really has.
    const shown = get().projectId;
    if (res.error.uncertain && shown) void get().load(shown);
    return false;
  },

  focusCard(itemId, takeFocus) {
    set((s) => ({ focusedId: itemId, focusTick: takeFocus ? s.focusTick + 1 : s.focusTick }));
  },

  dismissMoveProblem: () => set({ moveProblem: null }),

  leave() {
    closeBoard();
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
  const board = loader.open;
  const { projectId, data } = useProjectItems.getState();
  if (!board || !projectId || !data || targets.length === 0) return;
  const placed = slicesToAsk(
    targets.flatMap((t) => ('facets' in t ? [t.facets] : [])),
    data.complete,
  );
  if (placed === null) return useProjectItems.getState().scheduleRefetch(0);
  const slices = [...placed, ...targets.flatMap((t) => ('slice' in t ? [t.slice] : []))];
  const before = queryClient.getQueryState<ProjectItemsEntry>(board.key);
  const startedAt = loader.recent.epoch;
  const asked = await askSlices((q) => getBridge().api.listItems(q), projectId, slices);
  const after = queryClient.getQueryState<ProjectItemsEntry>(board.key);
  // A full load that ran meanwhile (or still runs) answers for every thread: these answers are older.
  if (loader.open !== board || !after?.data || !before || fullLoadSince(before, after)) return;
  if (!asked.ok) return useProjectItems.getState().scheduleRefetch(0);
  const entry = after.data;
  const merged = mergeSliceAnswers(entry.board.rows, asked.answers);
  if (merged.unexplained) return useProjectItems.getState().scheduleRefetch(0);
  const snapshot = applyPending(
    loader.recent.replay({ rows: merged.rows, summary: asked.summary ?? entry.board.summary }, startedAt),
    useProjectItems.getState().pending,
  );
  const unreadable = new Map(entry.board.unreadable.map((p) => [problemKey(p), p]));
  for (const p of asked.unreadable) unreadable.set(problemKey(p), p);
  queryClient.setQueryData<ProjectItemsEntry>(board.key, {
    ...entry,
    board: { ...entry.board, ...snapshot, unreadable: [...unreadable.values()] },
  });
}

/** Whether a full load of the entry ran between two looks at it, or runs now. */
function fullLoadSince(
  before: { fetchStatus: string; errorUpdateCount: number; data?: ProjectItemsEntry | undefined },
  after: { fetchStatus: string; errorUpdateCount: number; data?: ProjectItemsEntry | undefined },
): boolean {
  return (
    after.fetchStatus !== 'idle' ||
    after.errorUpdateCount !== before.errorUpdateCount ||
    after.data?.loadedAt !== before.data?.loadedAt ||
    after.data?.problem !== before.data?.problem
  );
}

// The store lives as long as the app, so it listens for the whole run.
onItemsChanged((change) => useProjectItems.getState().applyChange(change));

// A load that failed for want of the service loads again once it answers (board and table alike):
// its banner would otherwise stay under a "Connected" status line.
onReconnected(() => {
  const { projectId, loadProblem, load } = useProjectItems.getState();
  if (projectId && loadProblem && goneWithTheConnection(loadProblem)) void load(projectId);
});
