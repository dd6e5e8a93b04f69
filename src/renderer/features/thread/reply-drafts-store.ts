import { createDraftStore } from '../../components/compose/draft-store.js';
import { readLinks, readMentionState } from '../../components/compose/draft-storage.js';
import type { LinkDraft } from '../../components/compose/links.js';
import { NO_RESOLUTION, type MentionPerson, type MentionResolution } from '../../components/compose/mentions.js';

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

export const EMPTY_DRAFT: ReplyDraft = {
  body: '',
  people: [],
  resolution: NO_RESOLUTION,
  links: [],
  resolveAfter: false,
};

export function hasContent(d: ReplyDraft | undefined): boolean {
  return !!d && (d.body.trim().length > 0 || d.links.some((l) => l.url.trim() || l.label.trim()));
}

interface ReplyExtras {
  /** Bumped to ask a thread's composer to take focus (e.g. "write what changed, then resolve"). */
  focusRequests: Record<string, number>;
  /** Carries a draft to another thread (the one this was merged into, or "reply there instead"), unless that one has its own. */
  move(fromId: string, toId: string): void;
  requestFocus(itemId: string, options?: { resolveAfter?: boolean; body?: string }): void;
}

/** One stored reply draft, or null when it is not one (no body). */
export function readReplyDraft(v: Record<string, unknown>): ReplyDraft | null {
  const mention = readMentionState(v);
  return mention && { ...mention, links: readLinks(v['links']), resolveAfter: v['resolveAfter'] === true };
}

export const REPLY_DRAFTS_PREFIX = 'triage-desk:reply-drafts:';

/** Reply drafts per thread, kept per connection (draft-store); a draft goes away only once posted. */
const replyDrafts = createDraftStore<ReplyDraft, ReplyExtras>({
  prefix: REPLY_DRAFTS_PREFIX,
  empty: EMPTY_DRAFT,
  hasContent,
  read: readReplyDraft,
  extend: (set, get) => ({
    focusRequests: {},
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
  }),
});

export const useDrafts = replyDrafts.useStore;
export const saveNow = replyDrafts.saveNow;
export const setDraftStorage = replyDrafts.setStorage;
