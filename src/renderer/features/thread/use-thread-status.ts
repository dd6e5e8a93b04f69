import { useCallback, useState } from 'react';
import type { Status } from '#shared/api/common.js';
import type { ItemDetail, StatusValue } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { statusLabel } from '../../format/labels.js';
import { announce } from '../../stores/announcer-store.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import type { Failure } from '../../stores/failure.js';
import { emitItemsChanged } from '../../server-state/items-sync.js';
import { useThread } from '../../stores/thread-store.js';
import { recordStatusUndo } from '../../stores/undo-store.js';
import { actionFailure } from '../../format/refusals.js';
import { quoteThread } from '../../format/thread-words.js';
import { useItemProjectId } from './use-item-project.js';

/**
 * The host's own status writer. The board passes its optimistic one: the card moves at once,
 * and the board announces the move, offers its undo and reports a refusal. When it returns a
 * promise, its outcome is awaited.
 */
export type HostStatusWriter = (itemId: string, status: Status) => void | Promise<boolean>;

export interface ThreadStatus {
  /** What to show as current: the pending choice while it is being written. */
  /** May be a status this version doesn't know: shown as the service sent it. */
  shown: StatusValue;
  pending: Status | null;
  problem: Failure | null;
  dismissProblem(): void;
  /** Writes the status and offers undo; true when the service accepted it. */
  change(to: Status): Promise<boolean>;
}

/**
 * Status changes from the thread view. For a thread in the project's list the host's writer
 * is used, so the card and the panel agree and the host offers undo. Otherwise (a thread
 * opened by ID that the filters hide, say) the panel writes through the API itself,
 * announces the change via items-sync and records it in the undo history.
 */
export function useThreadStatus(item: ItemDetail, hostWriter: HostStatusWriter | undefined): ThreadStatus {
  const boardStatus = useProjectItems((s) => s.data?.rows.find((r) => r.id === item.id)?.status);
  const [pending, setPending] = useState<Status | null>(null);
  const projectId = useItemProjectId(item);
  const [problem, setProblem] = useState<Failure | null>(null);
  const current = boardStatus ?? item.status;
  const itemId = item.id;
  const excerpt = item.thread.root?.content ?? '';

  /** Writes through the host when it can; `undoable` is whether this panel must offer undo itself. */
  const write = useCallback(
    async (to: Status): Promise<{ ok: boolean; undoable: boolean }> => {
      const listed = useProjectItems.getState().data?.rows.some((r) => r.id === itemId) ?? false;
      if (hostWriter && listed) {
        const outcome = hostWriter(itemId, to);
        const ok = outcome instanceof Promise ? await outcome : true;
        // The list keeps its rows; the thread's own fields (resolvedAt…) come from a refetch.
        if (ok) void useThread.getState().refresh();
        return { ok, undoable: false };
      }
      const res = await getBridge().api.setStatus({ itemId, status: to });
      if (!res.ok) {
        setProblem(actionFailure(`Could not move ${quoteThread(excerpt)} to ${statusLabel(to)}`, res.error));
        // Merged meanwhile, or the write may have happened: show the thread as the service has it.
        if (res.error.reason === 'merged_duplicate' || res.error.uncertain) void useThread.getState().refresh();
        return { ok: false, undoable: false };
      }
      // A lean answer may not echo the status or say whether it changed: the request is what happened.
      const now = res.data.status ?? to;
      emitItemsChanged({ projectId, patched: [{ id: itemId, changes: { status: now } }] });
      announce(`Moved ${quoteThread(excerpt)} to ${statusLabel(now)}.`);
      return { ok: true, undoable: res.data.changed !== false };
    },
    [hostWriter, itemId, projectId, excerpt],
  );

  const change = useCallback(
    async (to: Status): Promise<boolean> => {
      const from = current;
      if (from === to) return true;
      setPending(to);
      setProblem(null);
      const { ok, undoable } = await write(to);
      setPending(null);
      // Undo can only send back a status the contract names.
      if (undoable && projectId) {
        const assignee = item.assignee?.id ? { id: item.assignee.id, name: item.assignee.name } : null;
        recordStatusUndo(
          projectId,
          `Moved ${quoteThread(excerpt)} to ${statusLabel(to)}`,
          itemId,
          { status: from, assignee },
          to,
        );
      }
      return ok;
    },
    [current, write, excerpt, projectId, itemId, item.assignee],
  );

  return { shown: pending ?? current, pending, problem, dismissProblem: () => setProblem(null), change };
}
