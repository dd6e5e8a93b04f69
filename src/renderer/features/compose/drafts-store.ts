import { create } from 'zustand';
import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';
import { useSession } from '../../stores/session-store.js';
import { readDrafts, writeDrafts, type StoredDraft } from './draft-storage.js';
import type { LinkDraft } from './links.js';
import { NO_RESOLUTION, type MentionPerson, type MentionResolution } from './mentions.js';

/** A reply being written to one thread. */
export interface ReplyDraft {
  body: string;
  /** People picked from suggestions or chosen for an ambiguous name: known even before members load. */
  people: MentionPerson[];
  resolution: MentionResolution;
  links: LinkDraft[];
  /** Resolve the thread once this reply is posted (the API advises saying what changed first). */
  resolveAfter: boolean;
}

export const EMPTY_DRAFT: ReplyDraft = { body: '', people: [], resolution: NO_RESOLUTION, links: [], resolveAfter: false };

interface DraftsState {
  drafts: Record<string, ReplyDraft>;
  /** Whose drafts these are: the active saved connection, or null (then they live in memory only). */
  connectionId: string | null;
  /** Switches to a connection's drafts as stored (draft-storage); drafts written with no connection yet are kept. */
  load(connectionId: string | null): void;
  /** Bumped to ask a thread's composer to take focus (e.g. "write what changed, then resolve"). */
  focusRequests: Record<string, number>;
  update(itemId: string, patch: Partial<ReplyDraft>): void;
  clear(itemId: string): void;
  /** Carries a draft to another thread (the one this was merged into, or "reply there instead"), unless that one has its own. */
  move(fromId: string, toId: string): void;
  requestFocus(itemId: string, options?: { resolveAfter?: boolean; body?: string }): void;
}

export function hasContent(d: ReplyDraft | undefined): boolean {
  return !!d && (d.body.trim().length > 0 || d.links.some((l) => l.url.trim() || l.label.trim()));
}

/** When each draft was last edited, for keeping the newest ones in storage. */
const editedAt = new Map<string, number>();

/**
 * Reply drafts per thread: switching threads, closing the panel, a refused post, a reload or
 * a restart never loses what was typed (kept per connection in local storage, see
 * draft-storage). A draft goes away only once posted.
 */
export const useDrafts = create<DraftsState>()((set, get) => ({
  drafts: {},
  connectionId: null,
  focusRequests: {},
  load: (connectionId) => {
    if (connectionId === get().connectionId) return;
    saveNow();
    const stored = connectionId ? readDrafts(connectionId, storage()) : {};
    editedAt.clear();
    const drafts: Record<string, ReplyDraft> = {};
    for (const [id, { at, ...d }] of Object.entries(stored)) {
      drafts[id] = d;
      editedAt.set(id, at);
    }
    // Typed before any connection was known (nothing to store it under yet): kept over the stored one.
    const unsaved = get().connectionId === null ? get().drafts : {};
    set({ connectionId, drafts: { ...drafts, ...unsaved } });
  },
  update: (itemId, patch) => {
    editedAt.set(itemId, Date.now());
    set((s) => ({ drafts: { ...s.drafts, [itemId]: { ...(s.drafts[itemId] ?? EMPTY_DRAFT), ...patch } } }));
  },
  clear: (itemId) => {
    editedAt.delete(itemId);
    set((s) => {
      const { [itemId]: _gone, ...rest } = s.drafts;
      return { drafts: rest };
    });
  },
  move: (fromId, toId) => {
    const from = get().drafts[fromId];
    if (!from || fromId === toId || hasContent(get().drafts[toId])) return;
    get().update(toId, from);
    get().clear(fromId);
  },
  requestFocus: (itemId, options = {}) => {
    const patch: Partial<ReplyDraft> = {};
    if (options.resolveAfter !== undefined) patch.resolveAfter = options.resolveAfter;
    if (options.body !== undefined && !hasContent(get().drafts[itemId])) patch.body = options.body;
    if (Object.keys(patch).length > 0) get().update(itemId, patch);
    set((s) => ({ focusRequests: { ...s.focusRequests, [itemId]: (s.focusRequests[itemId] ?? 0) + 1 } }));
  },
}));

/** Where drafts are kept; tests hand in their own. */
let storageOverride: KeyValueStorage | null | undefined;
const storage = (): KeyValueStorage | null => (storageOverride === undefined ? defaultStorage() : storageOverride);
export function setDraftStorage(s: KeyValueStorage | null | undefined): void {
  storageOverride = s;
}

/** Writes pauses in typing, not every key: at most one write per this many ms. */
const SAVE_DELAY_MS = 300;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

/** Writes the current connection's drafts with something in them, now. */
export function saveNow(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const { connectionId, drafts } = useDrafts.getState();
  if (!connectionId) return;
  const stored: Record<string, StoredDraft> = {};
  for (const [id, d] of Object.entries(drafts)) if (hasContent(d)) stored[id] = { ...d, at: editedAt.get(id) ?? 0 };
  writeDrafts(connectionId, stored, storage());
}

useDrafts.subscribe((s, prev) => {
  if (s.drafts === prev.drafts || s.connectionId !== prev.connectionId || !s.connectionId) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
});

// Each connection has its own drafts: switching (or signing in after a reload) reads them.
const activeConnection = () => useSession.getState().active?.connection.id ?? null;
useSession.subscribe(() => useDrafts.getState().load(activeConnection()));
useDrafts.getState().load(activeConnection());

// A reload or quit within the save delay still keeps the last keys typed.
if (typeof window !== 'undefined') window.addEventListener('pagehide', saveNow);
