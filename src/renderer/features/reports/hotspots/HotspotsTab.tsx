import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { ExportBar } from '../components/ExportBar.js';
import { LoadedAt } from '../components/LoadedAt.js';
import { hotspotsMarkdown } from '../model/hotspots-markdown.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { coverageText, hotspotRows, noHotspotsText } from '../model/hotspots-model.js';
import { useHotspots } from '../stores/hotspots-store.js';
import { fileThreadsQuery, hotspotsQuery } from '../stores/hotspots-query.js';
import { queryClient, queryProblem } from '../../../server-state/query-client.js';
import { useSession } from '../../../stores/session-store.js';
import { FileThreads } from './FileThreads.js';
import { HotspotFiles } from './HotspotFiles.js';
import { HotspotsChart } from './HotspotsChart.js';
import { UnreadableNotice } from '../../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';
import { formatCount, plural } from '../../../format/counts.js';
import type { Status } from '#shared/api/common.js';

/**
 * Which source files collect feedback: for a developer about to edit a file, and for the
 * lead looking for the components that keep coming back.
 */
export function HotspotsTab() {
  const { projectId, projectName } = useReportsContext();
  const connectionId = useSession((s) => s.active?.connection.id);
  const query = useQuery(hotspotsQuery(connectionId, projectId));
  const hotspots = query.data ?? null;
  const loading = query.isFetching;
  const problem = queryProblem('Could not load the source hotspots', query);
  const loadedAt = query.data ? query.dataUpdatedAt : null;
  const refresh = () => void query.refetch();
  const selected = useHotspots((s) => s.file);
  const { showProject, selectFile } = useHotspots.getState();

  useEffect(() => showProject(projectId), [showProject, projectId]);

  const files = useMemo(() => hotspots?.files ?? [], [hotspots]);
  const rows = useMemo(() => hotspotRows(files), [files]);
  const selectedFile = files.find((f) => f.file === selected) ?? null;

  // FileThreads brings the list into view and moves focus to it (see its useRevealOnSelect).
  const select = useCallback((file: string, status?: Status) => selectFile(file, status), [selectFile]);

  const markdown = () => {
    const s = useHotspots.getState();
    if (!hotspots) return '';
    const file = hotspots.files?.find((f) => f.file === s.file);
    const matches = file
      ? queryClient.getQueryData(fileThreadsQuery(connectionId, projectId, file.file, s.applied).queryKey)
      : undefined;
    return hotspotsMarkdown({
      projectName,
      generatedAt: Date.now(),
      hotspots,
      selected: file && matches ? { file, query: s.query, matches } : null,
    });
  };

  const empty = hotspots ? noHotspotsText(hotspots.coverage) : null;
  return (
    <div className="hotspots">
      <div className="report-toolbar">
        <p className="report-toolbar__summary" data-testid="hotspots-coverage">
          {hotspots && (
            <>
              {coverageText(hotspots.coverage)}
              {hotspots.totalFiles !== null && ` across ${plural(hotspots.totalFiles, 'file', 'files')}`}.
            </>
          )}
        </p>
        <LoadedAt at={loadedAt} loading={loading} onRefresh={refresh} what="source hotspots" />
        <ExportBar projectName={projectName} kind="hotspots" markdown={markdown} disabled={!hotspots} />
      </div>
      {problem && <ErrorMessage problem={problem} onRetry={refresh} />}
      {loading && (
        <Loading testId="hotspots-loading">
          {hotspots
            ? 'Refreshing the source hotspots…'
            : `Ranking the source files of ${projectName} by open and deferred threads…`}
        </Loading>
      )}
      <UnreadableNotice problems={unreadableOf(hotspots)} />
      {empty && <p className="notice">{empty}</p>}
      {hotspots && !empty && (
        <>
          <HotspotsChart rows={rows} onSelect={select} />
          {hotspots.totalFiles !== null && hotspots.totalFiles > files.length && (
            <p className="muted">
              The service ranks {formatCount(hotspots.totalFiles)} files; the {files.length} highest-ranked are listed.
            </p>
          )}
          <div className={selectedFile ? 'hotspots-layout hotspots-layout--with-file' : 'hotspots-layout'}>
            <section className="report-panel panel-surface" aria-labelledby="hotspot-files-title">
              <h2 id="hotspot-files-title">Files</h2>
              <HotspotFiles files={files} selected={selected} onSelect={select} />
            </section>
            {selectedFile && <FileThreads key={selectedFile.file} file={selectedFile} />}
          </div>
        </>
      )}
    </div>
  );
}
