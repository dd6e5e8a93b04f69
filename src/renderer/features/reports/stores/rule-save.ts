import { mutationOptions } from '@tanstack/react-query';
import { getBridge } from '../../../bridge/index.js';
import { bridgeErrorOf, connectionKey, fromBridge } from '../../../server-state/query-client.js';
import { decisionPagesKey } from './decisions-query.js';
import { refusedByService } from './permission-query.js';
import type { RuleToSave } from './rule-store.js';

export type RuleOutcome = { kind: 'saved'; rule: string; cited: string[] } | { kind: 'duplicate'; rule: string };

/**
 * Saving a rule into the project context. A saved rule shows on every page of the decision
 * log (the rules travel with each page), so the pages are asked again; the whole log read for
 * a search holds no rules and stays. A refusal for the caller's role is trusted over the role
 * worked out before.
 */
export function saveRuleMutation(connectionId: string | null | undefined, projectId: string) {
  return mutationOptions({
    mutationKey: connectionKey(connectionId, 'reports-rule', projectId),
    mutationFn: async ({ rule, sourceIds }: RuleToSave): Promise<RuleOutcome> => {
      const answer = await fromBridge(
        getBridge().api.saveRule({ projectId, rule, ...(sourceIds.length > 0 ? { sourceItemIds: sourceIds } : {}) }),
      );
      return answer.saved
        ? { kind: 'saved', rule: answer.rule ?? rule, cited: answer.cited }
        : { kind: 'duplicate', rule };
    },
    onSuccess: (outcome, _rule, _context, { client }) => {
      if (outcome.kind === 'saved')
        void client.invalidateQueries({ queryKey: decisionPagesKey(connectionId, projectId) });
    },
    onError: (error) => {
      if (bridgeErrorOf(error).kind === 'forbidden') refusedByService(connectionId, projectId);
    },
  });
}
