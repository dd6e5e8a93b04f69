import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { decisionsPage } from './fixtures.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useRuleDraft } = await import('../../../../src/renderer/features/reports/stores/rule-store.js');

let project = 0;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
});

describe('rule draft store', () => {
  beforeEach(() => useRuleDraft.getState().enter(`p${project}`));

  it('saves a rule citing its thread, then reports a duplicate plainly', async () => {
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: true, rule: 'Bugs are bugs.', cited: ['itm_1'] }));
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: false, duplicate: true }));
    useRuleDraft.getState().setDraft('  Bugs are bugs.  ');
    useRuleDraft.getState().addSources('itm_1');
    expect(await useRuleDraft.getState().save()).toBe(true);
    expect(bridge.api.saveRule).toHaveBeenLastCalledWith({
      projectId: `p${project}`,
      rule: 'Bugs are bugs.',
      sourceItemIds: ['itm_1'],
    });
    expect(useRuleDraft.getState().outcome).toEqual({ kind: 'saved', rule: 'Bugs are bugs.', cited: ['itm_1'] });
    expect(await useRuleDraft.getState().save()).toBe(true);
    expect(useRuleDraft.getState().outcome).toEqual({ kind: 'duplicate', rule: 'Bugs are bugs.' });
  });

  it('refuses locally what the service would refuse, without a call', async () => {
    useRuleDraft.getState().setDraft('One rule. Two rules.');
    expect(await useRuleDraft.getState().save()).toBe(false);
    expect(useRuleDraft.getState().draftProblem).toMatch(/more than one sentence/);
    expect(bridge.api.saveRule).not.toHaveBeenCalled();
  });

  it('keeps the service refusal in words', async () => {
    bridge.api.saveRule!.mockResolvedValueOnce(
      fail({
        kind: 'forbidden',
        status: 403,
        reason: 'role',
        message: 'Only workspace owners and admins can save rules; your role in Acme Web is collaborator.',
      }),
    );
    useRuleDraft.getState().setDraft('Bugs are bugs.');
    expect(await useRuleDraft.getState().save()).toBe(false);
    expect(useRuleDraft.getState().problem).toMatchObject({
      title: 'The rule was not saved',
      error: { kind: 'forbidden', reason: 'role' },
    });
  });

  it('starts from a decision with its thread cited and forgets the draft in another project', () => {
    useRuleDraft.getState().startFromDecision(decisionsPage(1, 0, 15).decisions[0]!);
    expect(useRuleDraft.getState().sourceIds).toEqual(['dec-0']);
    expect(useRuleDraft.getState().draft).toMatch(/^Threads like “Line of dec-0” are typed bug and get resolved\.$/);
    useRuleDraft.getState().enter(`elsewhere-${project}`);
    expect(useRuleDraft.getState().draft).toBe('');
  });
});
