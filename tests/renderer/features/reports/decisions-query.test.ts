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
function holdAnswers(pages: ReturnType<typeof service>) {
  const waiting: Array<() => void> = [];
  bridge.api.decisions!.mockImplementation(
    (q: { limit?: number; offset?: number }) => new Promise((resolve) => waiting.push(() => resolve(pages(q)))),
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
    await log().jumpToDate('2020-01-01');
    expect(store()).toMatchObject({
      matchOffset: 10,
      jumpProblem: 'No decision among the matches was made on or before that date.',
    });
    await log().jumpToDate('2099-12-31');
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
    bridge.api.decisions!.mockImplementationOnce(async () => ok(decisionsPage(23, 0, 1)));
    await log().jumpToDate('2026-03-01');
    expect(bridge.api.decisions).toHaveBeenCalledWith({
      projectId: `p${project}`,
      limit: 1,
      since: String(new Date(2026, 2, 2).getTime() - 1),
    });
    await vi.waitFor(() => expect(log().page!.offset).toBe(23));
    bridge.api.decisions!.mockImplementationOnce(async () => ok(decisionsPage(70, 0, 1)));
    await log().jumpToDate('2020-01-01');
    expect(store().jumpProblem).toBe('No decision was made on or before that date.');
    expect(log().page!.offset).toBe(23);
    await log().jumpToDate('31/12/2025');
    expect(store().jumpProblem).toMatch(/not a date/);
    // A lookup the service could not answer is said in words, the page shown stays.
    bridge.api.decisions!.mockImplementationOnce(async () => fail({ kind: 'network' }));
    await log().jumpToDate('2026-02-01');
    await vi.waitFor(() => expect(log().problem?.title).toBe('Could not find that date in the decision log'));
    expect(log().page!.offset).toBe(23);
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
