import type { ColumnSort } from '@tanstack/react-table';

/**
 * Column identities are persisted in localStorage, so they are part of a saved format:
 * renaming one silently resets that column for everyone. Add new IDs, never rename.
 */
export const ITEM_COLUMN_IDS = [
  'select',
  'type',
  'status',
  'excerpt',
  'page',
  'assignee',
  'agentTask',
  'replies',
  'reports',
  'author',
  'created',
] as const;

export type ItemColumnId = (typeof ITEM_COLUMN_IDS)[number];

export const COLUMN_LABEL: Record<ItemColumnId, string> = {
  select: 'Select',
  type: 'Type',
  status: 'Status',
  excerpt: 'Excerpt',
  page: 'Page',
  assignee: 'Assignee',
  agentTask: 'Agent task',
  replies: 'Replies',
  reports: 'Reports',
  author: 'Author',
  created: 'Created',
};

/** The checkbox column drives bulk actions and the excerpt is the only thing that identifies a row. */
export const PERMANENT_COLUMNS: ReadonlySet<ItemColumnId> = new Set(['select', 'excerpt']);

/**
 * What says which thread a row is and where it stands: when the columns are wider than the
 * table (a small window, the thread panel open), these stay in view and the others scroll.
 */
export const KEY_COLUMNS: ReadonlySet<ItemColumnId> = new Set(['select', 'status', 'excerpt']);

export const SORTABLE_COLUMNS: ReadonlySet<ItemColumnId> = new Set(ITEM_COLUMN_IDS.filter((id) => id !== 'select'));

/** The API returns newest first; the table opens in that order so nothing jumps on load. */
export const DEFAULT_SORTING: readonly ColumnSort[] = [{ id: 'created', desc: true }];

export function isItemColumnId(value: unknown): value is ItemColumnId {
  return typeof value === 'string' && (ITEM_COLUMN_IDS as readonly string[]).includes(value);
}
