import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Project } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { projectListQuery } from '../../server-state/project-list.js';
import { connectionKey, queryClient, queryProblem } from '../../server-state/query-client.js';
import type { Failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';
import { buildInbox, pruneRead, unreadCount, type InboxEntry, type ProjectInbox } from './inbox-model.js';
import { createInboxStorage } from './inbox-storage.js';
import { rereadMarks, useInbox } from './inbox-store.js';

/** How far back the inbox looks for mentions (the briefing read with `since`: the bookmark stays). */
export const MENTION_WINDOW_DAYS = 30;

/** What the service answered across the projects; read marks are laid over it when shown. */
interface InboxRead {
  parts: ProjectInbox[];
  /** Projects whose part could not be read: the rest is still shown. */
  partial: string[];
}

async function readProject(
  project: Project,
  since: number,
): Promise<{ ok: true; data: ProjectInbox } | { ok: false; name: string; message: string }> {
  const api = getBridge().api;
  const [open, deferred, briefing] = await Promise.all([
    api.listItems({ projectId: project.id, assignee: 'me', status: 'open', limit: 200 }),
    api.listItems({ projectId: project.id, assignee: 'me', status: 'deferred', limit: 200 }),
    api.whatsNew({ projectId: project.id, since: String(since) }),
  ]);
  for (const r of [open, deferred, briefing])
    if (!r.ok) return { ok: false, name: project.name, message: r.error.message };
  if (!open.ok || !deferred.ok || !briefing.ok) throw new Error('unreachable');
  return {
    ok: true,
    data: { project, assigned: [...open.data.items, ...deferred.data.items], briefing: briefing.data },
  };
}

/** The bridge asks the active connection: a read begun for another one stops instead of asking this one. */
class ConnectionChanged extends Error {
  constructor() {
    super('The connection changed while the inbox was being read.');
    this.name = 'ConnectionChanged';
  }
}

async function readInbox(connectionId: string): Promise<InboxRead> {
  // Not the query's signal: leaving the screen does not stop a read the header's count waits for.
  const stillWanted = () => {
    if (useSession.getState().active?.connection.id !== connectionId) throw new ConnectionChanged();
  };
  // The project picker's list, asked afresh: a project created since has its part here too.
  const projects = await queryClient.fetchQuery({ ...projectListQuery(connectionId), staleTime: 0 });
  const since = Date.now() - MENTION_WINDOW_DAYS * 86_400_000;
  // One project at a time: the client paces requests, and a long list should not starve the board.
  const parts: ProjectInbox[] = [];
  const partial: string[] = [];
  for (const p of projects) {
    stillWanted();
    const r = await readProject(p, since);
    if (r.ok) parts.push(r.data);
    else partial.push(`${r.name}: ${r.message}`);
  }
  stillWanted();
  // A project that could not be read keeps its read marks for the next load.
  if (partial.length === 0) {
    const storage = createInboxStorage(connectionId);
    const read = storage.readKeys();
    storage.saveReadKeys(pruneRead(read, buildInbox(parts, read)));
    rereadMarks(connectionId);
  }
  return { parts, partial };
}

const inboxQuery = (connectionId: string | null) =>
  queryOptions({
    queryKey: connectionKey(connectionId, 'inbox'),
    queryFn: () => readInbox(connectionId!),
  });

const activeConnection = () => useSession.getState().active?.connection.id ?? null;

const NO_ENTRIES: InboxEntry[] = [];
const NO_PARTIAL: string[] = [];

function entriesOf(connectionId: string | null, read: InboxRead | undefined, marks: ReadonlySet<string> | null) {
  if (!connectionId || !read) return NO_ENTRIES;
  return buildInbox(read.parts, marks ?? createInboxStorage(connectionId).readKeys());
}

/** The entries with their read marks, from what the service answered last. */
function useEntries(connectionId: string | null, read: InboxRead | undefined): InboxEntry[] {
  const marks = useInbox((s) => (s.connectionId === connectionId ? s.read : null));
  return useMemo(() => entriesOf(connectionId, read, marks), [connectionId, read, marks]);
}

interface InboxScreenState {
  entries: InboxEntry[];
  /** True while it is read, also when the last answer is on screen meanwhile. */
  loading: boolean;
  /** When the entries on screen were read (null: not yet for this connection). */
  loadedAt: number | null;
  problem: Failure | null;
  partial: string[];
  refresh(): void;
}

/** The inbox as its screen shows it: read afresh each time the screen opens, the last answer shown meanwhile. */
export function useInboxScreen(): InboxScreenState {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  const query = useQuery({ ...inboxQuery(connectionId), enabled: connectionId !== null, refetchOnMount: 'always' });
  return {
    entries: useEntries(connectionId, query.data),
    loading: query.isFetching,
    loadedAt: query.dataUpdatedAt || null,
    problem: queryProblem('Could not load your inbox', query),
    partial: query.data?.partial ?? NO_PARTIAL,
    refresh: () => void loadInbox(),
  };
}

/**
 * The header's unread count: what the inbox read last, never a read of its own (the inbox
 * asks every project). Once read, the header keeps the inbox's answer current: the notifier's
 * refresh reads it again even while its screen is closed.
 */
export function useUnreadCount(): number {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  const query = useQuery({
    ...inboxQuery(connectionId),
    enabled: (q) => connectionId !== null && q.state.data !== undefined,
    staleTime: Infinity,
  });
  return unreadCount(useEntries(connectionId, query.data));
}

/** Reads the inbox of the active connection now (the screen's Refresh), keeping the last answer on screen meanwhile. */
export async function loadInbox(): Promise<void> {
  const connectionId = activeConnection();
  if (!connectionId) return;
  await queryClient.fetchQuery({ ...inboxQuery(connectionId), staleTime: 0 }).catch(() => {
    // The failure stays in the cache, where the screen reads it.
  });
}

/** The inbox of the active connection as last read, outside React. */
export function inboxNow(): { entries: InboxEntry[]; partial: string[] } {
  const connectionId = activeConnection();
  const read = queryClient.getQueryData(inboxQuery(connectionId).queryKey);
  const marks = useInbox.getState();
  return {
    entries: entriesOf(connectionId, read, marks.connectionId === connectionId ? marks.read : null),
    partial: read?.partial ?? NO_PARTIAL,
  };
}

/** Marks every entry shown read. */
export function markAllRead(): void {
  useInbox.getState().markReadKeys(inboxNow().entries.map((e) => e.key));
}

/** Something new for the person (the notifier saw it): an inbox already read is read again; one never opened waits. */
export function refreshInbox(connectionId: string): void {
  void queryClient.invalidateQueries({ queryKey: inboxQuery(connectionId).queryKey, exact: true });
}
