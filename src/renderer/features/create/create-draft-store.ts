import { create } from 'zustand';
import { NO_RESOLUTION, type MentionState } from '../compose/mentions.js';

/** A new thread being written for one project. */
export interface CreateDraft extends MentionState {
  url: string;
  selector: string;
  pageTitle: string;
  /** A member's user ID, or '' for nobody. */
  assignee: string;
}

export const EMPTY_CREATE_DRAFT: CreateDraft = { url: '', body: '', selector: '', pageTitle: '', assignee: '', people: [], resolution: NO_RESOLUTION };

interface CreateDraftsState {
  drafts: Record<string, CreateDraft>;
  update(projectId: string, patch: Partial<CreateDraft>): void;
  clear(projectId: string): void;
}

/** New-thread drafts per project, in memory: closing the dialog or a refusal never loses them. */
export const useCreateDrafts = create<CreateDraftsState>()((set) => ({
  drafts: {},
  update: (projectId, patch) => set((s) => ({ drafts: { ...s.drafts, [projectId]: { ...(s.drafts[projectId] ?? EMPTY_CREATE_DRAFT), ...patch } } })),
  clear: (projectId) =>
    set((s) => {
      const { [projectId]: _gone, ...rest } = s.drafts;
      return { drafts: rest };
    }),
}));
