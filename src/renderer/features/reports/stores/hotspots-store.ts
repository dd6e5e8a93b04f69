import { create } from 'zustand';
import type { Status } from '#shared/api/common.js';
import { parseLine, type FileQuery } from '../model/hotspots-model.js';
import type { FileFilter } from './hotspots-query.js';

const EMPTY_QUERY: FileQuery = { line: '', component: '', status: '' };
const EMPTY_FILTER: FileFilter = { line: null, component: '', status: '' };

/** What a person chose on the hotspots tab; the answers themselves are server state (hotspots-query). */
interface HotspotsState {
  projectId: string | null;
  /** The file whose threads are listed, or null. */
  file: string | null;
  /** The filters as typed. */
  query: FileQuery;
  /** The filters the list was last asked with (an unreadable line is never sent). */
  applied: FileFilter;
  /**
   * Bringing the chosen file's threads into view: 'pending' once a person chose a file,
   * 'shown' once the panel was revealed (it is revealed again when its list has arrived and
   * the panel has its full height), 'none' otherwise (coming back to the tab moves nothing).
   */
  reveal: 'none' | 'pending' | 'shown';
  setReveal(reveal: 'none' | 'pending' | 'shown'): void;
  /** The tab shows this project: another project's chosen file and filters are forgotten. */
  showProject(projectId: string): void;
  /** Chooses a file (null closes it), its list unfiltered or, from a chart's segment, of one status. */
  selectFile(file: string | null, status?: Status): void;
  /** Changes a filter of the file's list; component and status apply at once, the line by `applyQuery`. */
  setQuery(patch: Partial<FileQuery>): void;
  applyQuery(): void;
}

export const useHotspots = create<HotspotsState>()((set, get) => ({
  projectId: null,
  file: null,
  query: EMPTY_QUERY,
  applied: EMPTY_FILTER,
  reveal: 'none',
  setReveal: (reveal) => set({ reveal }),

  showProject(projectId) {
    if (get().projectId === projectId) return;
    set({ projectId, file: null, query: EMPTY_QUERY, applied: EMPTY_FILTER, reveal: 'none' });
  },

  selectFile(file, status) {
    // A new file starts unfiltered: its components differ from the last file's.
    const query = status ? { ...EMPTY_QUERY, status } : EMPTY_QUERY;
    set({ file, query, reveal: file === null ? 'none' : 'pending' });
    get().applyQuery();
  },

  setQuery(patch) {
    set({ query: { ...get().query, ...patch } });
    if (patch.component !== undefined || patch.status !== undefined) get().applyQuery();
  },

  applyQuery() {
    const { query } = get();
    const { line, problem } = parseLine(query.line);
    if (problem) return;
    set({ applied: { line, component: query.component, status: query.status } });
  },
}));
