import { LIMITS, type DecisionsQuery, type DecisionsResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { rulesOf } from '../storage/history.js';
import type { Caller } from './caller.js';
import { lastReplies, lastStatusEvent, toReportMessage, toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';
import { renderProjectContext } from './rules.js';
import { projectSnapshot } from './snapshot.js';
import { sinceOrFail } from './whats-new.js';

/** The last messages quoted per decision. */
const CONVERSATION_MESSAGES = 6;
const CORRECTIONS_MAX = 50;
const RECURRING_MAX = 10;

/** A decision: a thread resolved or deferred after a discussion (it has replies). */
export async function decisionLog(db: Db, caller: Caller, query: DecisionsQuery): Promise<DecisionsResponse> {
  const { project, workspace } = await resolveProject(db, caller, query.projectId);
  const since = query.since !== undefined ? sinceOrFail(query.since) : null;
  const after = (t: number) => since === null || t > since;
  const snapshot = await projectSnapshot(db, project.id);
  const { threads, capped } = snapshot;
  const [{ events, messagesByItem, eventsByItem }, rules] = await Promise.all([
    snapshot.history(),
    rulesOf(db, project.id),
  ]);
  const byId = new Map(threads.map((t) => [t.id, t]));

  const all = threads
    .filter((t) => (t.status === 'resolved' || t.status === 'deferred') && t.replyCount > 0)
    .map((t) => {
      const outcome = t.status as 'resolved' | 'deferred';
      const msgs = messagesByItem.get(t.id) ?? [];
      const e = lastStatusEvent(eventsByItem.get(t.id), outcome);
      const decidedAt =
        e?.at ?? (outcome === 'resolved' ? t.resolvedAt : null) ?? msgs.at(-1)?.createdAt ?? t.createdAt;
      const root = msgs.find((m) => m.isRoot);
      const { replies, omitted } = lastReplies(msgs, CONVERSATION_MESSAGES);
      return {
        ...toRow(t),
        outcome,
        decidedAt,
        decidedBy: e?.byName ?? null,
        question: root ? toReportMessage(root) : { author: t.authorName, at: t.createdAt, text: t.rootBody },
        omittedReplies: omitted,
        conversation: replies,
      };
    })
    .filter((d) => after(d.decidedAt))
    .sort((a, b) => b.decidedAt - a.decidedAt);

  const offset = query.offset ?? 0;
  const limit = query.limit ?? LIMITS.decisionsLimitDefault;
  const decisions = all.slice(offset, offset + limit);

  const corrections = events
    .filter((e) => e.kind === 'type' && e.byId !== null && e.to !== null && after(e.at))
    .reverse()
    .slice(0, CORRECTIONS_MAX)
    .map((e) => ({
      id: e.itemId,
      from: e.from,
      to: e.to!,
      line: byId.get(e.itemId) ? toRow(byId.get(e.itemId)!).line : '',
    }));

  const places = new Map<string, number>();
  for (const t of threads) {
    if (t.status !== 'resolved') continue;
    places.set(t.page, (places.get(t.page) ?? 0) + 1);
    if (t.sourceFile !== null) places.set(t.sourceFile, (places.get(t.sourceFile) ?? 0) + 1);
  }
  const recurring = [...places]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, RECURRING_MAX)
    .map(([where, resolved]) => ({ where, resolved }));

  return {
    project: { id: project.id, name: project.name },
    capped,
    rules: {
      projectContext: renderProjectContext(project.context, rules),
      ...(workspace.instructions ? { workspaceInstructions: workspace.instructions } : {}),
    },
    decided: all.length,
    offset,
    nextOffset: offset + limit < all.length ? offset + limit : null,
    decisions,
    corrections,
    recurring,
  };
}
