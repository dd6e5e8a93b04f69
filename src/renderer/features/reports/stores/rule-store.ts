import { create } from 'zustand';
import type { Decision } from '#shared/reader/index.js';
import { parseThreadIds, ruleFromDecision, ruleProblem } from '../model/rule-draft.js';

/** The rule being drafted; saving it is a mutation (rule-save), whose answer the form shows. */
interface RuleDraftState {
  /** The project the draft is for: a draft never follows the person into another project. */
  projectId: string | null;
  draft: string;
  /** Threads the rule came from, in the order they were added (the first five are cited). */
  sourceIds: string[];
  /** The decision the draft was started from, for "Drafted from …". */
  fromDecision: string | null;
  /** Shown under the box after a save was tried with a draft the service would refuse. */
  draftProblem: string | null;
  /** Counts changes to the draft: the service's answer is shown while the draft is still the one it answered. */
  revision: number;
  /** Counts fresh starts (another project, a decision, Clear): a refusal is shown until the next. */
  start: number;
  enter(projectId: string): void;
  startFromDecision(decision: Decision): void;
  setDraft(text: string): void;
  addSources(text: string): void;
  removeSource(id: string): void;
  clear(): void;
  /** The rule to send, or null (and why, under the box) when the service would refuse it. */
  ruleToSave(): RuleToSave | null;
}

/** A rule the service would take, and which draft it is. */
export interface RuleToSave {
  rule: string;
  sourceIds: string[];
  revision: number;
  start: number;
}

const EMPTY = { draft: '', sourceIds: [], fromDecision: null, draftProblem: null };

export const useRuleDraft = create<RuleDraftState>()((set, get) => {
  const edit = (patch: Partial<RuleDraftState>) => set({ ...patch, revision: get().revision + 1 });
  const restart = (patch: Partial<RuleDraftState>) => edit({ ...EMPTY, ...patch, start: get().start + 1 });
  return {
    projectId: null,
    ...EMPTY,
    revision: 0,
    start: 0,

    enter(projectId) {
      if (get().projectId !== projectId) restart({ projectId });
    },

    startFromDecision: (decision) =>
      restart({ draft: ruleFromDecision(decision), sourceIds: [decision.id], fromDecision: decision.id }),

    setDraft: (draft) => edit({ draft, draftProblem: null }),

    addSources(text) {
      const ids = parseThreadIds(text);
      edit({ sourceIds: [...new Set([...get().sourceIds, ...ids])] });
    },

    removeSource: (id) => edit({ sourceIds: get().sourceIds.filter((s) => s !== id) }),

    clear: () => restart({}),

    ruleToSave() {
      const { draft, sourceIds, revision, start } = get();
      const problem = ruleProblem(draft);
      set({ draftProblem: problem });
      return problem ? null : { rule: draft.trim(), sourceIds, revision, start };
    },
  };
});
