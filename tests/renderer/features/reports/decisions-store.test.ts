import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { decisionsPage } from './fixtures.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useDecisions, decisionsView, decisionMatches } =
  await import('../../../../src/renderer/features/reports/stores/decisions-store.js');

let project = 0;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
});

describe('decisions store', () => {
  const service = (total: number) =>
    vi.fn(async (q: { limit?: number; offset?: number }) =>
      ok(decisionsPage(total, Number(q.offset ?? 0), Number(q.limit ?? 15))),
    );

  it('pages with the page size and nextOffset, and keeps the first decision in view when the size changes', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    await useDecisions.getState().enter(`p${project}`);
    expect(useDecisions.getState().page!.decisions).toHaveLength(15);
    await useDecisions.getState().goTo(useDecisions.getState().page!.nextOffset!);
    expect(useDecisions.getState().page!.offset).toBe(15);
    await useDecisions.getState().setLimit(30);
    expect(bridge.api.decisions).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 30, offset: 0 });
    await useDecisions.getState().goTo(60);
    expect(useDecisions.getState().page!.decisions).toHaveLength(10);
    expect(useDecisions.getState().page!.nextOffset).toBeNull();
    await useDecisions.getState().setLimit(99);
    expect(useDecisions.getState().limit).toBe(30);
  });

  it('shows a failure in words and keeps the last page', async () => {
    bridge.api.decisions!.mockImplementation(service(20));
    await useDecisions.getState().enter(`p${project}`);
    bridge.api.decisions!.mockResolvedValueOnce(fail({ kind: 'server' }));
    await useDecisions.getState().goTo(15);
    expect(useDecisions.getState().problem?.title).toBe('Could not load the decision log');
    expect(useDecisions.getState().page!.offset).toBe(0);
  });

  it('a search reads the whole log 30 at a time, then pages its matches without asking again', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    await useDecisions.getState().enter(`p${project}`);
    await useDecisions.getState().setLimit(5);
    useDecisions.getState().setQuery({ text: 'DEC-4' });
    // Nothing is said to match while the log is still being read.
    expect(decisionsView(useDecisions.getState())).toBeNull();
    await vi.waitFor(() => expect(useDecisions.getState().whole?.state).toBe('done'));
    const offsets = bridge.api.decisions!.mock.calls.slice(-3).map((c) => c[0] as unknown);
    expect(offsets).toEqual([
      { projectId: `p${project}`, limit: 30, offset: 0 },
      { projectId: `p${project}`, limit: 30, offset: 30 },
      { projectId: `p${project}`, limit: 30, offset: 60 },
    ]);
    const calls = bridge.api.decisions!.mock.calls.length;
    let view = decisionsView(useDecisions.getState())!;
    expect(view).toMatchObject({ filtered: true, total: 11, offset: 0, nextOffset: 5 });
    expect(view.rows.map((d) => d.id)).toEqual(['dec-4', 'dec-40', 'dec-41', 'dec-42', 'dec-43']);
    await useDecisions.getState().goTo(view.nextOffset!);
    await useDecisions.getState().jumpToPage(3);
    view = decisionsView(useDecisions.getState())!;
    expect(view.rows.map((d) => d.id)).toEqual(['dec-49']);
    // Another word filters what was read: no new request.
    useDecisions.getState().setQuery({ text: 'dec-69' });
    expect(decisionsView(useDecisions.getState())!.rows.map((d) => d.id)).toEqual(['dec-69']);
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls);
    // A saved rule reloads the page for its rules, not the whole log the search read.
    await useDecisions.getState().reload({ whole: false });
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls + 1);
    expect(useDecisions.getState().whole?.state).toBe('done');
    useDecisions.getState().clearQuery();
    expect(decisionsView(useDecisions.getState())).toMatchObject({ filtered: false, total: 70 });
  });

  it('a whole-log read that fails keeps what it read, says so, and goes on from there', async () => {
    const pages = service(70);
    bridge.api.decisions!.mockImplementation(pages);
    await useDecisions.getState().enter(`p${project}`);
    bridge.api.decisions!.mockImplementation(async (q: { limit?: number; offset?: number }) =>
      q.offset === 30 ? fail({ kind: 'network' }) : pages(q),
    );
    useDecisions.getState().setQuery({ outcome: 'resolved' });
    await vi.waitFor(() => expect(useDecisions.getState().whole?.state).toBe('failed'));
    expect(useDecisions.getState().whole).toMatchObject({
      nextOffset: 30,
      problem: { title: 'Could not read the whole decision log to search it' },
    });
    expect(decisionMatches(useDecisions.getState())).toHaveLength(30);
    bridge.api.decisions!.mockImplementation(pages);
    // While the rest is read, no partial list stands in for the matches (its count would grow under the reader), as on the first read.
    const retry = useDecisions.getState().readWhole();
    expect(useDecisions.getState().whole?.state).toBe('loading');
    expect(decisionMatches(useDecisions.getState())).toBeNull();
    await retry;
    expect(useDecisions.getState().whole).toMatchObject({ state: 'done', total: 70 });
    expect(decisionMatches(useDecisions.getState())).toHaveLength(70);
    expect(bridge.api.decisions).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 30, offset: 60 });
  });

  it('derives the matches from the whole log and the query: kept while both stay, gone as soon as either goes', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    await useDecisions.getState().enter(`p${project}`);
    await useDecisions.getState().setLimit(5);
    useDecisions.getState().setQuery({ outcome: 'resolved' });
    await vi.waitFor(() => expect(useDecisions.getState().whole?.state).toBe('done'));
    const matches = decisionMatches(useDecisions.getState())!;
    expect(matches).toHaveLength(70);
    // Paging and jumping among the matches move matchOffset only: the same matches, no request.
    const calls = bridge.api.decisions!.mock.calls.length;
    await useDecisions.getState().goTo(10);
    expect(decisionMatches(useDecisions.getState())).toBe(matches);
    await useDecisions.getState().jumpToDate('2020-01-01');
    expect(useDecisions.getState()).toMatchObject({
      matchOffset: 10,
      jumpProblem: 'No decision among the matches was made on or before that date.',
    });
    await useDecisions.getState().jumpToDate('2099-12-31');
    expect(useDecisions.getState()).toMatchObject({ matchOffset: 0, jumpProblem: null });
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls);
    // Refresh drops the log read: nothing matches until it is read again, then new matches.
    const refreshed = useDecisions.getState().reload();
    expect(decisionMatches(useDecisions.getState())).toBeNull();
    await refreshed;
    expect(useDecisions.getState().whole?.state).toBe('done');
    const again = decisionMatches(useDecisions.getState());
    expect(again).not.toBe(matches);
    expect(again).toHaveLength(70);
    useDecisions.getState().clearQuery();
    expect(decisionMatches(useDecisions.getState())).toBeNull();
    // Another project starts with no log read.
    useDecisions.getState().setQuery({ outcome: 'resolved' });
    expect(decisionMatches(useDecisions.getState())).toHaveLength(70);
    const entered = useDecisions.getState().enter(`other-${project}`);
    expect(decisionMatches(useDecisions.getState())).toBeNull();
    await entered;
  });

  it('jumps to a date by asking how many decisions came after its end, and refuses a date before the log', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    await useDecisions.getState().enter(`p${project}`);
    await useDecisions.getState().setLimit(15);
    bridge.api.decisions!.mockImplementationOnce(async () => ok(decisionsPage(23, 0, 1)));
    await useDecisions.getState().jumpToDate('2026-03-01');
    expect(bridge.api.decisions!.mock.calls.at(-2)![0]).toEqual({
      projectId: `p${project}`,
      limit: 1,
      since: String(new Date(2026, 2, 2).getTime() - 1),
    });
    expect(useDecisions.getState().page!.offset).toBe(23);
    bridge.api.decisions!.mockImplementationOnce(async () => ok(decisionsPage(70, 0, 1)));
    await useDecisions.getState().jumpToDate('2020-01-01');
    expect(useDecisions.getState().jumpProblem).toBe('No decision was made on or before that date.');
    expect(useDecisions.getState().page!.offset).toBe(23);
    await useDecisions.getState().jumpToDate('31/12/2025');
    expect(useDecisions.getState().jumpProblem).toMatch(/not a date/);
  });
});
