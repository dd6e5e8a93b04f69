import { useCallback, useEffect, useMemo, useRef, type KeyboardEventHandler } from 'react';
import type { Status } from '#shared/api/common.js';
import { ErrorBoundary } from '../../app/ErrorBoundary.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { activeFilterCount } from '../../stores/filter-model.js';
import { sameCause } from '../../stores/failure.js';
import { useSelection } from '../../stores/selection-store.js';
import { useThread } from '../../stores/thread-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { BoardView } from '../board/BoardView.js';
import { LazyView } from '../../app/lazy-part.js';
import { evidenceGallery, hotElementsView } from '../../app/lazy-screens.js';
import { SelectionBar } from '../bulk/SelectionBar.js';
import { ThreadPanel } from '../thread/ThreadPanel.js';
import { FilterBar } from './FilterBar.js';
import { ListBanners } from './ListBanners.js';
import { SummaryHeader } from './SummaryHeader.js';
import { TableView } from '../table/TableView.js';
import { useFilteredRows } from './use-filtered-rows.js';
import { useRefetchOnFocus } from './use-refetch-on-focus.js';
import { useTextSearchSync } from './use-text-search-sync.js';
import { useWorkspaceKeyboard } from './use-workspace-keyboard.js';
import { WorkspaceToolbar } from './WorkspaceToolbar.js';
import { CARD_HEIGHT, TABLE_ROW_HEIGHT, useDensity } from './density.js';
import { enterProject, leaveProject, refreshProject } from '../../app/use-cases/project-session.js';
import { closeThread, followThread, openThread } from '../../app/use-cases/workspace.js';
import '../../styles/workspace.css';
import { formatCount } from '../../format/counts.js';

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** The project is entered while its workspace is shown. */
function useProjectSession(projectId: string): void {
  useEffect(() => {
    enterProject(projectId);
    return leaveProject;
  }, [projectId]);
}

/**
 * Selected threads the filters now hide are unselected, so a bulk action only ever touches
 * threads on screen. While a search waits for the service, its stand-in rows do not count.
 */
function useSelectionFollowsRows(projectId: string, rowIds: ReadonlySet<string> | null): void {
  useEffect(() => {
    const sel = useSelection.getState();
    if (rowIds && sel.projectId === projectId && sel.selected.size > 0) sel.retain(rowIds);
  }, [projectId, rowIds]);
}

export function WorkspaceScreen({ projectId, projectName }: { projectId: string; projectName: string }) {
  const data = useProjectItems((s) => s.data);
  const loading = useProjectItems((s) => s.progress !== null);
  const loadedAt = useProjectItems((s) => s.loadedAt);
  const loadProblem = useProjectItems((s) => s.loadProblem);
  const moveProblem = useProjectItems((s) => s.moveProblem);
  const view = useWorkspace((s) => s.view);
  const density = useDensity();
  const threadId = useThread((s) => s.itemId);
  const selected = useSelection((s) => (s.projectId === projectId ? s.selected : NOTHING_SELECTED));
  const { all, rows, filters, searchPending } = useFilteredRows();
  const go = useNavigation((s) => s.go);
  const name = projectName || data?.project.name || 'this project';

  useProjectSession(projectId);
  useTextSearchSync(projectId);
  useRefetchOnFocus(refreshProject, loadedAt, loading);
  useWorkspaceKeyboard();

  const shownIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const shownSet = useMemo(() => (data && !searchPending ? new Set(shownIds) : null), [data, searchPending, shownIds]);
  useSelectionFollowsRows(projectId, shownSet);
  const selectedInOrder = useMemo(
    () => (selected.size === 0 ? [] : all.filter((r) => selected.has(r.id)).map((r) => r.id)),
    [all, selected],
  );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const openFromKeyboard = useCallback((itemId: string) => {
    openThread(itemId);
    requestAnimationFrame(() => headingRef.current?.focus());
  }, []);
  // The panel awaits the outcome: the list moves the row, offers undo and reports a refusal.
  const setStatus = useCallback(
    (itemId: string, status: Status) => useProjectItems.getState().setStatus(itemId, status),
    [],
  );
  const renderPanel = (onKeyDown?: KeyboardEventHandler<HTMLElement>) =>
    threadId && (
      <ErrorBoundary area="the thread" resetKey={threadId}>
        <ThreadPanel onClose={closeThread} onSetStatus={setStatus} headingRef={headingRef} onKeyDown={onKeyDown} />
      </ErrorBoundary>
    );

  const filtered = activeFilterCount(filters) > 0;
  // One line right above the list in both views; the table puts it on its Columns line.
  const summary = data && (
    <SummaryHeader summary={data.summary} capped={data.capped} scanLimit={data.scanLimit} all={all} />
  );
  return (
    <main className={`screen workspace workspace--${density}`} aria-label={`${name}: ${view}`}>
      <h1 className="visually-hidden">{name}</h1>
      <WorkspaceToolbar onOpenThread={openFromKeyboard} />
      <FilterBar summary={data?.summary ?? null} all={all} shown={rows.length} />
      {data && <ListBanners unlisted={data.unlisted} unreadable={data.unreadable} onRetrySearch={refreshProject} />}
      {loadProblem && (
        <div className="workspace__problem">
          <ErrorMessage
            problem={loadProblem}
            onRetry={refreshProject}
            also={moveProblem && sameCause(moveProblem, loadProblem) ? [`${moveProblem.title}.`] : []}
          />
          {!data && (
            <button type="button" className="button button--quiet" onClick={() => go({ name: 'projects' })}>
              Choose another project
            </button>
          )}
        </div>
      )}
      {moveProblem && !(loadProblem && sameCause(moveProblem, loadProblem)) && (
        <ErrorMessage
          problem={moveProblem}
          onDismiss={useProjectItems.getState().dismissMoveProblem}
          onRetry={() => void setStatus(moveProblem.itemId, moveProblem.to)}
          onRefresh={refreshProject}
          compact
        />
      )}
      <SelectionBar projectId={projectId} selected={selectedInOrder} shownIds={shownIds} />
      {view !== 'table' && summary}
      <div className={threadId ? 'workspace__body workspace__body--with-thread' : 'workspace__body'}>
        {data ? (
          view === 'board' ? (
            <BoardView
              projectId={projectId}
              rows={rows}
              summary={data.summary}
              capped={data.capped}
              filtered={filtered}
              onOpen={openThread}
              onOpenFromKeyboard={openFromKeyboard}
              onFollow={followThread}
              renderPanel={renderPanel}
              cardHeight={CARD_HEIGHT[density]}
            />
          ) : view === 'elements' ? (
            <LazyView
              part={hotElementsView}
              props={{ rows, page: filters.page, onOpen: openFromKeyboard, panel: renderPanel() }}
            />
          ) : view === 'evidence' ? (
            <LazyView part={evidenceGallery} props={{ rows, onOpen: openFromKeyboard, panel: renderPanel() }} />
          ) : (
            <TableView
              projectId={projectId}
              all={all}
              rows={rows}
              onOpen={openFromKeyboard}
              panel={renderPanel()}
              summary={summary}
              rowHeight={TABLE_ROW_HEIGHT[density]}
            />
          )
        ) : (
          !loadProblem && <LoadingPlaceholder name={name} />
        )}
      </div>
    </main>
  );
}

function LoadingPlaceholder({ name }: { name: string }) {
  const progress = useProjectItems((s) => s.progress);
  return (
    <div className="workspace__loading" aria-busy="true">
      <p>Loading the threads of {name}…</p>
      {progress && progress.planned > 1 && (
        <p className="muted">
          This project has more than 200 threads, so they are fetched page by page: {progress.done} of{' '}
          {progress.planned} requests, {formatCount(progress.rows)} threads so far.
        </p>
      )}
    </div>
  );
}
