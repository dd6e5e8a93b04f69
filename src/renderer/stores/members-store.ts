import { create } from 'zustand';
import type { Member } from '../../shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from './failure.js';
import { onReconnected } from './network-store.js';

/** The members of the current project's workspace: assignee filter and bulk assignment pick from them. */
interface MembersState {
  projectId: string | null;
  members: Member[];
  loading: boolean;
  problem: Failure | null;
  load(projectId: string, options?: { force?: boolean }): Promise<void>;
}

export const useMembers = create<MembersState>()((set, get) => ({
  projectId: null,
  members: [],
  loading: false,
  problem: null,

  async load(projectId, options = {}) {
    const s = get();
    if (s.projectId === projectId && !options.force && (s.loading || s.members.length > 0)) return;
    set({ projectId, loading: true, problem: null, ...(s.projectId === projectId ? {} : { members: [] }) });
    const res = await getBridge().api.listMembers({ projectId });
    if (get().projectId !== projectId) return;
    if (res.ok) set({ loading: false, members: [...res.data.members].sort((a, b) => a.name.localeCompare(b.name)) });
    else set({ loading: false, problem: failure('Could not load the people of this workspace', res.error) });
  },
}));

// The people of a workspace that failed to load for want of the service load again once it answers.
onReconnected(() => {
  const { projectId, problem, load } = useMembers.getState();
  if (projectId && problem && goneWithTheConnection(problem)) void load(projectId, { force: true });
});
