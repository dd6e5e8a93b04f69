import type { QueryKey } from '@tanstack/react-query';
import type { Status } from '#shared/api/common.js';
import { getBridge } from '../bridge/index.js';
import { nextPaint } from '../after-paint.js';
import { PERF_MARKS, perfMark } from '../perf-marks.js';
import { applyPending } from '../stores/board-model.js';
import { failure, type Failure } from '../stores/failure.js';
import { loadProjectItems, type LoadProgress, type ProjectItems } from './load-project-items.js';
import { BridgeFailure, connectionKey, queryClient } from './query-client.js';
import type { RecentChanges } from './recent-changes.js';

/**
 * Every thread of one project as one query-cache entry, keyed by connection and project. Its
 * query function is the slice planner's full load; accepted changes are written into the entry
 * (project-items-store.ts). The cache also keeps a complete board a few minutes after the
 * project is left, so reopening it paints at once while a quiet refresh runs.
 */

/** What a load collected (its request count aside), with the project named even when the service did not. */
export interface BoardData extends Omit<ProjectItems, 'project' | 'requests'> {
  project: { id: string; name: string };
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

export interface ProjectItemsEntry {
  board: BoardData;
  /** When the last load that brought the whole list finished; null while a first load is still gathering rows. */
  loadedAt: number | null;
  /** What the last load could not do, when it kept rows anyway (half-way, or the rows it replaced nothing of). */
  problem: Failure | null;
}

/** How long a board left behind may stand in for the service when its project is opened again. */
export const RECENT_BOARD_MS = 5 * 60_000;

export const projectItemsKey = (connectionId: string | null | undefined, projectId: string): QueryKey =>
  connectionKey(connectionId, 'project-items', projectId);

/** A load that had nothing to show: the query fails with the words the views print. */
export class ItemsLoadFailure extends BridgeFailure {
  readonly problem: Failure;
  constructor(problem: Failure) {
    super(problem.error);
    this.problem = problem;
  }
}

/** What a load needs from the client state around it. */
export interface LoadContext {
  onProgress(progress: LoadProgress): void;
  /** Status moves still waiting for the service's answer: a load that lands first must not undo them on screen. */
  pending(): Readonly<Record<string, { to: Status }>>;
  recent: RecentChanges;
}

function boardOf(projectId: string, project: { id: string; name: string } | null, rest: Omit<BoardData, 'project'>) {
  return { project: { id: project?.id ?? projectId, name: project?.name ?? '' }, ...rest };
}

/** The query function: loads every thread of the project, stopping when Query cancels it (another load took over). */
export async function loadBoard(
  key: QueryKey,
  projectId: string,
  signal: AbortSignal,
  context: LoadContext,
): Promise<ProjectItemsEntry> {
  const startedAt = context.recent.epoch;
  const cached = () => queryClient.getQueryData<ProjectItemsEntry>(key);
  // Opening a project shows rows as the slices arrive (a big project takes many requests);
  // a refresh keeps the rows on screen until the new set is complete.
  const firstLoad = cached() === undefined;

  const outcome = await loadProjectItems((q) => getBridge().api.listItems(q), projectId, {
    signal,
    onProgress: (progress) => {
      if (!signal.aborted) context.onProgress(progress);
    },
    ...(firstLoad
      ? {
          onRows: ({ project, rows, summary, capped, scanLimit }) => {
            if (signal.aborted) return;
            const shown = applyPending({ rows, summary }, context.pending());
            const board = boardOf(projectId, project, {
              ...shown,
              capped,
              scanLimit,
              unlisted: [],
              unreadable: [],
              complete: [],
              partial: null,
            });
            queryClient.setQueryData<ProjectItemsEntry>(key, { board, loadedAt: null, problem: null });
          },
          // The first cards paint before the other slices are planned and asked for.
          afterFirstRows: nextPaint,
        }
      : {}),
  });
  // Query has already settled a cancelled fetch; what it returns now is not read.
  if (signal.aborted) throw new Error('The load was replaced by a newer one');

  const before = cached();
  // A refresh that stops half-way would swap the whole list for the part it got: keep the
  // last complete list (and its time) and say the refresh failed.
  const keepLast = outcome.error !== null && outcome.data !== null && before?.board.partial === null && !firstLoad;
  if (!outcome.data || keepLast) {
    // The loader comes back without rows only with the error that stopped it.
    const problem = failure(
      !outcome.data
        ? 'Could not load the threads of this project'
        : 'The refresh stopped half-way, so the list shows the threads as they were before it',
      outcome.error!,
    );
    if (!before) throw new ItemsLoadFailure(problem);
    return { ...before, problem };
  }
  const problem = outcome.error ? failure('Some threads could not be loaded', outcome.error) : null;
  const { project, rows, summary, capped, scanLimit, unlisted, unreadable, complete } = outcome.data;
  const shown = applyPending(context.recent.replay({ rows, summary }, startedAt), context.pending());
  const partial = outcome.error ? { of: Math.max(summary.total, shown.rows.length), atLeast: capped } : null;
  // For performance tooling (bench/renderer): the rows are in hand and go to the views now.
  perfMark(PERF_MARKS.itemsLoaded);
  return {
    board: boardOf(projectId, project, { ...shown, capped, scanLimit, unlisted, unreadable, complete, partial }),
    loadedAt: Date.now(),
    problem,
  };
}
