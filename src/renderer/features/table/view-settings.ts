import type { ColumnOrderState, ColumnSort, ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import {
  DEFAULT_SORTING,
  ITEM_COLUMN_IDS,
  type ItemColumnId,
  PERMANENT_COLUMNS,
  SORTABLE_COLUMNS,
  isItemColumnId,
} from './column-ids.js';

/** The table slices remembered per project. Selection and focus are deliberately not among them. */
export interface TableViewSettings {
  columnVisibility: ColumnVisibilityState;
  columnOrder: ColumnOrderState;
  sorting: SortingState;
}

/** Bumped only for a change old readers would misread; unknown fields are ignored, not rejected. */
const FORMAT_VERSION = 1;

export function viewSettingsKey(projectId: string): string {
  return `triage-desk:table:${projectId}`;
}

export function defaultViewSettings(): TableViewSettings {
  return {
    columnVisibility: {},
    columnOrder: [...ITEM_COLUMN_IDS],
    sorting: DEFAULT_SORTING.map((s) => ({ ...s })),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeVisibility(value: unknown): ColumnVisibilityState {
  if (!isRecord(value)) return {};
  const out: ColumnVisibilityState = {};
  for (const [id, visible] of Object.entries(value)) {
    if (isItemColumnId(id) && !PERMANENT_COLUMNS.has(id) && typeof visible === 'boolean') out[id] = visible;
  }
  return out;
}

/**
 * Always a full permutation with the checkbox column first: unknown IDs (a column that was
 * removed) are dropped and missing ones (a column added since) are appended.
 */
function normalizeColumnOrder(value: unknown): ColumnOrderState {
  const seen = new Set<ItemColumnId>(['select']);
  const order: ItemColumnId[] = ['select'];
  const push = (id: unknown) => {
    if (isItemColumnId(id) && !seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  };
  if (Array.isArray(value)) value.forEach(push);
  ITEM_COLUMN_IDS.forEach(push);
  return order;
}

/** A missing or malformed value means "never chosen" (the default); an empty array is a choice (API order). */
function normalizeSorting(value: unknown): SortingState {
  if (!Array.isArray(value)) return defaultViewSettings().sorting;
  const out: ColumnSort[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.desc !== 'boolean') continue;
    const id = entry.id;
    if (isItemColumnId(id) && SORTABLE_COLUMNS.has(id) && !out.some((s) => s.id === id))
      out.push({ id, desc: entry.desc });
  }
  return out;
}

function normalizeViewSettings(value: unknown): TableViewSettings {
  if (!isRecord(value)) return defaultViewSettings();
  return {
    columnVisibility: normalizeVisibility(value.columnVisibility),
    columnOrder: normalizeColumnOrder(value.columnOrder),
    sorting: normalizeSorting(value.sorting),
  };
}

/** Anything unreadable (hand edits, another version, a truncated write) falls back to defaults, never throws. */
export function parseViewSettings(raw: string | null): TableViewSettings {
  if (raw === null) return defaultViewSettings();
  try {
    return normalizeViewSettings(JSON.parse(raw));
  } catch {
    return defaultViewSettings();
  }
}

export function serializeViewSettings(settings: TableViewSettings): string {
  return JSON.stringify({ version: FORMAT_VERSION, ...settings });
}

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadViewSettings(storage: SettingsStorage | null, projectId: string): TableViewSettings {
  try {
    return parseViewSettings(storage?.getItem(viewSettingsKey(projectId)) ?? null);
  } catch {
    return defaultViewSettings();
  }
}

/** False when storage refused (quota, disabled): the view still works, it just isn't remembered. */
export function saveViewSettings(
  storage: SettingsStorage | null,
  projectId: string,
  settings: TableViewSettings,
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(viewSettingsKey(projectId), serializeViewSettings(settings));
    return true;
  } catch {
    return false;
  }
}

/** Moves a column one place earlier or later; the checkbox column stays first. */
export function moveColumn(order: ColumnOrderState, id: string, delta: -1 | 1): ColumnOrderState {
  const full = normalizeColumnOrder(order);
  const from = full.indexOf(id);
  const to = from + delta;
  if (from <= 0 || to <= 0 || to >= full.length) return full;
  const next = [...full];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
