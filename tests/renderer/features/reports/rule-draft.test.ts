import { describe, expect, it } from 'vitest';
import {
  citations,
  isOneSentence,
  parseThreadIds,
  ruleCounter,
  ruleFromDecision,
  ruleProblem,
  RULE_MAX_CHARS,
} from '../../../../src/renderer/features/reports/model/rule-draft.js';

describe('rule counter', () => {
  it('counts what the service counts (trimmed) against 499', () => {
    expect(RULE_MAX_CHARS).toBe(499);
    expect(ruleCounter('')).toMatchObject({
      length: 0,
      left: 499,
      over: false,
      text: '499 characters left',
      warn: false,
    });
    expect(ruleCounter('  abc  ')).toMatchObject({ length: 3, left: 496 });
    expect(ruleCounter('x'.repeat(498)).text).toBe('1 character left');
    expect(ruleCounter('x'.repeat(499))).toMatchObject({ left: 0, over: false, text: '0 characters left' });
    expect(ruleCounter('x'.repeat(500))).toMatchObject({ over: true, text: '1 character too many' });
    expect(ruleCounter('x'.repeat(512)).text).toBe('13 characters too many');
  });

  it('warns near the limit', () => {
    expect(ruleCounter('x'.repeat(449)).warn).toBe(false);
    expect(ruleCounter('x'.repeat(450)).warn).toBe(true);
  });
});

describe('one sentence', () => {
  it('splits where the service splits', () => {
    expect(isOneSentence('Payment failures are bugs.')).toBe(true);
    expect(isOneSentence('Payment failures are bugs. Copy is copy.')).toBe(false);
    expect(isOneSentence('Use sentence case, e.g. Place order, on buttons.')).toBe(true);
    expect(isOneSentence('Is this a bug? yes it is.')).toBe(true);
    expect(isOneSentence('First line\nsecond line')).toBe(false);
  });

  it('explains what to fix', () => {
    expect(ruleProblem('   ')).toBe('Write the rule as one sentence.');
    expect(ruleProblem('a\nb')).toMatch(/line breaks/);
    expect(ruleProblem('One. Two.')).toMatch(/more than one sentence/);
    expect(ruleProblem('x'.repeat(505))).toBe('A rule must be under 500 characters: shorten it by 6.');
    expect(ruleProblem('Payment failures are bugs.')).toBeNull();
  });
});

describe('cited threads', () => {
  it('cites the first five and keeps the rest', () => {
    expect(citations(['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      cited: ['a', 'b', 'c', 'd', 'e'],
      uncited: ['f', 'g'],
    });
  });

  it('reads IDs separated by spaces, commas or semicolons', () => {
    expect(parseThreadIds(' itm_1, itm_2;itm_3\nitm_1 ')).toEqual(['itm_1', 'itm_2', 'itm_3']);
    expect(parseThreadIds('  ')).toEqual([]);
  });
});

describe('a rule drafted from a decision', () => {
  it('is one sentence about the thread, its type and its outcome', () => {
    const draft = ruleFromDecision({
      line: 'Love the new button! Much clearer than before.',
      outcome: 'resolved',
      type: 'copy-change',
    });
    expect(draft).toBe('Threads like “Love the new button” are typed copy change and get resolved.');
    expect(ruleProblem(draft)).toBeNull();
    expect(ruleFromDecision({ line: 'Later maybe', outcome: 'deferred', type: null })).toBe(
      'Threads like “Later maybe” get deferred.',
    );
  });

  it('stays under the limit for a very long line', () => {
    const draft = ruleFromDecision({ line: 'word '.repeat(300), outcome: 'deferred', type: 'idea' });
    expect(draft.length).toBeLessThanOrEqual(RULE_MAX_CHARS);
    expect(ruleProblem(draft)).toBeNull();
    expect(draft).toContain('…” are typed idea and get deferred.');
  });
});
