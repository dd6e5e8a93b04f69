import { create } from 'zustand';
import type { Status } from '#shared/api/common.js';
import type { SourceResponse } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from '../../../stores/failure.js';
import { onReconnected } from '../../../stores/network-store.js';
import { parseLine, type FileQuery } from '../model/hotspots-model.js';

const EMPTY_QUERY: FileQuery = { line: '', component: '', status: '' };

interface HotspotsState {
  projectId: string | null;
  hotspots: SourceResponse | null;
  loading: boolean;
  problem: Failure | null;
  loadedAt: number | null;
  /** The file whose threads are listed, or null. */
  file: string | null;
  query: FileQuery;
  matches: SourceResponse | null;
  matchesLoading: boolean;
  matchesProblem: Failure | null;
  /**
   * Bringing the chosen file's threads into view: 'pending' once a person chose a file,
   * 'shown' once the panel was revealed (it is revealed again when its list has arrived and
   * the panel has its full height), 'none' otherwise (coming back to the tab moves nothing).
   */
  reveal: 'none' | 'pending' | 'shown';
  setReveal(reveal: 'none' | 'pending' | 'shown'): void;
  load(projectId: string, force?: boolean): Promise<void>;
  /** Chooses a file (null closes it), its list unfiltered or, from a chart's segment, of one status. */
  selectFile(file: string | null, status?: Status): Promise<void>;
  /** Changes a filter of the file's list and fetches it again (the line is applied by `applyQuery`). */
  setQuery(patch: Partial<FileQuery>): void;
  applyQuery(): Promise<void>;
}

let hotspotsTicket = 0;
let matchesTicket = 0;

export const useHotspots = create<HotspotsState>()((set, get) => ({
  projectId: null,
  hotspots: null,
  loading: false,
  problem: null,
  loadedAt: null,
  file: null,
  query: EMPTY_QUERY,
  matches: null,
  matchesLoading: false,
  matchesProblem: null,
  reveal: 'none',
  setReveal: (reveal) => set({ reveal }),

  async load(projectId, force = false) {
    const same = get().projectId === projectId;
    if (same && !force && (get().hotspots || get().loading)) return;
    const mine = ++hotspotsTicket;
    if (!same) {
      matchesTicket++;
      set({ projectId, hotspots: null, loadedAt: null, file: null, query: EMPTY_QUERY, matches: null, matchesLoading: false, matchesProblem: null });
    }
    set({ loading: true, problem: null });
    // Every ranked file, not the first 50: the chart shows the top ones, the table all of them.
    const res = await getBridge().api.findBySource({ projectId, limit: LIMITS.sourceLimitMax });
    if (mine !== hotspotsTicket) return;
    if (res.ok) set({ hotspots: res.data, loading: false, loadedAt: Date.now() });
    else set({ problem: failure('Could not load the source hotspots', res.error), loading: false });
  },

  async selectFile(file, status) {
    // A new file starts unfiltered: its components differ from the last file's.
    set({ file, query: status ? { ...EMPTY_QUERY, status } : EMPTY_QUERY, matches: null, matchesProblem: null, reveal: file === null ? 'none' : 'pending' });
    if (file === null) {
      matchesTicket++;
      set({ matchesLoading: false });
      return;
    }
    await get().applyQuery();
  },

  setQuery(patch) {
    set({ query: { ...get().query, ...patch } });
    if (patch.component !== undefined || patch.status !== undefined) void get().applyQuery();
  },

  async applyQuery() {
    const { projectId, file, query } = get();
    if (!projectId || !file) return;
    const { line, problem } = parseLine(query.line);
    if (problem) return;
    const mine = ++matchesTicket;
    set({ matchesLoading: true, matchesProblem: null });
    const res = await getBridge().api.findBySource({
      projectId,
      file,
      limit: LIMITS.sourceLimitMax,
      ...(line !== null ? { line } : {}),
      ...(query.component ? { component: query.component } : {}),
      ...(query.status ? { status: query.status as Status } : {}),
    });
    if (mine !== matchesTicket) return;
    if (res.ok) set({ matches: res.data, matchesLoading: false });
    else set({ matchesProblem: failure(`Could not list the threads of ${file}`, res.error), matchesLoading: false });
  },
}));

// Hotspots that failed to load for want of the service load again once it answers.
onReconnected(() => {
  const { projectId, problem, load } = useHotspots.getState();
  if (projectId && problem && goneWithTheConnection(problem)) void load(projectId, true);
});
