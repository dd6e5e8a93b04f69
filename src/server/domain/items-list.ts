import { LIMITS, type ItemRow, type ItemsQuery, type ItemsResponse, type ItemsSummary } from '../../shared/api/index.js';
import type { Db } from '../storage/open.js';
import { messageTexts, scanThreads, type ThreadRow } from '../storage/items.js';
import type { Caller } from './caller.js';
import { excerptOf } from './excerpt.js';
import { normalizePage } from './pages.js';
import { resolveProject } from './resolve.js';

/** The scan window shared by whole-project reads: the most recent live threads only. */
export async function scanProject(db: Db, projectId: string): Promise<{ threads: ThreadRow[]; capped: boolean }> {
  const rows = await scanThreads(db, projectId, LIMITS.scanLimit + 1);
  const capped = rows.length > LIMITS.scanLimit;
  return { threads: capped ? rows.slice(0, LIMITS.scanLimit) : rows, capped };
}

function summarize(threads: ThreadRow[]): ItemsSummary {
  const s: ItemsSummary = { total: threads.length, open: 0, deferred: 0, resolved: 0, unassigned: 0, byType: {}, byPage: {} };
  for (const t of threads) {
    if (t.status === 'open') s.open++;
    else if (t.status === 'deferred') s.deferred++;
    else if (t.status === 'resolved') s.resolved++;
    if (t.assigneeId === null) s.unassigned++;
    s.byType[t.type] = (s.byType[t.type] ?? 0) + 1;
    s.byPage[t.page] = (s.byPage[t.page] ?? 0) + 1;
  }
  return s;
}

export function toItemRow(t: ThreadRow): ItemRow {
  const excerpt = excerptOf(t.summary, t.rootBody);
  return {
    id: t.id,
    page: t.page,
    type: t.type,
    status: t.status as ItemRow['status'],
    excerpt: excerpt.text,
    excerptSource: excerpt.source,
    reportCount: t.reportCount,
    author: t.authorName,
    agentTask: t.agentTask as ItemRow['agentTask'],
    // The contract types these as strings: unassigned is "" (see docs/api-decisions.md).
    assignee: t.assigneeName ?? '',
    assigneeId: t.assigneeId ?? '',
    replyCount: t.replyCount,
    createdAt: t.createdAt,
  };
}

async function threadsContaining(db: Db, threads: ThreadRow[], q: string): Promise<Set<string>> {
  const needle = q.toLocaleLowerCase();
  const hits = new Set<string>();
  for (const m of await messageTexts(db, threads.map((t) => t.id))) {
    if (!hits.has(m.itemId) && m.body.toLocaleLowerCase().includes(needle)) hits.add(m.itemId);
  }
  return hits;
}

export async function listItems(db: Db, caller: Caller, query: ItemsQuery): Promise<ItemsResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const { threads, capped } = await scanProject(db, project.id);
  const summary = summarize(threads);

  const page = query.page !== undefined ? normalizePage(query.page) : undefined;
  const assignee = query.assignee === 'me' ? caller.userId : query.assignee;
  const textHits = query.q !== undefined ? await threadsContaining(db, threads, query.q) : null;
  const matched = threads.filter((t) => {
    if (query.status !== undefined && t.status !== query.status) return false;
    if (query.type !== undefined && t.type !== query.type) return false;
    if (page !== undefined && t.page !== page) return false;
    if (assignee === 'none' ? t.assigneeId !== null : assignee !== undefined && t.assigneeId !== assignee) return false;
    if (query.task === 'none' ? t.agentTask !== null : query.task !== undefined && t.agentTask !== query.task) return false;
    if (textHits !== null && !textHits.has(t.id)) return false;
    return true;
  });
  const limit = query.limit ?? LIMITS.itemsLimitDefault;
  const rows = matched.slice(0, limit).map(toItemRow);
  return {
    project: { id: project.id, name: project.name, slug: project.slug },
    summary,
    matched: matched.length,
    returned: rows.length,
    truncated: matched.length > rows.length,
    capped,
    scanLimit: LIMITS.scanLimit,
    items: rows,
  };
}
