import { create } from 'zustand';
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

/**
 * Reply drafts per thread, in memory for the whole session: switching threads, closing the
 * panel or a refused post never loses what was typed. A draft goes away only once posted.
 */
export const useDrafts = create<DraftsState>()((set, get) => ({
  drafts: {},
  focusRequests: {},
  update: (itemId, patch) => set((s) => ({ drafts: { ...s.drafts, [itemId]: { ...(s.drafts[itemId] ?? EMPTY_DRAFT), ...patch } } })),
  clear: (itemId) =>
    set((s) => {
      const { [itemId]: _gone, ...rest } = s.drafts;
      return { drafts: rest };
    }),
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
