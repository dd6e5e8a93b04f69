import { create } from 'zustand';
import type { Decision } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { parseThreadIds, ruleFromDecision, ruleProblem } from '../model/rule-draft.js';

type RuleOutcome = { kind: 'saved'; rule: string; cited: string[] } | { kind: 'duplicate'; rule: string };

interface RuleState {
  /** The project the draft is for: a draft never follows the person into another project. */
  projectId: string | null;
  draft: string;
  /** Threads the rule came from, in the order they were added (the first five are cited). */
  sourceIds: string[];
  /** The decision the draft was started from, for "Drafted from …". */
  fromDecision: string | null;
  saving: boolean;
  outcome: RuleOutcome | null;
  problem: Failure | null;
  /** Shown under the box after a save was tried with a draft the service would refuse. */
  draftProblem: string | null;
  enter(projectId: string): void;
  startFromDecision(decision: Decision): void;
  setDraft(text: string): void;
  addSources(text: string): void;
  removeSource(id: string): void;
  clear(): void;
  /** Saves the rule; true when the service took it (saved or already a rule). */
  save(): Promise<boolean>;
}

const EMPTY = {
  draft: '',
  sourceIds: [],
  fromDecision: null,
  saving: false,
  outcome: null,
  problem: null,
  draftProblem: null,
};

export const useRuleDraft = create<RuleState>()((set, get) => ({
  projectId: null,
  ...EMPTY,

  enter(projectId) {
    if (get().projectId !== projectId) set({ ...EMPTY, projectId });
  },

  startFromDecision: (decision) =>
    set({ ...EMPTY, draft: ruleFromDecision(decision), sourceIds: [decision.id], fromDecision: decision.id }),

  setDraft: (draft) => set({ draft, draftProblem: null, outcome: null }),

  addSources(text) {
    const ids = parseThreadIds(text);
    set({ sourceIds: [...new Set([...get().sourceIds, ...ids])], outcome: null });
  },

  removeSource: (id) => set({ sourceIds: get().sourceIds.filter((s) => s !== id), outcome: null }),

  clear: () => set(EMPTY),

  async save() {
    const { projectId, draft, sourceIds, saving } = get();
    if (saving || !projectId) return false;
    const problem = ruleProblem(draft);
    if (problem) {
      set({ draftProblem: problem });
      return false;
    }
    const rule = draft.trim();
    set({ saving: true, problem: null, outcome: null, draftProblem: null });
    const res = await getBridge().api.saveRule({
      projectId,
      rule,
      ...(sourceIds.length > 0 ? { sourceItemIds: sourceIds } : {}),
    });
    if (get().projectId !== projectId) return false;
    if (!res.ok) {
      set({ saving: false, problem: failure('The rule was not saved', res.error) });
      return false;
    }
    set({
      saving: false,
      outcome: res.data.saved
        ? { kind: 'saved', rule: res.data.rule ?? rule, cited: res.data.cited }
        : { kind: 'duplicate', rule },
    });
    return true;
  },
}));
