import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Status } from '../../../shared/api/common.js';
import { ErrorBoundary } from '../../app/ErrorBoundary.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { BOARD_STATUSES } from '../../format/labels.js';
import { firstCard, groupByStatus, locate } from '../../stores/board-model.js';
import { useBoard } from '../../stores/board-store.js';
import { useThread } from '../../stores/thread-store.js';
import { ThreadPanel } from '../thread/ThreadPanel.js';
import { BoardBanners } from './BoardBanners.js';
import { BoardColumn } from './BoardColumn.js';
import { BoardToolbar } from './BoardToolbar.js';
import { useBoardKeyboard } from './use-board-keyboard.js';
import { useRefetchOnFocus } from './use-refetch-on-focus.js';

export function BoardScreen({ projectId, projectName }: { projectId: string; projectName: string }) {
  const data = useBoard((s) => s.data);
  const progress = useBoard((s) => s.progress);
  const loadProblem = useBoard((s) => s.loadProblem);
  const moveProblem = useBoard((s) => s.moveProblem);
  const loadedAt = useBoard((s) => s.loadedAt);
  const focusedId = useBoard((s) => s.focusedId);
  const { load, setStatus, dismissMoveProblem, leave } = useBoard.getState();
  const threadId = useThread((s) => s.itemId);
  const openThread = useThread((s) => s.open);
  const closeThread = useThread((s) => s.close);

  useEffect(() => {
    void load(projectId);
    return () => {
      leave();
      closeThread();
    };
  }, [projectId, load, leave, closeThread]);

  const refresh = useCallback(() => void load(projectId), [load, projectId]);
  useRefetchOnFocus(refresh, loadedAt, progress !== null);

  const columns = useMemo(() => groupByStatus(data?.rows ?? []), [data?.rows]);
  const tabbableId = focusedId && locate(columns, focusedId) ? focusedId : firstCard(columns);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = useCallback(
    (itemId: string) => {
      useBoard.getState().focusCard(itemId, false);
      void openThread(itemId);
    },
    [openThread],
  );
  const openFromKeyboard = useCallback(
    (itemId: string) => {
      open(itemId);
      requestAnimationFrame(() => headingRef.current?.focus());
    },
    [open],
  );
  const follow = useCallback(
    (itemId: string) => {
      if (useThread.getState().itemId) void openThread(itemId);
    },
    [openThread],
  );
  const changeStatus = useCallback((itemId: string, status: Status) => void setStatus(itemId, status), [setStatus]);

  const { onBoardKeyDown, onPanelKeyDown } = useBoardKeyboard(columns, openFromKeyboard, follow);

  const closePanel = useCallback(() => {
    const id = useThread.getState().item?.id ?? threadId;
    closeThread();
    // Back to the card the thread came from, so the keyboard flow continues where it left off.
    if (id && locate(columns, id)) useBoard.getState().focusCard(id, true);
  }, [closeThread, columns, threadId]);

  return (
    <main className="screen board-screen" aria-label={`${projectName} board`}>
      <h1 className="visually-hidden">{projectName}</h1>
      <BoardToolbar total={data?.summary.total ?? null} capped={data?.capped ?? false} progress={progress} loadedAt={loadedAt} onRefresh={refresh} onOpenThread={openFromKeyboard} />
      {data && <BoardBanners capped={data.capped} scanLimit={data.scanLimit} unlisted={data.unlisted} />}
      {loadProblem && <ErrorMessage problem={loadProblem} onRetry={refresh} />}
      {moveProblem && (
        <ErrorMessage problem={moveProblem} onDismiss={dismissMoveProblem} onRetry={() => changeStatus(moveProblem.itemId, moveProblem.to)} onRefresh={refresh} compact />
      )}
      <div className={threadId ? 'board-layout board-layout--with-thread' : 'board-layout'}>
        {data ? (
          <div className="board" data-testid="board" data-board-columns onKeyDown={onBoardKeyDown}>
            {BOARD_STATUSES.map((status) => (
              <BoardColumn
                key={status}
                status={status}
                rows={columns[status]}
                count={data.summary[status]}
                capped={data.capped}
                tabbableId={tabbableId}
                onOpen={open}
                onDropCard={changeStatus}
              />
            ))}
          </div>
        ) : (
          !loadProblem && (
            <div className="board-loading" aria-busy="true">
              <p>Loading the threads of {projectName}…</p>
              {progress && progress.planned > 1 && (
                <p className="muted">
                  This project has more than 200 threads, so they are fetched page by page: {progress.done} of {progress.planned} requests, {progress.rows.toLocaleString('en-US')} threads so far.
                </p>
              )}
            </div>
          )
        )}
        {threadId && (
          <ErrorBoundary area="the thread" resetKey={threadId}>
            <ThreadPanel onClose={closePanel} onSetStatus={changeStatus} headingRef={headingRef} onKeyDown={onPanelKeyDown} />
          </ErrorBoundary>
        )}
      </div>
    </main>
  );
}
