import type { ItemRow, ReadOutput } from '#shared/reader/index.js';
import { elementKeyOf, type ElementKey } from './element-key.js';

/**
 * Where on a page people complain: the threads of the workspace's filter, grouped by the
 * element they are pinned to. The list answer carries no anchor or evidence, so each thread's
 * detail is read first (detail-queue.ts); until then a thread counts as "not read yet" and
 * is never guessed into a group. Counts by status and type come from the list rows, which a
 * status change patches at once, so they never lag behind the board.
 */

type ItemDetail = ReadOutput<'getItem'>;

export interface ThreadEvidence {
  element: ElementKey;
  screenshotUrl: string | null;
  /** The workspace's retention has passed: screenshot and page context are gone for good. */
  expired: boolean;
  /** When the screenshot was taken; the lean service leaves it out. */
  capturedAt: number | null;
  /** The reporter's click, in percent of the screenshot; null when not sent. */
  click: { x: number; y: number } | null;
  /** The service sent no evidence part (or it could not be read). */
  missing: boolean;
}

/** What is known of one thread's detail: read, failed with a sentence, or nothing yet. */
export type DetailState = { state: 'read'; evidence: ThreadEvidence } | { state: 'failed'; message: string };
export type DetailLookup = (itemId: string) => DetailState | undefined;

export function evidenceOf(item: Pick<ItemDetail, 'anchor' | 'evidence'>): ThreadEvidence {
  const viewport = item.anchor?.viewport ?? null;
  const x = viewport?.x ?? null;
  const y = viewport?.y ?? null;
  const expired = item.evidence?.expired === true;
  return {
    element: elementKeyOf(item.anchor),
    // An expired answer should carry no address; if one does, it no longer serves.
    screenshotUrl: expired ? null : (item.evidence?.screenshotUrl ?? null),
    expired,
    capturedAt: item.evidence?.capturedAt ?? null,
    click: x !== null && y !== null ? { x, y } : null,
    missing: item.evidence === null,
  };
}

interface PageCount {
  page: string;
  count: number;
}

/** Pages by how many of the rows are on them, busiest first (ties by name, so the order is stable). */
export function pagesByCount(rows: readonly ItemRow[]): PageCount[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.page, (counts.get(r.page) ?? 0) + 1);
  return [...counts]
    .map(([page, count]) => ({ page, count }))
    .sort((a, b) => b.count - a.count || a.page.localeCompare(b.page));
}

export interface Screenshot {
  itemId: string;
  url: string;
  click: { x: number; y: number } | null;
  /** capturedAt, else the thread's creation time. */
  at: number;
}

export interface ElementGroup {
  element: ElementKey;
  /** Its threads in list order (newest first). */
  rows: ItemRow[];
  byStatus: { open: number; deferred: number; resolved: number; other: number };
  /** Type (null: unclassified) and count, most first. */
  byType: Array<{ type: string | null; count: number }>;
  /** The latest screenshot that shows the element, if any is still kept. */
  latest: Screenshot | null;
  /** Threads whose evidence the retention period removed. */
  expired: number;
}

function countStatus(rows: readonly ItemRow[]): ElementGroup['byStatus'] {
  const out = { open: 0, deferred: 0, resolved: 0, other: 0 };
  for (const r of rows) {
    if (r.status === 'open') out.open++;
    else if (r.status === 'deferred') out.deferred++;
    else if (r.status === 'resolved') out.resolved++;
    else out.other++;
  }
  return out;
}

function countTypes(rows: readonly ItemRow[]): ElementGroup['byType'] {
  const counts = new Map<string | null, number>();
  for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return [...counts]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || (a.type ?? '~').localeCompare(b.type ?? '~'));
}

function latestScreenshot(rows: readonly ItemRow[], lookup: DetailLookup): Screenshot | null {
  let best: Screenshot | null = null;
  for (const r of rows) {
    const d = lookup(r.id);
    if (d?.state !== 'read' || !d.evidence.screenshotUrl) continue;
    const at = d.evidence.capturedAt ?? r.createdAt ?? 0;
    if (!best || at > best.at) best = { itemId: r.id, url: d.evidence.screenshotUrl, click: d.evidence.click, at };
  }
  return best;
}

const isExpired = (d: DetailState | undefined) => d?.state === 'read' && d.evidence.expired;

interface ElementGrouping {
  /** Most threads first; the page-as-a-whole group, not an element, always last. */
  groups: ElementGroup[];
  /** Rows whose detail is not read yet, in list order. */
  unread: ItemRow[];
  /** Rows whose detail could not be read, with the reason. */
  failed: Array<{ row: ItemRow; message: string }>;
}

/**
 * Groups rows by element. Ordering: most threads, then most open, then the most recent
 * thread, then the name, so equal groups keep one order however the reads arrive.
 */
export function groupByElement(rows: readonly ItemRow[], lookup: DetailLookup): ElementGrouping {
  const byKey = new Map<string, { element: ElementKey; rows: ItemRow[] }>();
  const unread: ItemRow[] = [];
  const failed: ElementGrouping['failed'] = [];
  for (const row of rows) {
    const d = lookup(row.id);
    if (!d) unread.push(row);
    else if (d.state === 'failed') failed.push({ row, message: d.message });
    else {
      const key = d.evidence.element.key;
      let group = byKey.get(key);
      if (!group) byKey.set(key, (group = { element: d.evidence.element, rows: [] }));
      group.rows.push(row);
    }
  }
  const groups = [...byKey.values()].map(({ element, rows: mine }) => ({
    element,
    rows: mine,
    byStatus: countStatus(mine),
    byType: countTypes(mine),
    latest: latestScreenshot(mine, lookup),
    expired: mine.filter((r) => isExpired(lookup(r.id))).length,
  }));
  const newest = (g: ElementGroup) => g.rows.reduce((m, r) => Math.max(m, r.createdAt ?? 0), 0);
  groups.sort(
    (a, b) =>
      Number(a.element.kind === 'page') - Number(b.element.kind === 'page') ||
      b.rows.length - a.rows.length ||
      b.byStatus.open - a.byStatus.open ||
      newest(b) - newest(a) ||
      a.element.key.localeCompare(b.element.key),
  );
  return { groups, unread, failed };
}

/** Read-progress over a set of rows: how many details are in (read or failed). */
export function readProgress(
  rows: readonly ItemRow[],
  lookup: DetailLookup,
): { done: number; total: number; failed: number } {
  let done = 0;
  let failed = 0;
  for (const r of rows) {
    const d = lookup(r.id);
    if (d) done++;
    if (d?.state === 'failed') failed++;
  }
  return { done, total: rows.length, failed };
}
