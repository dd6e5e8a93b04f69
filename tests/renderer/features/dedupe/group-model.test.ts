import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  confirmGroup,
  shapeGroup,
  stayingThread,
  wordsCouldNotJudge,
  type GroupThread,
} from '../../../../src/renderer/features/dedupe/group-model.js';
import { proposeGroups, wordsOf } from '../../../../src/renderer/features/dedupe/group-similarity.js';

const thread = (id: string, text: string, extra: Partial<GroupThread> = {}): GroupThread => ({
  id,
  text,
  page: '/pricing',
  reportCount: 0,
  createdAt: 1000,
  ...extra,
});

describe('proposeGroups', () => {
  it('groups the same report written with other opening and closing words, and leaves other reports out', () => {
    const groups = proposeGroups([
      thread(
        'a',
        'Switching billing to Annual updates the Team price but the Business card still shows the monthly price.',
        { createdAt: 1 },
      ),
      thread(
        'b',
        'Same here: switching billing to Annual updates the Team price but the Business card still shows the monthly price. Pretty annoying.',
        { createdAt: 2 },
      ),
      thread(
        'c',
        'Not sure if reported yet, but switching billing to Annual updates the Team price but the Business card still shows the monthly price.',
        { createdAt: 3 },
      ),
      thread('d', 'The compliance badges draw more attention than the primary action on the security page.', {
        createdAt: 4,
      }),
    ]);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });

  it('keeps apart two reports written from one sentence about different things', () => {
    const groups = proposeGroups([
      thread(
        'a',
        'The wording of the checkout button does not match the navigation label on the pricing page, which confuses people.',
      ),
      thread(
        'b',
        'The wording of the signup button does not match the navigation label on the pricing page, which confuses people.',
      ),
      thread(
        'c',
        'Same here: the wording of the signup button does not match the navigation label on the pricing page, which confuses people.',
      ),
    ]);
    expect(groups).toEqual([['b', 'c']]);
  });

  it('never groups threads on different pages, however alike their words', () => {
    const text = 'The logo strip is greyscale but two logos are still in colour, so they jump out.';
    expect(proposeGroups([thread('a', text, { page: '/' }), thread('b', text, { page: '/customers' })])).toEqual([]);
  });

  it('puts the most reported thread first, then the oldest', () => {
    const text = 'The pricing table overflows the screen on a phone.';
    expect(
      proposeGroups([
        thread('old', text, { createdAt: 1 }),
        thread('reported', text, { createdAt: 5, reportCount: 3 }),
        thread('new', text, { createdAt: 9 }),
      ]),
    ).toEqual([['reported', 'old', 'new']]);
    expect(proposeGroups([thread('new', text, { createdAt: 9 }), thread('old', text, { createdAt: 1 })])).toEqual([
      ['old', 'new'],
    ]);
  });

  it('says what is wrong with options out of range', () => {
    expect(() => proposeGroups([], { minContainment: 0 })).toThrow(/minContainment must be above 0/);
    expect(() => proposeGroups([], { hashes: 1.5 })).toThrow(/hashes must be a positive whole number/);
  });

  it('puts every thread in at most one group, each of two threads or more', () => {
    const words = ['toggle', 'pricing', 'annual', 'banner', 'logo', 'contrast', 'button', 'footer'];
    const arb = fc.array(
      fc.record({
        words: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }),
        page: fc.constantFrom('/a', '/b'),
        reportCount: fc.nat(3),
        createdAt: fc.nat(100),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const threads = specs.map((s, i) => thread(`t${i}`, s.words.join(' '), s));
        const groups = proposeGroups(threads);
        const seen = groups.flat();
        expect(new Set(seen).size).toBe(seen.length);
        for (const g of groups) {
          expect(g.length).toBeGreaterThan(1);
          const members = g.map((id) => threads.find((t) => t.id === id)!);
          expect(new Set(members.map((t) => t.page)).size).toBe(1);
          expect(g[0]).toBe(stayingThread(members)!.id);
        }
      }),
    );
  });
});

describe('wordsOf', () => {
  it('reads words in any script and drops the short ones', () => {
    expect(wordsOf('Über den Knopf: ça ne marche pas! 404')).toEqual(['über', 'den', 'knopf', 'marche', 'pas', '404']);
  });
});

describe('confirmGroup', () => {
  it('keeps the head and the members the service lists at the score or above, and adds none', () => {
    expect(
      confirmGroup(
        ['h', 'a', 'b', 'c'],
        [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.3 },
          { id: 'x', score: 1 },
        ],
        0.5,
      ),
    ).toEqual(['h', 'a']);
  });

  it('leaves out threads an earlier group holds, and the whole group when its head is held', () => {
    expect(
      confirmGroup(
        ['h', 'a', 'b'],
        [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.9 },
        ],
        0.5,
        new Set(['b']),
      ),
    ).toEqual(['h', 'a']);
    expect(confirmGroup(['h', 'a'], [{ id: 'a', score: 0.9 }], 0.5, new Set(['h']))).toEqual([]);
  });

  it('leaves no group when the service lists none of the others', () => {
    expect(confirmGroup(['h', 'a'], [], 0.5)).toEqual([]);
    expect(confirmGroup([], [{ id: 'a', score: 1 }], 0.5)).toEqual([]);
  });

  it('adds the threads the words could not judge that the service lists at the joining score, and no others', () => {
    const joining = { minScore: 0.8, may: (id: string) => id.startsWith('s') };
    const candidates = [
      { id: 'a', score: 0.9 },
      { id: 's1', score: 0.85 },
      { id: 's2', score: 0.7 },
      { id: 'x', score: 1 },
    ];
    expect(confirmGroup(['h', 'a'], candidates, 0.5, new Set(), joining)).toEqual(['h', 'a', 's1']);
    expect(confirmGroup(['h', 'a'], candidates, 0.5, new Set(['s1']), joining)).toEqual(['h', 'a']);
    // A lone head with a thread that joins is a group of two.
    expect(confirmGroup(['h', 'b'], candidates, 0.5, new Set(), joining)).toEqual(['h', 's1']);
    expect(confirmGroup(['h', 'a'], [...candidates, { id: 's1', score: 0.9 }], 0.5, new Set(), joining)).toEqual([
      'h',
      'a',
      's1',
    ]);
  });
});

describe('wordsCouldNotJudge', () => {
  const summary = (id: string) => thread(id, 'Guest limit differs between card and table', { textSource: 'summary' });
  const message = (id: string) =>
    thread(id, '“Unlimited guests” on the Team card conflicts with the comparison table', { textSource: 'message' });

  it('is true for a summary against a group of messages, and the other way round', () => {
    expect(wordsCouldNotJudge(summary('s'), [message('a'), message('b')])).toBe(true);
    expect(wordsCouldNotJudge(message('m'), [summary('a')])).toBe(true);
  });

  it('is false where a member has the same kind of text, or where a source is unknown', () => {
    expect(wordsCouldNotJudge(summary('s'), [message('a'), summary('b')])).toBe(false);
    expect(wordsCouldNotJudge(thread('u', 'words'), [message('a')])).toBe(false);
    expect(wordsCouldNotJudge(summary('s'), [message('a'), thread('u', 'words')])).toBe(false);
    expect(wordsCouldNotJudge(summary('s'), [])).toBe(false);
  });
});

describe('shapeGroup', () => {
  const members = [
    thread('a', 'x', { createdAt: 1 }),
    thread('b', 'x', { createdAt: 2, reportCount: 2 }),
    thread('c', 'x', { createdAt: 3 }),
  ];

  it('merges into the most reported thread by default, the others leaving oldest first', () => {
    const shaped = shapeGroup(members, new Set(), null)!;
    expect(shaped.staying.id).toBe('b');
    expect(shaped.leaving.map((t) => t.id)).toEqual(['a', 'c']);
  });

  it('merges into the thread the person chose, and leaves out the threads taken out', () => {
    const shaped = shapeGroup(members, new Set(['a']), 'c')!;
    expect(shaped.staying.id).toBe('c');
    expect(shaped.leaving.map((t) => t.id)).toEqual(['b']);
  });

  it('falls back to the default when the chosen thread was taken out', () => {
    expect(shapeGroup(members, new Set(['b']), 'b')!.staying.id).toBe('a');
  });

  it('has nothing to merge once fewer than two threads are left', () => {
    expect(shapeGroup(members, new Set(['a', 'b']), null)).toBeNull();
  });

  it('always merges every remaining thread but one into that one', () => {
    fc.assert(
      fc.property(
        fc.subarray(['a', 'b', 'c']),
        fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
        (out, chosen) => {
          const shaped = shapeGroup(members, new Set(out), chosen);
          const left = members.filter((t) => !out.includes(t.id));
          if (left.length < 2) {
            expect(shaped).toBeNull();
            return;
          }
          expect([shaped!.staying, ...shaped!.leaving].map((t) => t.id).sort()).toEqual(left.map((t) => t.id).sort());
          if (chosen && !out.includes(chosen)) expect(shaped!.staying.id).toBe(chosen);
        },
      ),
    );
  });
});
