import { create } from 'zustand';
import type { Project } from '../../shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import { failure, type Failure } from './failure.js';

interface ProjectsState {
  projects: Project[];
  /** The connection these projects came from, so switching connections refetches. */
  connectionId: string | null;
  loading: boolean;
  problem: Failure | null;
  load(connectionId: string): Promise<void>;
}

export const useProjects = create<ProjectsState>()((set, get) => ({
  projects: [],
  connectionId: null,
  loading: false,
  problem: null,

  async load(connectionId) {
    if (get().connectionId !== connectionId) set({ projects: [] });
    set({ loading: true, problem: null, connectionId });
    const res = await getBridge().api.listProjects({});
    // A reply for a connection the person already left is dropped.
    if (get().connectionId !== connectionId) return;
    if (res.ok) set({ projects: res.data.projects, loading: false });
    else set({ problem: failure('Could not load projects', res.error), loading: false });
  },
}));
