import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { decisionsPage } from './fixtures.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { saveRuleMutation } = await import('../../../../src/renderer/features/reports/stores/rule-save.js');
const { decisionPageQuery, wholeLogQuery } =
  await import('../../../../src/renderer/features/reports/stores/decisions-query.js');
const { roleQuery } = await import('../../../../src/renderer/features/reports/stores/permission-query.js');
const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');

const save = (rule: string, sourceIds: string[] = []) =>
  new MutationObserver(queryClient, saveRuleMutation('c1', 'p1')).mutate({ rule, sourceIds, revision: 1, start: 1 });

beforeEach(() => {
  bridge = fakeBridge();
});
afterEach(() => queryClient.clear());

describe('saving a rule', () => {
  it('saves a rule citing its thread, then reports a duplicate plainly', async () => {
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: true, rule: 'Bugs are bugs.', cited: ['itm_1'] }));
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: false, duplicate: true, rule: null, cited: [] }));
    expect(await save('Bugs are bugs.', ['itm_1'])).toEqual({
      kind: 'saved',
      rule: 'Bugs are bugs.',
      cited: ['itm_1'],
    });
    expect(bridge.api.saveRule).toHaveBeenLastCalledWith({
      projectId: 'p1',
      rule: 'Bugs are bugs.',
      sourceItemIds: ['itm_1'],
    });
    expect(await save('Bugs are bugs.')).toEqual({ kind: 'duplicate', rule: 'Bugs are bugs.' });
    expect(bridge.api.saveRule).toHaveBeenLastCalledWith({ projectId: 'p1', rule: 'Bugs are bugs.' });
  });

  it('a saved rule makes the log’s pages stale (the rules travel with them), not the whole log a search read', async () => {
    queryClient.setQueryData(
      decisionPageQuery('c1', 'p1', { limit: 15, offset: 0 }).queryKey,
      decisionsPage(3, 0, 15) as never,
    );
    queryClient.setQueryData(wholeLogQuery('c1', 'p1').queryKey, {
      pages: [decisionsPage(3, 0, 30) as never],
      pageParams: [0],
    });
    bridge.api.saveRule!.mockResolvedValue(ok({ saved: true, rule: 'Bugs are bugs.', cited: [] }));
    await save('Bugs are bugs.');
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;
    expect(state(decisionPageQuery('c1', 'p1', { limit: 15, offset: 0 }).queryKey)).toBe(true);
    expect(state(wholeLogQuery('c1', 'p1').queryKey)).toBe(false);
  });

  it('keeps the service’s refusal in words, and trusts it over the role worked out before', async () => {
    const refusal = fail({
      kind: 'forbidden',
      status: 403,
      reason: 'role',
      message: 'Only workspace owners and admins can save rules; your role in Acme Web is collaborator.',
    });
    bridge.api.saveRule!.mockResolvedValue(refusal);
    queryClient.setQueryData(roleQuery('c1').queryKey, { workspaces: [], projects: null });
    const error = await save('Bugs are bugs.').catch((e: unknown) => e);
    expect(error).toMatchObject({ error: { kind: 'forbidden', reason: 'role' } });
    // The role is looked up again, to name it.
    expect(queryClient.getQueryState(roleQuery('c1').queryKey)!.isInvalidated).toBe(true);
  });
});
