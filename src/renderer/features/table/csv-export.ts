import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ItemRow } from '#shared/reader/index.js';
import { isStatus, statusLabel, taskLabel, typeLabel } from '../../format/labels.js';
import { desktopItemLink } from '../links/item-address.js';
import { COLUMN_LABEL } from './column-ids.js';
import type { TextColumnId } from './cell-content.js';
import { assigneeSortValue } from './sorting.js';

/**
 * The table as a spreadsheet: the threads in the order shown, the columns shown in their
 * order, each thread's ID and link first. Values are whole (the full excerpt, absolute UTC
 * times, plain counts), never the cell's shortened look. Written with csv-stringify (quoting,
 * CRLF rows, a BOM so spreadsheets read UTF-8).
 */

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that hides one) gets a leading apostrophe: feedback text is anyone's text.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const VALUE: Record<TextColumnId, (t: ItemRow) => string | number> = {
  type: (t) => typeLabel(t.type),
  status: (t) => (isStatus(t.status) ? statusLabel(t.status) : String(t.status)),
  excerpt: (t) => t.excerpt ?? '',
  page: (t) => t.page,
  assignee: (t) => assigneeSortValue(t.assignee) ?? '',
  agentTask: (t) => (t.agentTask ? taskLabel(t.agentTask) : ''),
  replies: (t) => t.replyCount,
  reports: (t) => t.reportCount,
  author: (t) => t.author,
  created: (t) => (t.createdAt === null ? '' : new Date(t.createdAt).toISOString()),
};

export function tableCsv(rows: readonly ItemRow[], columns: readonly TextColumnId[]): string {
  const header = ['ID', 'Link', ...columns.map((c) => COLUMN_LABEL[c])];
  const records = rows.map((t) =>
    [t.id, desktopItemLink(t.id), ...columns.map((c) => VALUE[c](t))].map((v) =>
      typeof v === 'string' ? neutraliseFormula(v) : v,
    ),
  );
  return stringify([header, ...records], { bom: true, record_delimiter: 'windows' });
}

/** triage-desk-checkout-app-2026-11-26.csv */
export function csvFileName(projectName: string | null, now: Date): string {
  const slug = (projectName ?? 'threads')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `triage-desk-${slug || 'threads'}-${now.toISOString().slice(0, 10)}.csv`;
}
