import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '#shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import type { Failure } from '../stores/failure.js';
import { useSession } from '../stores/session-store.js';
import { connectionKey, fromBridge, queryClient, queryProblem } from './query-client.js';

/**
 * The projects the connection can use, most recent activity first (the service's order).
 * Keyed by connection, so a list from another connection never shows, not even for a frame,
 * and a late answer for a connection the person left lands under that connection's key.
 */
export const projectListQuery = (connectionId: string | null | undefined) =>
  queryOptions({
    queryKey: connectionKey(connectionId, 'projects'),
    queryFn: async (): Promise<Project[]> => (await fromBridge(getBridge().api.listProjects({}))).projects,
  });

interface ProjectList {
  /** Empty until loaded (or when loading failed). */
  projects: Project[];
  /** True while the list is being asked, also when an older one is on screen meanwhile. */
  loading: boolean;
  problem: Failure | null;
  reload(): void;
}

const NO_PROJECTS: Project[] = [];

/**
 * The active connection's projects. `fresh`: asked again each time the caller mounts (the
 * project picker, where a project created since should show); otherwise any list already
 * read serves, and one is read only when none was (the palette's "Open project", a reloaded
 * report's heading).
 */
export function useProjectList(options: { fresh?: boolean; enabled?: boolean } = {}): ProjectList {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  const query = useQuery({
    ...projectListQuery(connectionId),
    enabled: connectionId !== null && options.enabled !== false,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : { staleTime: Infinity }),
  });
  return {
    projects: query.data ?? NO_PROJECTS,
    loading: query.isFetching,
    problem: queryProblem('Could not load projects', query),
    reload: () => void query.refetch(),
  };
}

/** A project's name as the list last read it, outside React (a restored address carries only the id). */
export function listedProjectName(projectId: string): string | undefined {
  const connectionId = useSession.getState().active?.connection.id;
  return queryClient.getQueryData(projectListQuery(connectionId).queryKey)?.find((p) => p.id === projectId)?.name;
}
