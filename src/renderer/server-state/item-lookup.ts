import type { ItemDetail, ItemRow } from '#shared/reader/index.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import { getBridge } from '../bridge/index.js';
import { useProjectItems } from './project-items-store.js';
import { useThread } from '../stores/thread-store.js';

/** What the action dialogs need to know about a thread: enough to describe it and to undo. */
export interface ThreadBrief {
  id: string;
  excerpt: string;
  status: ItemRow['status'];
  assigneeId: string | null;
  assignee: string | null;
  createdAt: number | null;
  reportCount: number;
  replyCount: number;
  page: string;
}

export function briefFromRow(row: ItemRow): ThreadBrief {
  return {
    id: row.id,
    excerpt: row.excerpt,
    status: row.status,
    // The list sends "" for unassigned (the contract types it as a string).
    assigneeId: row.assigneeId || null,
    assignee: row.assignee || null,
    createdAt: row.createdAt,
    reportCount: row.reportCount,
    replyCount: row.replyCount,
    page: row.page,
  };
}

export function briefFromDetail(d: ItemDetail): ThreadBrief {
  return {
    id: d.id,
    excerpt: (d.thread.root?.content ?? '').replace(/\s+/g, ' ').trim(),
    status: d.status,
    assigneeId: d.assignee?.id ?? null,
    assignee: d.assignee?.name ?? null,
    createdAt: d.createdAt,
    reportCount: d.reportCount,
    replyCount: d.thread.replies.length,
    page: d.page,
  };
}

export interface LookupResult {
  briefs: Map<string, ThreadBrief>;
  missing: Array<{ id: string; error: BridgeError }>;
}

/**
 * Finds threads where they are already loaded (the project's list, the open thread) and asks
 * the service only for the rest, a few at a time so a large selection does not flood the
 * rate limit.
 */
export async function lookupThreads(ids: readonly string[]): Promise<LookupResult> {
  const briefs = new Map<string, ThreadBrief>();
  const rows = new Map((useProjectItems.getState().data?.rows ?? []).map((r) => [r.id, r]));
  const open = useThread.getState().item;
  const toFetch: string[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row) briefs.set(id, briefFromRow(row));
    else if (open?.id === id) briefs.set(id, briefFromDetail(open));
    else toFetch.push(id);
  }
  const missing: LookupResult['missing'] = [];
  const worker = async () => {
    for (let id = toFetch.shift(); id !== undefined; id = toFetch.shift()) {
      const res = await getBridge().api.getItem({ itemId: id });
      if (res.ok) briefs.set(id, briefFromDetail(res.data));
      else missing.push({ id, error: res.error });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return { briefs, missing };
}
