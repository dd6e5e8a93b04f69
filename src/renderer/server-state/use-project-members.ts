import { useEffect } from 'react';
import type { Member } from '../../shared/reader/index.js';
import type { Failure } from '../stores/failure.js';
import { useMembers } from '../stores/members-store.js';

export interface ProjectMembers {
  /** Empty until loaded (or when loading failed). */
  members: Member[];
  loading: boolean;
  problem: Failure | null;
  reload(): void;
}

/** The workspace's members for a project, from the shared members store, loading them if needed. */
export function useProjectMembers(projectId: string): ProjectMembers {
  const forProject = useMembers((s) => s.projectId === projectId);
  const members = useMembers((s) => s.members);
  const loading = useMembers((s) => s.loading);
  const problem = useMembers((s) => s.problem);
  useEffect(() => {
    void useMembers.getState().load(projectId);
  }, [projectId]);
  return {
    members: forProject ? members : [],
    loading: !forProject || loading,
    problem: forProject ? problem : null,
    reload: () => void useMembers.getState().load(projectId, { force: true }),
  };
}
