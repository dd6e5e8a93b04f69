// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { decisionsPage } from './fixtures.js';
import { renderHook } from './render-hook.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useDecisionLog, useDecisionLogReader } =
  await import('../../../../src/renderer/features/reports/stores/decisions-query.js');
const { useDecisions } = await import('../../../../src/renderer/features/reports/stores/decisions-store.js');
const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');

const service = (total: number) =>
  vi.fn(async (q: { limit?: number; offset?: number }) =>
    ok(decisionsPage(total, Number(q.offset ?? 0), Number(q.limit ?? 15))),
  );

type LogQuery = { limit?: number; offset?: number; since?: string };
/** A log of `total` decisions whose date lookups (`since`) the test answers: how many came after, or a failure. */
const withLookups = (total: number, lookup: () => unknown) =>
  vi.fn(async (q: LogQuery) =>
    q.since ? lookup() : ok(decisionsPage(total, Number(q.offset ?? 0), Number(q.limit ?? 15))),
  );
const decidedAfter = (n: number) => () => ok(decisionsPage(n, 0, 1));

let project = 0;
let unmount: () => void = () => undefined;
/** The Decisions tab's view of the log: the tab keeps the reading going, every part reads the log. */
async function openLog(projectId: string) {
  useDecisions.getState().showProject(projectId);
  const hook = renderHook(() => {
    useDecisionLogReader(projectId);
    return useDecisionLog(projectId);
  });
  unmount = hook.unmount;
  const log = () => hook.result.current;
  await vi.waitFor(() => expect(log().page).not.toBeNull());
  return log;
}
const store = () => useDecisions.getState();

/** Holds the service's next answers until released, so what the screen says meanwhile can be seen. */
function holdAnswers(pages: (q: LogQuery) => Promise<unknown>) {
  const waiting: Array<() => void> = [];
  bridge.api.decisions!.mockImplementation(
    (q: LogQuery) => new Promise((resolve) => waiting.push(() => resolve(pages(q)))),
  );
  return () => {
    bridge.api.decisions!.mockImplementation(pages);
    waiting.splice(0).forEach((answer) => answer());
  };
}

beforeEach(() => {
  bridge = fakeBridge();
  project++;
  useDecisions.setState(useDecisions.getInitialState());
  useSession.setState({ active: { connection: { id: 'c1' } } } as never);
});
afterEach(() => {
  unmount();
  queryClient.clear();
});

describe('decision log query', () => {
  it('pages with the page size and nextOffset, and keeps the first decision in view when the size changes', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    expect(log().page!.decisions).toHaveLength(15);
    store().goTo(log().page!.nextOffset!);
    await vi.waitFor(() => expect(log().page!.offset).toBe(15));
    store().setLimit(30);
    await vi.waitFor(() => expect(log().page!.offset).toBe(0));
    expect(bridge.api.decisions).toHaveBeenCalledWith({ projectId: `p${project}`, limit: 30, offset: 0 });
    store().goTo(60);
    await vi.waitFor(() => expect(log().page!.decisions).toHaveLength(10));
    expect(log().page!.nextOffset).toBeNull();
    store().setLimit(99);
    expect(store().limit).toBe(30);
  });

  it('after Refresh, a page seen before is asked again, as newer decisions shift every offset', async () => {
    bridge.api.decisions!.mockImplementation(service(40));
    const log = await openLog(`p${project}`);
    store().goTo(15);
    await vi.waitFor(() => expect(log().page!.offset).toBe(15));
    store().goTo(0);
    await vi.waitFor(() => expect(log().page!.offset).toBe(0));
    const secondPageAsked = () =>
      bridge.api.decisions!.mock.calls.filter((call) => {
        const q = call[0] as { limit?: number; offset?: number } | undefined;
        return q?.limit === 15 && q.offset === 15;
      }).length;
    expect(secondPageAsked()).toBe(1);
    log().refresh();
    store().goTo(15);
    await vi.waitFor(() => expect(secondPageAsked()).toBe(2));
    await vi.waitFor(() => expect(log().page!.offset).toBe(15));
  });

  it('shows a failure in words and keeps the last page', async () => {
    bridge.api.decisions!.mockImplementation(service(20));
    const log = await openLog(`p${project}`);
    const loadedAt = log().loadedAt;
    bridge.api.decisions!.mockResolvedValueOnce(fail({ kind: 'server' }));
    store().goTo(15);
    await vi.waitFor(() => expect(log().problem?.title).toBe('Could not load the decision log'));
    expect(log().page!.offset).toBe(0);
    expect(log().loadedAt).toBe(loadedAt);
    // Asked again, the page asked for arrives and the words go.
    log().refresh();
    await vi.waitFor(() => expect(log().page!.offset).toBe(15));
    expect(log().problem).toBeNull();
  });

  it('a search reads the whole log 30 at a time, then pages its matches without asking again', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    store().setLimit(5);
    store().setQuery({ text: 'DEC-4' });
    await vi.waitFor(() => expect(log().whole?.state).toBe('done'));
    const offsets = bridge.api
      .decisions!.mock.calls.map((c) => c[0] as unknown as { limit: number })
      .filter((q) => q.limit === 30);
    expect(offsets).toEqual([
      { projectId: `p${project}`, limit: 30, offset: 0 },
      { projectId: `p${project}`, limit: 30, offset: 30 },
      { projectId: `p${project}`, limit: 30, offset: 60 },
    ]);
    const calls = bridge.api.decisions!.mock.calls.length;
    const view = log().view!;
    expect(view).toMatchObject({ filtered: true, total: 11, offset: 0, nextOffset: 5 });
    expect(view.rows.map((d) => d.id)).toEqual(['dec-4', 'dec-40', 'dec-41', 'dec-42', 'dec-43']);
    store().goTo(view.nextOffset!);
    store().jumpToPage(3);
    await vi.waitFor(() => expect(log().view!.rows.map((d) => d.id)).toEqual(['dec-49']));
    // Another word filters what was read: no new request.
    store().setQuery({ text: 'dec-69' });
    await vi.waitFor(() => expect(log().view!.rows.map((d) => d.id)).toEqual(['dec-69']));
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls);
    // A saved rule makes the pages stale for their rules, not the whole log the search read.
    await queryClient.invalidateQueries({ queryKey: ['connection', 'c1', 'reports-decisions', `p${project}`, 'page'] });
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls + 1);
    expect(log().whole?.state).toBe('done');
    store().clearQuery();
    await vi.waitFor(() => expect(log().view).toMatchObject({ filtered: false, total: 70 }));
  });

  it('nothing is said to match while the log is still being read', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    await vi.waitFor(() => expect(log().whole?.state).toBe('done'));
    const release = holdAnswers(service(70));
    log().refresh();
    store().setQuery({ text: 'DEC-4' });
    await vi.waitFor(() => expect(log().whole?.state).toBe('loading'));
    expect(log().view).toBeNull();
    expect(log().matches).toBeNull();
    release();
    await vi.waitFor(() => expect(log().whole?.state).toBe('done'));
    expect(log().matches).toHaveLength(11);
  });

  it('a whole-log read that fails keeps what it read, says so, and goes on from there', async () => {
    const pages = service(70);
    bridge.api.decisions!.mockImplementation(async (q: { limit?: number; offset?: number }) =>
      q.offset === 30 ? fail({ kind: 'network' }) : pages(q),
    );
    const log = await openLog(`p${project}`);
    store().setQuery({ outcome: 'resolved' });
    await vi.waitFor(() => expect(log().whole?.state).toBe('failed'));
    expect(log().whole).toMatchObject({
      nextOffset: 30,
      problem: { title: 'Could not read the whole decision log to search it' },
    });
    expect(log().matches).toHaveLength(30);
    const release = holdAnswers(pages);
    // While the rest is read, no partial list stands in for the matches (its count would grow under the reader), as on the first read.
    log().readWhole();
    await vi.waitFor(() => expect(log().whole?.state).toBe('loading'));
    expect(log().matches).toBeNull();
    release();
    await vi.waitFor(() => expect(log().whole).toMatchObject({ state: 'done', total: 70 }));
    expect(log().matches).toHaveLength(70);
    expect(bridge.api.decisions).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 30, offset: 60 });
  });

  it('derives the matches from the whole log and the query: kept while both stay, gone as soon as either goes', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    store().setLimit(5);
    store().setQuery({ outcome: 'resolved' });
    await vi.waitFor(() => expect(log().whole?.state).toBe('done'));
    const matches = log().matches!;
    expect(matches).toHaveLength(70);
    // Paging and jumping among the matches move matchOffset only: the same matches, no request.
    const calls = bridge.api.decisions!.mock.calls.length;
    store().goTo(10);
    await vi.waitFor(() => expect(log().view?.offset).toBe(10));
    expect(log().matches).toBe(matches);
    log().jumpToDate('2020-01-01');
    expect(store()).toMatchObject({
      matchOffset: 10,
      jumpProblem: 'No decision among the matches was made on or before that date.',
    });
    log().jumpToDate('2099-12-31');
    expect(store()).toMatchObject({ matchOffset: 0, jumpProblem: null });
    expect(bridge.api.decisions!.mock.calls.length).toBe(calls);
    // Refresh drops the log read: nothing matches until it is read again, then new matches.
    const release = holdAnswers(service(70));
    log().refresh();
    await vi.waitFor(() => expect(log().matches).toBeNull());
    release();
    await vi.waitFor(() => expect(log().whole?.state).toBe('done'));
    const again = log().matches;
    expect(again).not.toBe(matches);
    expect(again).toHaveLength(70);
    store().clearQuery();
    await vi.waitFor(() => expect(log().matches).toBeNull());
  });

  it('jumps to a date by asking how many decisions came after its end, and refuses a date before the log', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    bridge.api.decisions!.mockImplementation(withLookups(70, decidedAfter(23)));
    log().jumpToDate('2026-03-01');
    await vi.waitFor(() => expect(log().page!.offset).toBe(23));
    expect(bridge.api.decisions).toHaveBeenCalledWith({
      projectId: `p${project}`,
      limit: 1,
      since: String(new Date(2026, 2, 2).getTime() - 1),
    });
    expect(store().jumpDate).toBeNull();
    bridge.api.decisions!.mockImplementation(withLookups(70, decidedAfter(70)));
    log().jumpToDate('2020-01-01');
    await vi.waitFor(() => expect(store().jumpProblem).toBe('No decision was made on or before that date.'));
    expect(log().page!.offset).toBe(23);
    log().jumpToDate('31/12/2025');
    expect(store().jumpProblem).toMatch(/not a date/);
  });

  it('while a date is looked up the log is loading; a lookup that fails is said in words, and Retry asks again and lands', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    const release = holdAnswers(async () => fail({ kind: 'network' }));
    log().jumpToDate('2026-02-01');
    await vi.waitFor(() => expect(log().loading).toBe(true));
    release();
    await vi.waitFor(() => expect(log().problem?.title).toBe('Could not find that date in the decision log'));
    expect(log().problem?.error.kind).toBe('network');
    expect(log().loading).toBe(false);
    expect(log().page!.offset).toBe(0);
    // Asked again with the same date: the service is asked again, and still cannot answer.
    const lookups = () =>
      bridge.api.decisions!.mock.calls.filter((c) => (c[0] as unknown as LogQuery).limit === 1).length;
    const before = lookups();
    log().jumpToDate('2026-02-01');
    await vi.waitFor(() => expect(lookups()).toBe(before + 1));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await vi.waitFor(() => expect(log().problem?.title).toBe('Could not find that date in the decision log'));
    // Retry (the log's Refresh) asks where the date is again; this time the answer comes and the log moves there.
    bridge.api.decisions!.mockImplementation(withLookups(70, decidedAfter(40)));
    log().refresh();
    await vi.waitFor(() => expect(log().page!.offset).toBe(40));
    expect(log().problem).toBeNull();
    expect(store().jumpDate).toBeNull();
  });

  it('a failed lookup is dismissed by paging elsewhere', async () => {
    bridge.api.decisions!.mockImplementation(withLookups(70, () => fail({ kind: 'server' })));
    const log = await openLog(`p${project}`);
    log().jumpToDate('2026-02-01');
    await vi.waitFor(() => expect(log().problem?.title).toBe('Could not find that date in the decision log'));
    store().goTo(15);
    await vi.waitFor(() => expect(log().page!.offset).toBe(15));
    expect(log().problem).toBeNull();
  });

  it('only the newest date asked for moves the log, whichever answer comes last', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    const answers: Array<{ since: string; answer(before: number): void }> = [];
    bridge.api.decisions!.mockImplementation(
      (q: { since?: string; limit?: number; offset?: number }) =>
        new Promise((resolve) => {
          if (q.since) answers.push({ since: q.since, answer: (n) => resolve(ok(decisionsPage(n, 0, 1))) });
          else resolve(ok(decisionsPage(70, Number(q.offset ?? 0), Number(q.limit ?? 15))));
        }),
    );
    log().jumpToDate('2026-01-01');
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    log().jumpToDate('2026-03-01');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.answer(23);
    await vi.waitFor(() => expect(log().page!.offset).toBe(23));
    answers[0]!.answer(50);
    await new Promise((r) => setTimeout(r, 0));
    expect(store().at.offset).toBe(23);
    expect(log().page!.offset).toBe(23);
  });

  it('an answer about a date that arrives after the project changed moves nothing', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    const log = await openLog(`p${project}`);
    const release = holdAnswers(async () => ok(decisionsPage(23, 0, 1)));
    log().jumpToDate('2026-03-01');
    await vi.waitFor(() => expect(log().loading).toBe(true));
    store().showProject(`other-${project}`);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(store()).toMatchObject({ projectId: `other-${project}`, at: { offset: 0 }, jumpDate: null });
  });

  it('another project starts at its first page with no search', async () => {
    bridge.api.decisions!.mockImplementation(service(70));
    await openLog(`p${project}`);
    store().setQuery({ outcome: 'resolved' });
    store().goTo(10);
    unmount();
    const other = await openLog(`other-${project}`);
    expect(store()).toMatchObject({ query: { outcome: '' }, matchOffset: 0, at: { offset: 0 } });
    expect(other().matches).toBeNull();
  });
});
