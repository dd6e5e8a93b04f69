import { describe, expect, it } from 'vitest';
import { actionFailure, refusalSentence } from '../../../src/renderer/format/refusals.js';

describe('refusals in words', () => {
  it('says how to get past each refusal the service explains with a reason', () => {
    expect(refusalSentence({ kind: 'validation', status: 409, reason: 'resolved_item', message: 'x' })).toBe(
      "Resolved threads can't be assigned. Reopen the thread, then assign it.",
    );
    expect(refusalSentence({ kind: 'validation', status: 409, reason: 'merged_duplicate', message: 'x' })).toMatch(
      /Open the thread it was merged into/,
    );
    expect(refusalSentence({ kind: 'validation', reason: 'reply_to_reply', parentId: 't9', message: 'x' })).toMatch(
      /Reply to thread t9 instead\.$/,
    );
    expect(
      refusalSentence({
        kind: 'validation',
        reason: 'ambiguous_name',
        name: 'Alex',
        candidates: [
          { id: 'a', name: 'Alex Kim', email: 'k@x' },
          { id: 'b', name: 'Alex Park', email: 'p@x' },
        ],
        message: 'x',
      }),
    ).toBe('“Alex” matches several people (Alex Kim, Alex Park). Pick one; nothing was posted.');
    expect(
      refusalSentence({
        kind: 'validation',
        reason: 'creation_limit',
        serverMessage: 'You reached the thread creation limit of 20 threads per 10 minutes; try again later.',
        message: 'x',
      }),
    ).toBe(
      'You reached the thread creation limit of 20 threads per 10 minutes; try again later. Your draft is kept; post it later.',
    );
  });

  it('leaves other failures to their own sentence', () => {
    expect(refusalSentence({ kind: 'network', message: 'Offline.' })).toBeNull();
    expect(actionFailure('Could not assign', { kind: 'network', message: 'Offline.' })).toEqual({
      title: 'Could not assign',
      error: { kind: 'network', message: 'Offline.' },
    });
  });

  it('rewords the message but keeps every other field for the way out', () => {
    const f = actionFailure('Could not assign', {
      kind: 'validation',
      status: 409,
      reason: 'resolved_item',
      message: 'The service refused the request: …',
    });
    expect(f.error).toMatchObject({
      kind: 'validation',
      status: 409,
      reason: 'resolved_item',
      message: "Resolved threads can't be assigned. Reopen the thread, then assign it.",
    });
  });
});
