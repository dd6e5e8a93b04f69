import { describe, expect, it } from 'vitest';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import {
  briefingIsEmpty,
  briefingSections,
  moreRepliesText,
} from '../../../../src/renderer/features/reports/model/whats-new-model.js';
import { message, row, T0 } from './fixtures.js';

function briefing(overrides: Partial<WhatsNewResponse> = {}): WhatsNewResponse {
  return {
    project: { id: 'p1', name: 'Checkout' },
    since: T0 - 7 * 86_400_000,
    until: T0,
    firstBriefing: false,
    capped: false,
    counts: {
      newThreads: 0,
      newReplies: 0,
      threadsWithNewReplies: 0,
      resolved: 0,
      deferred: 0,
      assignedToYou: 0,
      mentionsYou: 0,
    },
    newThreads: [],
    newReplies: [],
    resolved: [],
    deferred: [],
    assignedToYou: [],
    mentionsYou: [],
    ...overrides,
  };
}

describe('briefing view model', () => {
  it('orders sections with what concerns you first, counts from the service', () => {
    const b = briefing({
      counts: {
        newThreads: 1,
        newReplies: 7,
        threadsWithNewReplies: 2,
        resolved: 0,
        deferred: 0,
        assignedToYou: 1,
        mentionsYou: 0,
      },
      newThreads: [{ ...row('n1'), status: 'open' }],
      newReplies: [
        { ...row('r1'), status: 'open', replies: [message('hi')], omittedReplies: 5 },
        { ...row('r2'), status: 'open', replies: [message('yo')], omittedReplies: 0 },
      ],
      assignedToYou: [{ ...row('a1'), assignedBy: 'Ada' }],
    });
    const sections = briefingSections(b);
    expect(sections.map((s) => s.key)).toEqual([
      'assignedToYou',
      'mentionsYou',
      'newThreads',
      'newReplies',
      'resolved',
      'deferred',
    ]);
    expect(sections.find((s) => s.key === 'newReplies')).toMatchObject({ count: 7, rows: 2, detail: 'in 2 threads' });
    expect(sections.find((s) => s.key === 'mentionsYou')).toMatchObject({
      count: 0,
      rows: 0,
      empty: 'Nobody mentioned you.',
    });
    expect(briefingIsEmpty(b)).toBe(false);
    expect(briefingIsEmpty(briefing())).toBe(true);
  });

  it('counts replies left out of the quote', () => {
    expect(moreRepliesText(0)).toBeNull();
    expect(moreRepliesText(1)).toBe('+1 more reply');
    expect(moreRepliesText(4)).toBe('+4 more replies');
  });
});
