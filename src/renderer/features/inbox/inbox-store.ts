import { create } from 'zustand';
import type { Project } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { failure, type Failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';
import { buildInbox, pruneRead, type InboxEntry, type ProjectInbox } from './inbox-model.js';
import { createInboxStorage } from './inbox-storage.js';

/** How far back the inbox looks for mentions (the briefing read with `since`: the bookmark stays). */
export const MENTION_WINDOW_DAYS = 30;

interface InboxState {
  connectionId: string | null;
  entries: InboxEntry[];
  loading: boolean;
  /** When the entries on screen were read (null: not yet for this connection). */
  loadedAt: number | null;
  problem: Failure | null;
  /** Projects whose part could not be read: the rest is still shown. */
  partial: string[];
  notificationsOn: boolean;
  load(): Promise<void>;
  markRead(key: string): void;
  markAllRead(): void;
  setNotifications(on: boolean): void;
}

let loadSeq = 0;

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

/**
 * Adds to what is stored rather than rewriting it from the entries on screen, so a mark made
 * while a load is under way, or for a project that load could not read, is kept.
 */
function markReadKeys(
  get: () => InboxState,
  set: (partial: Partial<InboxState>) => void,
  keys: readonly string[],
): void {
  const { connectionId, entries } = get();
  if (!connectionId || keys.length === 0) return;
  const storage = createInboxStorage(connectionId);
  const read = storage.readKeys();
  for (const k of keys) {
    read.delete(k); // newest last: trimming keeps the marks made most recently
    read.add(k);
  }
  storage.saveReadKeys(read);
  const marked = new Set(keys);
  if (entries.some((e) => marked.has(e.key) && !e.read))
    set({ entries: entries.map((e) => (marked.has(e.key) ? { ...e, read: true } : e)) });
}

export const useInbox = create<InboxState>()((set, get) => ({
  connectionId: null,
  entries: [],
  loading: false,
  loadedAt: null,
  problem: null,
  partial: [],
  notificationsOn: false,

  async load() {
    const connectionId = useSession.getState().active?.connection.id ?? null;
    if (!connectionId) return;
    const seq = ++loadSeq;
    const storage = createInboxStorage(connectionId);
    set({
      connectionId,
      loading: true,
      problem: null,
      notificationsOn: storage.notificationsOn(),
      ...(get().connectionId === connectionId ? {} : { entries: [], partial: [], loadedAt: null }),
    });
    const projects = await getBridge().api.listProjects({});
    if (seq !== loadSeq) return;
    if (!projects.ok) {
      set({ loading: false, problem: failure('Could not load your inbox', projects.error) });
      return;
    }
    const since = Date.now() - MENTION_WINDOW_DAYS * 86_400_000;
    // One project at a time: the client paces requests, and a long list should not starve the board.
    const parts: ProjectInbox[] = [];
    const partial: string[] = [];
    for (const p of projects.data.projects) {
      const r = await readProject(p, since);
      if (seq !== loadSeq) return;
      if (r.ok) parts.push(r.data);
      else partial.push(`${r.name}: ${r.message}`);
    }
    const read = storage.readKeys();
    const entries = buildInbox(parts, read);
    // A project that could not be read keeps its read marks for the next load.
    if (partial.length === 0) storage.saveReadKeys(pruneRead(read, entries));
    set({ entries, loading: false, partial, loadedAt: Date.now() });
  },

  markRead(key) {
    markReadKeys(get, set, [key]);
  },

  markAllRead() {
    markReadKeys(
      get,
      set,
      get().entries.map((e) => e.key),
    );
  },

  setNotifications(on) {
    const connectionId = get().connectionId ?? useSession.getState().active?.connection.id ?? null;
    if (!connectionId) return;
    createInboxStorage(connectionId).setNotificationsOn(on);
    set({ notificationsOn: on });
  },
}));
