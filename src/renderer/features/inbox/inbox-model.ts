import type { ItemRow, Project, WhatsNewResponse } from '#shared/reader/index.js';

/**
 * The inbox's data, kept apart from fetching and screens so it is easy to adapt when the
 * API's reader types change: what concerns the signed-in person across every project of
 * the connection — threads assigned to them (open and deferred) and mentions of them —
 * newest first, with read/unread kept locally.
 */
export type InboxKind = 'assigned' | 'mention';

export interface InboxEntry {
  /** Stable across loads: read state and notifications are keyed by it. */
  key: string;
  kind: InboxKind;
  itemId: string;
  projectId: string;
  projectName: string;
  /** The thread's first line. */
  line: string;
  page: string;
  /** When it happened: the mention's time; for an assignment, the thread's creation (the API gives no assignment time); null when the service didn't say. */
  at: number | null;
  /** Who mentioned, or who assigned when the briefing says. */
  by: string | null;
  /** Assigned threads: open, deferred, or a status this version doesn't know (shown as sent). */
  status: string | null;
  /** The mention's words (shown in the list, never logged). */
  excerpt: string | null;
  read: boolean;
}

/** What one project answered. */
export interface ProjectInbox {
  project: Pick<Project, 'id' | 'name'>;
  assigned: ItemRow[];
  briefing: Pick<WhatsNewResponse, 'mentionsYou' | 'assignedToYou'> | null;
}

const EXCERPT_MAX = 160;

export const entryKey = (kind: InboxKind, itemId: string, at: number | null): string =>
  kind === 'assigned' ? `assigned:${itemId}` : `mention:${itemId}:${at ?? 0}`;

function excerpt(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > EXCERPT_MAX ? `${one.slice(0, EXCERPT_MAX - 1)}…` : one;
}

export function buildInbox(projects: readonly ProjectInbox[], read: ReadonlySet<string>): InboxEntry[] {
  const entries = new Map<string, InboxEntry>();
  for (const { project, assigned, briefing } of projects) {
    const assignedBy = new Map((briefing?.assignedToYou ?? []).map((r) => [r.id, r.assignedBy ?? null]));
    for (const row of assigned) {
      const status = row.status;
      if (status === 'resolved') continue;
      const key = entryKey('assigned', row.id, null);
      entries.set(key, {
        key,
        kind: 'assigned',
        itemId: row.id,
        projectId: project.id,
        projectName: project.name,
        line: row.excerpt,
        page: row.page,
        at: row.createdAt,
        by: assignedBy.get(row.id) ?? null,
        status,
        excerpt: null,
        read: read.has(key),
      });
    }
    for (const m of briefing?.mentionsYou ?? []) {
      // A mention whose words the service left out is still a mention of you.
      const at = m.mention?.at ?? null;
      const key = entryKey('mention', m.threadId, at);
      entries.set(key, {
        key,
        kind: 'mention',
        itemId: m.threadId,
        projectId: project.id,
        projectName: project.name,
        line: m.thread?.line ?? '(a thread you cannot see in full)',
        page: m.thread?.page ?? '',
        at,
        by: m.mention?.author || null,
        status: null,
        excerpt: m.mention ? excerpt(m.mention.text) : null,
        read: read.has(key),
      });
    }
  }
  return [...entries.values()].sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key));
}

export const unreadCount = (entries: readonly InboxEntry[]): number =>
  entries.reduce((n, e) => (e.read ? n : n + 1), 0);

/** Read keys worth keeping: those still in the inbox (so the stored set does not grow forever). */
export function pruneRead(read: ReadonlySet<string>, entries: readonly InboxEntry[]): Set<string> {
  const live = new Set(entries.map((e) => e.key));
  return new Set([...read].filter((k) => live.has(k)));
}

// ---- desktop notifications ---------------------------------------------------------

interface InboxNotification {
  key: string;
  itemId: string;
  title: string;
  body: string;
}

/**
 * New assignments and mentions in one briefing (read with `since`, so the person's bookmark
 * never moves) that were not notified before. `seen` is updated by the caller.
 */
export function notificationsFrom(
  project: Pick<Project, 'name'>,
  briefing: Pick<WhatsNewResponse, 'mentionsYou' | 'assignedToYou'>,
  seen: ReadonlySet<string>,
): InboxNotification[] {
  const out: InboxNotification[] = [];
  for (const r of briefing.assignedToYou) {
    const key = entryKey('assigned', r.id, null);
    if (seen.has(key)) continue;
    out.push({
      key,
      itemId: r.id,
      title: `Assigned to you in ${project.name}`,
      body: `${r.assignedBy ? `${r.assignedBy}: ` : ''}${excerpt(r.line)}`,
    });
  }
  for (const m of briefing.mentionsYou) {
    const key = entryKey('mention', m.threadId, m.mention?.at ?? null);
    if (seen.has(key)) continue;
    const who = m.mention?.author || 'Someone';
    out.push({
      key,
      itemId: m.threadId,
      title: `${who} mentioned you in ${project.name}`,
      body: excerpt(m.mention?.text ?? m.thread?.line ?? ''),
    });
  }
  return out;
}

/** How often the notifier asks, so that it costs at most a few requests a minute whatever the number of projects. */
export const NOTIFY_TICK_MS = 20_000;

/** Round-robin: the project to ask about on this tick. */
export function projectForTick<T>(projects: readonly T[], tick: number): T | null {
  return projects.length === 0 ? null : projects[tick % projects.length]!;
}
