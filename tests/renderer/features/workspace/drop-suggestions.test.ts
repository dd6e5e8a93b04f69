import { describe, expect, it } from 'vitest';
import { dropSuggestions } from '../../../../src/renderer/features/workspace/drop-suggestions.js';
import { row } from '../../support/fake-items.js';

describe('an empty result names the filter to drop', () => {
  const rows = [
    row('a', { status: 'open', type: 'bug', page: '/pricing' }),
    row('b', { status: 'open', type: 'bug', page: '/' }),
    row('c', { status: 'resolved', type: 'idea', page: '/pricing' }),
  ];
  const ctx = { meId: null, textMatches: null };

  it('lists each active filter with what dropping it alone would show, most first', () => {
    expect(dropSuggestions(rows, { status: 'resolved', type: 'bug' }, ctx)).toEqual([
      { key: 'status', shown: 2 },
      { key: 'type', shown: 1 },
    ]);
  });

  it('says when dropping one filter still shows nothing', () => {
    expect(dropSuggestions(rows, { status: 'deferred', type: 'copy' }, ctx)).toEqual([
      { key: 'status', shown: 0 },
      { key: 'type', shown: 0 },
    ]);
  });

  it('has nothing to suggest without filters', () => {
    expect(dropSuggestions(rows, {}, ctx)).toEqual([]);
  });
});
