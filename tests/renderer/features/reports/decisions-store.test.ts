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

  it('jumps among the matches by date without asking; a date it cannot read is explained', async () => {
    const matches = decisionsPage(3, 0, 3).decisions;
    const decidedAfter = () => Promise.reject(new Error('not asked'));
    await store().jumpToDate('not a day', { matches, total: 3, decidedAfter });
    expect(store().jumpProblem).toMatch(/not a date/);
    await store().jumpToDate('2099-01-01', { matches, total: 3, decidedAfter });
    expect(store()).toMatchObject({ matchOffset: 0, jumpProblem: null });
  });

  it('an answer about a date that arrives after the project changed moves nothing', async () => {
    let answer!: (n: number) => void;
    const asked = store().jumpToDate('2026-03-01', {
      matches: null,
      total: 70,
      decidedAfter: () => new Promise<number>((resolve) => (answer = resolve)),
    });
    expect(store().jumping).toBe(true);
    store().showProject('p2');
    answer(23);
    await asked;
    expect(store().at.offset).toBe(0);
    expect(store().jumping).toBe(false);
  });
});
