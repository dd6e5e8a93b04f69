import { LIMITS, type Status, type WhatsNewQuery, type WhatsNewResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { getBookmark, mentionsOfUser, setBookmark, type HistoryEvent } from '../storage/history.js';
import type { Caller } from './caller.js';
import { badRequest } from './errors.js';
import { DAY_MS, groupBy, lastStatusEvent, parseSince, toReportMessage, toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';
import { projectSnapshot } from './snapshot.js';

/** Replies quoted per thread; the rest are counted in omittedReplies. */
const REPLIES_PER_THREAD = 5;

export function sinceOrFail(text: string): number {
  const since = parseSince(text);
  if (since === null)
    throw badRequest(
      'since must be a date (2026-01-15), an ISO time or milliseconds since 1970, no later than the year 275760.',
      { reason: 'invalid_request', field: 'since' },
    );
  return since;
}

function lastAssignTo(events: readonly HistoryEvent[] | undefined, userId: string): HistoryEvent | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'assign') return e.to === userId ? e : null;
  }
  return null;
}

export async function whatsNew(db: Db, caller: Caller, query: WhatsNewQuery, now: number): Promise<WhatsNewResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  let since: number;
  let firstBriefing = false;
  if (query.since !== undefined) {
    since = sinceOrFail(query.since);
  } else {
    const bookmark = await getBookmark(db, caller.userId, project.id);
    firstBriefing = bookmark === null;
    since = bookmark ?? now - LIMITS.whatsNewFirstLookbackDays * DAY_MS;
    await setBookmark(db, caller.userId, project.id, now);
  }
  const until = now;
  const inWindow = (t: number) => t > since && t <= until;

  const snapshot = await projectSnapshot(db, project.id);
  const { threads, capped } = snapshot;
  const ids = threads.map((t) => t.id);
  const byId = new Map(threads.map((t) => [t.id, t]));
  const [{ messages, eventsByItem }, myMentions] = await Promise.all([
    snapshot.history(),
    mentionsOfUser(db, caller.userId, ids),
  ]);

  const newThreads = threads
    .filter((t) => inWindow(t.createdAt))
    .map((t) => ({ ...toRow(t), status: t.status as Status }));

  const freshReplies = messages.filter((m) => !m.isRoot && inWindow(m.createdAt));
  const repliesByThread = [...groupBy(freshReplies, (m) => m.itemId)].sort(
    (a, b) => Math.max(...b[1].map((m) => m.createdAt)) - Math.max(...a[1].map((m) => m.createdAt)),
  );
  const newReplies = repliesByThread.map(([itemId, list]) => {
    const t = byId.get(itemId)!;
    const kept = list.slice(-REPLIES_PER_THREAD);
    return {
      ...toRow(t),
      status: t.status as Status,
      replies: kept.map(toReportMessage),
      omittedReplies: list.length - kept.length,
    };
  });

  const resolved = [];
  const deferred = [];
  const assignedToYou = [];
  for (const t of threads) {
    const evs = eventsByItem.get(t.id);
    if (t.status === 'resolved') {
      const e = lastStatusEvent(evs, 'resolved');
      if (e ? inWindow(e.at) : t.resolvedAt !== null && inWindow(t.resolvedAt))
        resolved.push({ ...toRow(t), resolvedBy: e?.byName ?? null });
    }
    if (t.status === 'deferred') {
      const e = lastStatusEvent(evs, 'deferred');
      if (e && inWindow(e.at)) deferred.push({ ...toRow(t), deferredBy: e.byName });
    }
    if (t.assigneeId === caller.userId) {
      const e = lastAssignTo(evs, caller.userId);
      if (e && inWindow(e.at)) assignedToYou.push({ ...toRow(t), assignedBy: e.byName });
    }
  }
  const mentionsYou = messages
    .filter((m) => myMentions.has(m.id) && inWindow(m.createdAt))
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((m) => {
      const t = byId.get(m.itemId);
      return { threadId: m.itemId, thread: t ? toRow(t) : null, mention: toReportMessage(m) };
    });

  return {
    project: { id: project.id, name: project.name },
    since,
    until,
    firstBriefing,
    capped,
    counts: {
      newThreads: newThreads.length,
      newReplies: freshReplies.length,
      threadsWithNewReplies: newReplies.length,
      resolved: resolved.length,
      deferred: deferred.length,
      assignedToYou: assignedToYou.length,
      mentionsYou: mentionsYou.length,
    },
    newThreads,
    newReplies,
    resolved,
    deferred,
    assignedToYou,
    mentionsYou,
  };
}
