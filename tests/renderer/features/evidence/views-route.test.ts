import { describe, expect, it } from 'vitest';
import { parseRoute, routeToHash } from '../../../../src/renderer/app/route.js';
import { keysFor } from '../../../../src/renderer/app/shortcuts.js';
import { parseSavedViews } from '../../../../src/renderer/stores/saved-views.js';

describe('hot elements and evidence as workspace views', () => {
  it('live in the address with the filters and the open thread, so reload and back keep them', () => {
    for (const view of ['elements', 'evidence'] as const) {
      const route = {
        screen: 'project' as const,
        projectId: 'prj_1',
        view,
        filters: { page: '/checkout/payment', status: 'open' as const },
        threadId: 'itm_2',
      };
      const hash = routeToHash(route);
      expect(hash).toBe(`#/p/prj_1/${view}?status=open&page=%2Fcheckout%2Fpayment&thread=itm_2`);
      expect(parseRoute(hash)).toEqual(route);
    }
  });

  it('have their own keys and can be saved as views', () => {
    expect(keysFor('view.elements')).toBe('g h');
    expect(keysFor('view.evidence')).toBe('g e');
    const saved = parseSavedViews(
      JSON.stringify([
        { id: 'v1', name: 'Payment evidence', view: 'evidence', filters: { page: '/checkout/payment' }, savedAt: 1 },
      ]),
    );
    expect(saved[0]?.view).toBe('evidence');
  });
});
