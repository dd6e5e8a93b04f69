import { LIMITS, type Message, type ReviewQuery, type ReviewResponse, type Status } from '../../shared/api/index.js';
import type { Db } from '../storage/open.js';
import { countMergedDuplicates, eventsOf, messagesOf, type HistoryMessage } from '../storage/history.js';
import type { ThreadRow } from '../storage/items.js';
import type { Caller } from './caller.js';
import { scanProject } from './items-list.js';
import { DAY_MS, days, groupBy, lastReplies, lastStatusEvent, toReportMessage, toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';

const SECTIONS = ['resolved', 'deferred', 'open', 'discussions'] as const;
type Section = (typeof SECTIONS)[number];

/** Replies quoted per discussion. */
const DISCUSSION_REPLIES = 10;
/** A reply this soon after a deferral still explains it (people often defer, then say why). */
const REASON_GRACE_MS = 10 * 60_000;

function page<T>(rows: T[], offset: number, size: number): { rows: T[]; nextOffset: number | null } {
  const slice = rows.slice(offset, offset + size);
  return { rows: slice, nextOffset: offset + size < rows.length ? offset + size : null };
}

export async function projectReview(db: Db, caller: Caller, query: ReviewQuery, now: number): Promise<ReviewResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const { threads, capped } = await scanProject(db, project.id);
  const ids = threads.map((t) => t.id);
  const [messages, events, mergedDuplicates] = await Promise.all([messagesOf(db, ids), eventsOf(db, ids), countMergedDuplicates(db, project.id)]);
  const messagesByItem = groupBy(messages, (m) => m.itemId);
  const eventsByItem = groupBy(events, (e) => e.itemId);
  const msgs = (t: ThreadRow): HistoryMessage[] => messagesByItem.get(t.id) ?? [];

  const by = (status: string) => threads.filter((t) => t.status === status);
  // Loops, not Math.min(...list): tens of thousands of arguments overflow the call stack.
  const firstAt = threads.reduce<number | null>((min, t) => (min === null || t.createdAt < min ? t.createdAt : min), null);
  const lastAt = messages.reduce<number | null>((max, m) => (max === null || m.createdAt > max ? m.createdAt : max), firstAt);
  const retyped = new Set(events.filter((e) => e.kind === 'type' && e.byId !== null).map((e) => e.itemId)).size;

  const peopleMap = new Map<string, { name: string; threads: number; replies: number }>();
  for (const m of messages) {
    const p = peopleMap.get(m.authorId) ?? { name: m.authorName, threads: 0, replies: 0 };
    if (m.isRoot) p.threads++;
    else p.replies++;
    peopleMap.set(m.authorId, p);
  }

  const resolvedRows = by('resolved')
    .map((t) => {
      const e = lastStatusEvent(eventsByItem.get(t.id), 'resolved');
      const last = msgs(t).at(-1);
      return { ...toRow(t), resolvedAt: t.resolvedAt ?? e?.at ?? t.createdAt, resolvedBy: e?.byName ?? null, lastWord: last ? toReportMessage(last) : null };
    })
    .sort((a, b) => b.resolvedAt - a.resolvedAt);
  const deferredRows = by('deferred')
    .map((t) => {
      const e = lastStatusEvent(eventsByItem.get(t.id), 'deferred');
      const deferredAt = e?.at ?? t.createdAt;
      const reason = [...msgs(t)].reverse().find((m) => !m.isRoot && m.createdAt <= deferredAt + REASON_GRACE_MS);
      return { ...toRow(t), deferredAt, deferredBy: e?.byName ?? null, reason: reason ? toReportMessage(reason) : null };
    })
    .sort((a, b) => b.deferredAt - a.deferredAt);
  const openRows = by('open')
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((t) => ({ ...toRow(t), ageDays: Math.max(0, days(now - t.createdAt)), assignee: t.assigneeName }));
  const discussionRows = threads
    .filter((t) => t.replyCount > 0)
    .sort((a, b) => b.replyCount - a.replyCount || b.createdAt - a.createdAt)
    .map((t) => {
      const all = msgs(t);
      const root = all.find((m) => m.isRoot);
      const { replies, omitted } = lastReplies(all, DISCUSSION_REPLIES);
      const opening: Message = root ? toReportMessage(root) : { author: t.authorName, at: t.createdAt, text: t.rootBody };
      return { ...toRow(t), status: t.status as Status, opening, omittedReplies: omitted, replies };
    });
  const all: Record<Section, unknown[]> = { resolved: resolvedRows, deferred: deferredRows, open: openRows, discussions: discussionRows };

  const section = query.section ?? null;
  const offset = section === null ? 0 : (query.offset ?? 0);
  const pages = {} as ReviewResponse['pages'];
  const content: Partial<Record<Section, unknown[]>> = {};
  for (const name of SECTIONS) {
    const rows = all[name];
    if (section === null) {
      const p = page(rows, 0, LIMITS.reviewOverviewRows);
      content[name] = p.rows;
      pages[name] = { total: rows.length, nextOffset: p.nextOffset };
    } else if (section === name) {
      const p = page(rows, offset, name === 'discussions' ? LIMITS.reviewSectionConversations : LIMITS.reviewSectionRows);
      content[name] = p.rows;
      pages[name] = { total: rows.length, nextOffset: p.nextOffset };
    } else {
      // Nothing of this section was returned: the next row to read is its first.
      pages[name] = { total: rows.length, nextOffset: rows.length > 0 ? 0 : null };
    }
  }

  const typeStats = new Map<string, { key: string; total: number; resolved: number; deferred: number; open: number }>();
  const pageStats = new Map<string, { key: string; total: number; open: number }>();
  for (const t of threads) {
    const ts = typeStats.get(t.type) ?? { key: t.type, total: 0, resolved: 0, deferred: 0, open: 0 };
    ts.total++;
    if (t.status === 'resolved' || t.status === 'deferred' || t.status === 'open') ts[t.status]++;
    typeStats.set(t.type, ts);
    const ps = pageStats.get(t.page) ?? { key: t.page, total: 0, open: 0 };
    ps.total++;
    if (t.status === 'open') ps.open++;
    pageStats.set(t.page, ps);
  }
  const byTotal = (a: { total: number; key: string }, b: { total: number; key: string }) => b.total - a.total || a.key.localeCompare(b.key);

  return {
    project: { id: project.id, name: project.name },
    section,
    offset,
    capped,
    counts: {
      threads: threads.length,
      resolved: resolvedRows.length,
      deferred: deferredRows.length,
      open: openRows.length,
      replies: threads.reduce((n, t) => n + t.replyCount, 0),
      people: peopleMap.size,
      mergedDuplicates,
      retyped,
    },
    span: { days: firstAt !== null && lastAt !== null ? Math.ceil((lastAt - firstAt) / DAY_MS) : 0, firstAt, lastAt },
    ...(section === null
      ? {
          byType: [...typeStats.values()].sort(byTotal),
          byPage: [...pageStats.values()].sort(byTotal),
          people: [...peopleMap.values()].sort((a, b) => b.threads + b.replies - (a.threads + a.replies) || a.name.localeCompare(b.name)),
        }
      : {}),
    ...(content as Pick<ReviewResponse, Section>),
    pages,
  };
}
