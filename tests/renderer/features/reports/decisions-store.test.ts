import { beforeEach, describe, expect, it } from 'vitest';
import { useDecisions } from '../../../../src/renderer/features/reports/stores/decisions-store.js';
import { decisionsPage } from './fixtures.js';

const store = () => useDecisions.getState();
beforeEach(() => {
  useDecisions.setState(useDecisions.getInitialState());
  store().showProject('p1');
});

describe('decisions store', () => {
  it('pages the log, or the matches while searching, and keeps the first decision in view when the size changes', () => {
    store().goTo(45);
    expect(store().at).toEqual({ limit: 15, offset: 45 });
    store().setLimit(20);
    expect(store().at).toEqual({ limit: 20, offset: 40 });
    store().setLimit(99);
    expect(store().limit).toBe(30);
    store().setQuery({ text: 'checkout' });
    store().goTo(35);
    expect(store().matchOffset).toBe(35);
    expect(store().at.offset).toBe(30);
    store().setLimit(20);
    expect(store().matchOffset).toBe(20);
    store().jumpToPage(0);
    expect(store().matchOffset).toBe(0);
  });

  it('a page is shown once it arrived; another project starts at its first page with no search', () => {
    store().goTo(15);
    expect(store().shown).toEqual({ limit: 15, offset: 0 });
    store().arrived({ limit: 15, offset: 15 });
    expect(store().shown).toEqual({ limit: 15, offset: 15 });
    store().setQuery({ outcome: 'resolved' });
    store().showProject('p1');
    expect(store().query.outcome).toBe('resolved');
    store().showProject('p2');
    expect(store()).toMatchObject({ at: { offset: 0 }, shown: { offset: 0 }, query: { outcome: '' }, matchOffset: 0 });
  });

  it('jumps among the matches by date without asking; a date it cannot read is explained', () => {
    const matches = decisionsPage(3, 0, 3).decisions;
    store().jumpToDate('not a day', matches);
    expect(store().jumpProblem).toMatch(/not a date/);
    store().jumpToDate('2099-01-01', matches);
    expect(store()).toMatchObject({ matchOffset: 0, jumpProblem: null, jumpDate: null });
  });

  it('keeps a date to find in the log until the log lands on it, and forgets it when the person moves elsewhere', () => {
    store().jumpToDate('2026-03-01', null);
    expect(store()).toMatchObject({ jumpDate: '2026-03-01', jumpProblem: null, at: { offset: 0 } });
    store().landOnDate(23, 70);
    expect(store()).toMatchObject({ jumpDate: null, jumpProblem: null, at: { offset: 23 } });
    store().jumpToDate('2020-01-01', null);
    store().landOnDate(70, 70);
    expect(store()).toMatchObject({
      jumpDate: null,
      jumpProblem: 'No decision was made on or before that date.',
      at: { offset: 23 },
    });
    // Paging, another page size, another project or another date asked for: the date is no longer looked for.
    const leaves: Array<() => void> = [
      () => store().goTo(0),
      () => store().setLimit(20),
      () => store().showProject('p2'),
      () => store().jumpToDate('not a day', null),
    ];
    for (const leave of leaves) {
      store().jumpToDate('2026-02-01', null);
      expect(store().jumpDate).toBe('2026-02-01');
      leave();
      expect(store().jumpDate).toBeNull();
    }
  });
});
