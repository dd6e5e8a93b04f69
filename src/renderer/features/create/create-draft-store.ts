import { createDraftStore } from '../../components/compose/draft-store.js';
import { readMentionState, readString } from '../../components/compose/draft-storage.js';
import { NO_RESOLUTION, type MentionState } from '../../components/compose/mentions.js';

/** A new thread being written for one project. */
export interface CreateDraft extends MentionState {
  url: string;
  selector: string;
  pageTitle: string;
  /** A member's user ID, or '' for nobody. */
  assignee: string;
}

export const EMPTY_CREATE_DRAFT: CreateDraft = {
  url: '',
  body: '',
  selector: '',
  pageTitle: '',
  assignee: '',
  people: [],
  resolution: NO_RESOLUTION,
};

export const CREATE_DRAFTS_PREFIX = 'triage-desk:create-drafts:';

/** Worth keeping: something typed besides who to assign. */
const hasCreateContent = (d: CreateDraft): boolean =>
  [d.body, d.url, d.selector, d.pageTitle].some((s) => s.trim().length > 0);

/**
 * New-thread drafts per project, kept per connection as reply drafts are (draft-store):
 * closing the dialog, a refusal or a reload never loses them.
 */
const createDrafts = createDraftStore<CreateDraft>({
  prefix: CREATE_DRAFTS_PREFIX,
  empty: EMPTY_CREATE_DRAFT,
  hasContent: hasCreateContent,
  read: (v) => {
    const mention = readMentionState(v);
    return (
      mention && {
        ...mention,
        url: readString(v['url']),
        selector: readString(v['selector']),
        pageTitle: readString(v['pageTitle']),
        assignee: readString(v['assignee']),
      }
    );
  },
});

export const useCreateDrafts = createDrafts.useStore;
export const saveCreateDraftsNow = createDrafts.saveNow;
