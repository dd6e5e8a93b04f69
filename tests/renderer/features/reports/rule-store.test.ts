import { beforeEach, describe, expect, it } from 'vitest';
import { useRuleDraft } from '../../../../src/renderer/features/reports/stores/rule-store.js';
import { decisionsPage } from './fixtures.js';

let project = 0;
beforeEach(() => {
  project++;
  useRuleDraft.getState().enter(`p${project}`);
});

describe('rule draft store', () => {
  it('gives the rule to save trimmed, with the threads it cites in the order added', () => {
    useRuleDraft.getState().setDraft('  Bugs are bugs.  ');
    useRuleDraft.getState().addSources('itm_1, itm_2 itm_1');
    useRuleDraft.getState().removeSource('itm_2');
    expect(useRuleDraft.getState().ruleToSave()).toMatchObject({ rule: 'Bugs are bugs.', sourceIds: ['itm_1'] });
  });

  it('refuses locally what the service would refuse, saying why under the box until the draft changes', () => {
    useRuleDraft.getState().setDraft('One rule. Two rules.');
    expect(useRuleDraft.getState().ruleToSave()).toBeNull();
    expect(useRuleDraft.getState().draftProblem).toMatch(/more than one sentence/);
    useRuleDraft.getState().setDraft('One rule.');
    expect(useRuleDraft.getState().draftProblem).toBeNull();
  });

  it('counts every change, and a fresh start apart: an answer is shown only for the draft it answered', () => {
    useRuleDraft.getState().setDraft('Bugs are bugs.');
    const asked = useRuleDraft.getState().ruleToSave()!;
    expect(asked).toMatchObject({ revision: useRuleDraft.getState().revision, start: useRuleDraft.getState().start });
    useRuleDraft.getState().addSources('itm_9');
    expect(useRuleDraft.getState().revision).not.toBe(asked.revision);
    expect(useRuleDraft.getState().start).toBe(asked.start);
    useRuleDraft.getState().clear();
    expect(useRuleDraft.getState().start).not.toBe(asked.start);
  });

  it('starts from a decision with its thread cited and forgets the draft in another project', () => {
    useRuleDraft.getState().startFromDecision(decisionsPage(1, 0, 15).decisions[0]!);
    expect(useRuleDraft.getState().sourceIds).toEqual(['dec-0']);
    expect(useRuleDraft.getState().draft).toMatch(/^Threads like “Line of dec-0” are typed bug and get resolved\.$/);
    useRuleDraft.getState().enter(`elsewhere-${project}`);
    expect(useRuleDraft.getState().draft).toBe('');
  });
});
