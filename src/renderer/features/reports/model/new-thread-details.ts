import type { ItemRow } from '#shared/reader/index.js';
import { LIMITS } from '#shared/api/limits.js';
import { isStatus } from '../../../format/labels.js';
import type { Status } from '#shared/api/common.js';

/**
 * Who opened each new thread, and when. The briefing's rows do not carry either
 * (response-shapes.md: Row + status), but the items list does, newest first. New threads
 * are the newest threads of the project, so the newest N threads are the N new ones; past
 * the list's 200-row limit, the newest of each status are (a thread's status is in its row).
 */
export interface ThreadDetail {
  author: string;
  createdAt: number | null;
}

interface DetailQuery {
  status?: Status;
  limit: number;
}

const cap = LIMITS.itemsLimitMax;

/** The fewest list requests that cover the rows: one when they fit, else one per status. */
export function planDetailQueries(rows: readonly { status: string | null }[]): DetailQuery[] {
  if (rows.length === 0) return [];
  if (rows.length <= cap) return [{ limit: rows.length }];
  const byStatus = new Map<Status, number>();
  for (const r of rows) if (isStatus(r.status)) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  // A status with more than 200 new threads is read up to 200; the rest show without author and time.
  return [...byStatus].map(([status, n]) => ({ status, limit: Math.min(cap, n) }));
}

/** The details of the wanted threads found in the answers; a thread not among them is simply absent. */
export function detailsOf(
  answers: readonly (readonly ItemRow[])[],
  wanted: ReadonlySet<string>,
): Map<string, ThreadDetail> {
  const out = new Map<string, ThreadDetail>();
  for (const rows of answers)
    for (const r of rows)
      if (wanted.has(r.id) && !out.has(r.id)) out.set(r.id, { author: r.author, createdAt: r.createdAt });
  return out;
}
