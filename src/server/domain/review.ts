import { LIMITS, type Message, type ReviewQuery, type ReviewResponse, type Status } from '#shared/api/index.js';
import type { HistoryMessage } from '../storage/history.js';
import type { Db } from '../storage/open.js';
import type { ThreadRow } from '../storage/items.js';
import type { Caller } from './caller.js';
import { DAY_MS, days, lastReplies, lastStatusEvent, toReportMessage, toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';
import {
  deepFreeze,
  projectSnapshot,
  type ProjectSnapshot,
  type WindowChange,
  type WindowHistory,
} from './snapshot.js';

const SECTIONS = ['resolved', 'deferred', 'open', 'discussions'] as const;
type Section = (typeof SECTIONS)[number];

/** Replies quoted per discussion. */
const DISCUSSION_REPLIES = 10;
/** A reply this soon after a deferral still explains it (people often defer, then say why). */
const REASON_GRACE_MS = 10 * 60_000;

function page<T, R>(
  rows: readonly T[],
  offset: number,
  size: number,
  toRow: (x: T) => R,
): { rows: R[]; nextOffset: number | null } {
  const slice = rows.slice(offset, offset + size).map(toRow);
  return { rows: slice, nextOffset: offset + size < rows.length ? offset + size : null };
}

/**
 * Everything of the review that does not depend on the request, built once per snapshot.
 * Sections are kept as sorted threads: rows (excerpts, quoted messages, ages) are written
 * only for the page a request returns.
 */
interface ReviewModel {
  history: WindowHistory;
  sections: {
    resolved: readonly { t: ThreadRow; resolvedAt: number; resolvedBy: string | null }[];
    deferred: readonly { t: ThreadRow; deferredAt: number; deferredBy: string | null }[];
    open: readonly ThreadRow[];
    discussions: readonly ThreadRow[];
  };
  counts: ReviewResponse['counts'];
  span: ReviewResponse['span'];
  byType: NonNullable<ReviewResponse['byType']>;
  byPage: NonNullable<ReviewResponse['byPage']>;
  people: NonNullable<ReviewResponse['people']>;
}

async function buildModel(snapshot: ProjectSnapshot): Promise<ReviewModel> {
  const threads = snapshot.threads;
  const [history, mergedDuplicates] = await Promise.all([snapshot.history(), snapshot.mergedDuplicates()]);
  const { messages, events, eventsByItem } = history;

  const by = (status: string) => threads.filter((t) => t.status === status);
  // Loops, not Math.min(...list): tens of thousands of arguments overflow the call stack.
  const firstAt = threads.reduce<number | null>(
    (min, t) => (min === null || t.createdAt < min ? t.createdAt : min),
    null,
  );
  const lastAt = messages.reduce<number | null>(
    (max, m) => (max === null || m.createdAt > max ? m.createdAt : max),
    firstAt,
  );
  const retyped = new Set(events.filter((e) => e.kind === 'type' && e.byId !== null).map((e) => e.itemId)).size;

  const peopleMap = new Map<string, { name: string; threads: number; replies: number }>();
  for (const m of messages) {
    const p = peopleMap.get(m.authorId) ?? { name: m.authorName, threads: 0, replies: 0 };
    if (m.isRoot) p.threads++;
    else p.replies++;
    peopleMap.set(m.authorId, p);
  }

  const resolved = by('resolved')
    .map((t) => {
      const e = lastStatusEvent(eventsByItem.get(t.id), 'resolved');
      return { t, resolvedAt: t.resolvedAt ?? e?.at ?? t.createdAt, resolvedBy: e?.byName ?? null };
    })
    .sort((a, b) => b.resolvedAt - a.resolvedAt);
  const deferred = by('deferred')
    .map((t) => {
      const e = lastStatusEvent(eventsByItem.get(t.id), 'deferred');
      return { t, deferredAt: e?.at ?? t.createdAt, deferredBy: e?.byName ?? null };
    })
    .sort((a, b) => b.deferredAt - a.deferredAt);
  const open = by('open').sort((a, b) => a.createdAt - b.createdAt);
  const discussions = threads
    .filter((t) => t.replyCount > 0)
    .sort((a, b) => b.replyCount - a.replyCount || b.createdAt - a.createdAt);

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
  const byTotal = (a: { total: number; key: string }, b: { total: number; key: string }) =>
    b.total - a.total || a.key.localeCompare(b.key);

  // Only the parts sent in responses are frozen; the sorted sections stay inside this module.
  return {
    history,
    sections: { resolved, deferred, open, discussions },
    counts: deepFreeze({
      threads: threads.length,
      resolved: resolved.length,
      deferred: deferred.length,
      open: open.length,
      replies: threads.reduce((n, t) => n + t.replyCount, 0),
      people: peopleMap.size,
      mergedDuplicates,
      retyped,
    }),
    span: deepFreeze({
      days: firstAt !== null && lastAt !== null ? Math.ceil((lastAt - firstAt) / DAY_MS) : 0,
      firstAt,
      lastAt,
    }),
    byType: deepFreeze([...typeStats.values()].sort(byTotal)),
    byPage: deepFreeze([...pageStats.values()].sort(byTotal)),
    people: deepFreeze(
      [...peopleMap.values()].sort(
        (a, b) => b.threads + b.replies - (a.threads + a.replies) || a.name.localeCompare(b.name),
      ),
    ),
  };
}

/**
 * Inserts `x` into `list`, sorted by `before` (true when its first argument goes first) and,
 * among equals, in window order, as sorting the window's threads stably would.
 */
function insertSorted<X>(
  list: readonly X[],
  x: X,
  goesFirst: (a: X, b: X) => boolean,
  windowIndex: (x: X) => number,
): X[] {
  const at = list.findIndex((y) => goesFirst(x, y) || (!goesFirst(y, x) && windowIndex(x) < windowIndex(y)));
  const out = list.slice();
  out.splice(at < 0 ? out.length : at, 0, x);
  return out;
}

/**
 * The model after one thread's status or assignee changed (domain/snapshot.ts withEdit, 'fields'):
 * its entry leaves its old section and joins its new one where buildModel would put it, the
 * counts and its type's and page's status counts move; people, span and discussions' order
 * depend on neither. `next` is the patched snapshot, whose events include the change.
 */
async function patchModel(
  model: Promise<ReviewModel>,
  change: WindowChange,
  next: ProjectSnapshot,
): Promise<ReviewModel> {
  const before = change.before[0]!;
  const after = change.after[0]!;
  const m = await model;
  const history = await next.history();
  const index = next.derive('windowIndex', (s) => new Map(s.threads.map((t, i) => [t.id, i])), {
    fields: true,
    reply: true,
  });
  const at = (t: ThreadRow) => index.get(t.id)!;
  const events = history.eventsByItem.get(after.id);
  const others = <X extends { t: ThreadRow }>(list: readonly X[]) => list.filter((x) => x.t.id !== after.id);
  let resolved = others(m.sections.resolved);
  if (after.status === 'resolved') {
    const e = lastStatusEvent(events, 'resolved');
    const entry = { t: after, resolvedAt: after.resolvedAt ?? e?.at ?? after.createdAt, resolvedBy: e?.byName ?? null };
    resolved = insertSorted(
      resolved,
      entry,
      (a, b) => a.resolvedAt > b.resolvedAt,
      (x) => at(x.t),
    );
  }
  let deferred = others(m.sections.deferred);
  if (after.status === 'deferred') {
    const e = lastStatusEvent(events, 'deferred');
    const entry = { t: after, deferredAt: e?.at ?? after.createdAt, deferredBy: e?.byName ?? null };
    deferred = insertSorted(
      deferred,
      entry,
      (a, b) => a.deferredAt > b.deferredAt,
      (x) => at(x.t),
    );
  }
  let open = m.sections.open.filter((t) => t.id !== after.id);
  if (after.status === 'open') open = insertSorted(open, after, (a, b) => a.createdAt < b.createdAt, at);
  const discussions = m.sections.discussions.map((t) => (t.id === after.id ? after : t));
  const moved = <S extends { key: string; open: number }>(
    stats: readonly S[],
    key: string,
    change: (s: S, status: string, d: number) => void,
  ): S[] =>
    stats.map((s) => {
      if (s.key !== key || before.status === after.status) return s;
      const copy = { ...s };
      change(copy, before.status, -1);
      change(copy, after.status, 1);
      return copy;
    });
  return {
    history,
    sections: { resolved, deferred, open, discussions },
    counts: deepFreeze({ ...m.counts, resolved: resolved.length, deferred: deferred.length, open: open.length }),
    span: m.span,
    byType: deepFreeze(
      moved(m.byType, after.type, (s, status, d) => {
        if (status === 'resolved' || status === 'deferred' || status === 'open') s[status] += d;
      }),
    ),
    byPage: deepFreeze(
      moved(m.byPage, after.page, (s, status, d) => {
        if (status === 'open') s.open += d;
      }),
    ),
    people: m.people,
  };
}

/** The rows of one page of a section, as the response carries them. */
function sectionRows(
  model: ReviewModel,
  name: Section,
  offset: number,
  size: number,
  now: number,
): { rows: unknown[]; nextOffset: number | null } {
  const msgs = (t: ThreadRow): readonly HistoryMessage[] => model.history.messagesByItem.get(t.id) ?? [];
  const { sections } = model;
  switch (name) {
    case 'resolved':
      return page(sections.resolved, offset, size, ({ t, resolvedAt, resolvedBy }) => {
        const last = msgs(t).at(-1);
        return { ...toRow(t), resolvedAt, resolvedBy, lastWord: last ? toReportMessage(last) : null };
      });
    case 'deferred':
      return page(sections.deferred, offset, size, ({ t, deferredAt, deferredBy }) => {
        const reason = [...msgs(t)].reverse().find((m) => !m.isRoot && m.createdAt <= deferredAt + REASON_GRACE_MS);
        return { ...toRow(t), deferredAt, deferredBy, reason: reason ? toReportMessage(reason) : null };
      });
    case 'open':
      return page(sections.open, offset, size, (t) => ({
        ...toRow(t),
        ageDays: Math.max(0, days(now - t.createdAt)),
        assignee: t.assigneeName,
      }));
    case 'discussions':
      return page(sections.discussions, offset, size, (t) => {
        const all = msgs(t);
        const root = all.find((m) => m.isRoot);
        const { replies, omitted } = lastReplies(all, DISCUSSION_REPLIES);
        const opening: Message = root
          ? toReportMessage(root)
          : { author: t.authorName, at: t.createdAt, text: t.rootBody };
        return { ...toRow(t), status: t.status as Status, opening, omittedReplies: omitted, replies };
      });
  }
}

export async function projectReview(db: Db, caller: Caller, query: ReviewQuery, now: number): Promise<ReviewResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const snapshot = await projectSnapshot(db, project.id);
  const model = await snapshot.deriveAsync('review', buildModel, { fields: patchModel });

  const section = query.section ?? null;
  const offset = section === null ? 0 : (query.offset ?? 0);
  const pages = {} as ReviewResponse['pages'];
  const content: Partial<Record<Section, unknown[]>> = {};
  for (const name of SECTIONS) {
    const rows = model.sections[name];
    if (section === null || section === name) {
      const size =
        section === null
          ? LIMITS.reviewOverviewRows
          : name === 'discussions'
            ? LIMITS.reviewSectionConversations
            : LIMITS.reviewSectionRows;
      const p = sectionRows(model, name, offset, size, now);
      content[name] = p.rows;
      pages[name] = { total: rows.length, nextOffset: p.nextOffset };
    } else {
      // Nothing of this section was returned: the next row to read is its first.
      pages[name] = { total: rows.length, nextOffset: rows.length > 0 ? 0 : null };
    }
  }

  return {
    project: { id: project.id, name: project.name },
    section,
    offset,
    capped: snapshot.capped,
    counts: model.counts,
    span: model.span,
    ...(section === null ? { byType: model.byType, byPage: model.byPage, people: model.people } : {}),
    ...(content as Pick<ReviewResponse, Section>),
    pages,
  };
}
