import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '#shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import type { Failure } from '../stores/failure.js';
import { useSession } from '../stores/session-store.js';
import { useWorkspace } from '../stores/workspace-store.js';
import { connectionKey, fromBridge, queryClient, queryProblem } from './query-client.js';

/**
 * The members of a project's workspace: assignee filter, bulk assignment, the assign dialog
 * and mentions pick from them. Read once per visit to a project (entering it asks again) and
 * kept while it is open.
 */
const membersQuery = (connectionId: string | null | undefined, projectId: string) =>
  queryOptions({
    queryKey: connectionKey(connectionId, 'members', projectId),
    queryFn: async (): Promise<Member[]> =>
      [...(await fromBridge(getBridge().api.listMembers({ projectId }))).members].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    staleTime: Infinity,
  });

const connectionNow = () => useSession.getState().active?.connection.id;

interface ProjectMembers {
  /** Empty until loaded (or when loading failed). */
  members: Member[];
  loading: boolean;
  problem: Failure | null;
  reload(): void;
}

const NO_MEMBERS: Member[] = [];

export function useProjectMembers(projectId: string | null): ProjectMembers {
  const connectionId = useSession((s) => s.active?.connection.id);
  const query = useQuery({ ...membersQuery(connectionId, projectId ?? ''), enabled: projectId !== null });
  return {
    members: query.data ?? NO_MEMBERS,
    loading: query.isPending,
    problem: queryProblem('Could not load the people of this workspace', query),
    reload: () => void query.refetch(),
  };
}

/** The members of the project open in the workspace. */
export function useOpenProjectMembers(): ProjectMembers {
  return useProjectMembers(useWorkspace((s) => s.projectId));
}

/** Asks for a project's members afresh (entering a project), keeping what was read meanwhile on screen. */
export function refreshMembers(projectId: string): void {
  queryClient.fetchQuery({ ...membersQuery(connectionNow(), projectId), staleTime: 0 }).catch(() => {
    // The failure stays in the cache, where the views that show members read it.
  });
}

/** A member's name as last read, outside React (the palette's descriptions). */
export function memberNameNow(projectId: string | null, memberId: string): string | undefined {
  if (projectId === null) return undefined;
  return queryClient.getQueryData(membersQuery(connectionNow(), projectId).queryKey)?.find((m) => m.id === memberId)
    ?.name;
}
