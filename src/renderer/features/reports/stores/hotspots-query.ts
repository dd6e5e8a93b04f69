import { queryOptions } from '@tanstack/react-query';
import type { Status } from '#shared/api/common.js';
import { LIMITS } from '#shared/api/limits.js';
import type { SourceResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { connectionKey, fromBridge } from '../../../server-state/query-client.js';

/** The filters a file's thread list was asked with: the line as a number once it reads as one. */
export interface FileFilter {
  line: number | null;
  component: string;
  status: Status | '';
}

/**
 * The project's ranked source files. Every ranked file, not the first 50: the chart shows the
 * top ones, the table all of them. Kept until refreshed: coming back to the tab asks nothing.
 */
export function hotspotsQuery(connectionId: string | null | undefined, projectId: string) {
  return queryOptions({
    queryKey: connectionKey(connectionId, 'reports-hotspots', projectId),
    queryFn: (): Promise<SourceResponse> =>
      fromBridge(getBridge().api.findBySource({ projectId, limit: LIMITS.sourceLimitMax })),
    staleTime: Infinity,
  });
}

/** One file's threads with its filters; a change of filter is a new key, so a late answer to the old one never shows. */
export function fileThreadsQuery(
  connectionId: string | null | undefined,
  projectId: string,
  file: string,
  filter: FileFilter,
) {
  return queryOptions({
    queryKey: connectionKey(connectionId, 'reports-hotspots', projectId, 'file', file, filter),
    queryFn: (): Promise<SourceResponse> =>
      fromBridge(
        getBridge().api.findBySource({
          projectId,
          file,
          limit: LIMITS.sourceLimitMax,
          ...(filter.line !== null ? { line: filter.line } : {}),
          ...(filter.component ? { component: filter.component } : {}),
          ...(filter.status ? { status: filter.status } : {}),
        }),
      ),
    staleTime: Infinity,
  });
}
