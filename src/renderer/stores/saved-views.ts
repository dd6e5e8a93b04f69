import { isWorkspaceView, normalizeFilters, sameFilters, type Filters, type WorkspaceView } from './filter-model.js';

/**
 * Named filter + view combinations, kept per project in localStorage. What is read back is
 * never trusted: another version, a hand edit or a full disk may have left anything there,
 * so each entry is checked and a bad one is dropped instead of breaking the list.
 */
export interface SavedView {
  id: string;
  name: string;
  view: WorkspaceView;
  filters: Filters;
  savedAt: number;
}

const VIEW_NAME_MAX = 60;
const VIEWS_MAX = 100;
const FORMAT_VERSION = 1;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function savedViewsKey(projectId: string): string {
  return `triage-desk:views:${projectId}`;
}

function parseView(raw: unknown): SavedView | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || !r.id || typeof r.name !== 'string') return null;
  const name = r.name.trim().slice(0, VIEW_NAME_MAX);
  if (!name) return null;
  return {
    id: r.id,
    name,
    view: isWorkspaceView(r.view) ? r.view : 'board',
    filters: normalizeFilters(r.filters),
    savedAt: typeof r.savedAt === 'number' && Number.isFinite(r.savedAt) ? r.savedAt : 0,
  };
}

/** Garbage in, a (possibly empty) list out; duplicate ids and names keep their first entry. */
export function parseSavedViews(text: string | null): SavedView[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? (data as { views?: unknown }).views
      : null;
  if (!Array.isArray(list)) return [];
  const out: SavedView[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const entry of list.slice(0, VIEWS_MAX)) {
    const view = parseView(entry);
    if (!view || ids.has(view.id) || names.has(nameKey(view.name))) continue;
    ids.add(view.id);
    names.add(nameKey(view.name));
    out.push(view);
  }
  return out;
}

export function serializeSavedViews(views: readonly SavedView[]): string {
  return JSON.stringify({ version: FORMAT_VERSION, views });
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readSavedViews(projectId: string, storage: KeyValueStorage | null = defaultStorage()): SavedView[] {
  try {
    return parseSavedViews(storage?.getItem(savedViewsKey(projectId)) ?? null);
  } catch {
    return [];
  }
}

/** False when the views could not be stored (storage disabled or full): the caller says so. */
export function writeSavedViews(
  projectId: string,
  views: readonly SavedView[],
  storage: KeyValueStorage | null = defaultStorage(),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(savedViewsKey(projectId), serializeSavedViews(views));
    return true;
  } catch {
    return false;
  }
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** A sentence saying what is wrong with the name, or null when it is usable. */
export function viewNameProblem(name: string, views: readonly SavedView[], exceptId?: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the view a name.';
  if (trimmed.length > VIEW_NAME_MAX) return `Keep the name under ${VIEW_NAME_MAX + 1} characters.`;
  if (views.some((v) => v.id !== exceptId && nameKey(v.name) === nameKey(trimmed)))
    return `A view named “${trimmed}” already exists: pick another name.`;
  return null;
}

interface ViewDraft {
  name: string;
  view: WorkspaceView;
  filters: Filters;
}

/** Saving under an existing name updates that view (the caller words it as "Update"). */
export function upsertView(
  views: readonly SavedView[],
  draft: ViewDraft,
  now: number,
  newId: () => string,
): { views: SavedView[]; saved: SavedView; replaced: boolean } {
  const name = draft.name.trim().slice(0, VIEW_NAME_MAX);
  const existing = views.find((v) => nameKey(v.name) === nameKey(name));
  const saved: SavedView = {
    id: existing?.id ?? newId(),
    name,
    view: draft.view,
    filters: normalizeFilters(draft.filters),
    savedAt: now,
  };
  const next = existing ? views.map((v) => (v.id === existing.id ? saved : v)) : [...views, saved];
  return { views: next, saved, replaced: Boolean(existing) };
}

export function renameView(views: readonly SavedView[], id: string, name: string): SavedView[] {
  const trimmed = name.trim().slice(0, VIEW_NAME_MAX);
  return views.map((v) => (v.id === id ? { ...v, name: trimmed } : v));
}

export function removeView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((v) => v.id !== id);
}

/** The saved view showing exactly what is on screen, if any. */
export function matchingView(views: readonly SavedView[], view: WorkspaceView, filters: Filters): SavedView | null {
  return views.find((v) => v.view === view && sameFilters(v.filters, filters)) ?? null;
}
