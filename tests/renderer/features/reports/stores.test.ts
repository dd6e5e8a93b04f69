import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQuery } from '#shared/api/requests.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { decisionsPage, reviewOverview, reviewSectionPage } from './fixtures.js';

let bridge: FakeBridge;
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) });
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useReview } = await import('../../../../src/renderer/features/reports/stores/review-store.js');
const { useDecisions, decisionsView, decisionMatches } = await import('../../../../src/renderer/features/reports/stores/decisions-store.js');
const { useRuleDraft } = await import('../../../../src/renderer/features/reports/stores/rule-store.js');
const { useWhatsNew } = await import('../../../../src/renderer/features/reports/stores/whats-new-store.js');
const { usePermission } = await import('../../../../src/renderer/features/reports/stores/permission-store.js');
const { useHotspots } = await import('../../../../src/renderer/features/reports/stores/hotspots-store.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');
const { readLastBriefed } = await import('../../../../src/renderer/features/reports/model/briefing-memory.js');

const ok = <T>(data: T) => ({ ok: true as const, data });
const fail = (error: Partial<BridgeError> & Pick<BridgeError, 'kind'>) => ({ ok: false as const, error: { message: 'It failed.', ...error } });

/** A review service with fixed section totals, paging as the reference service does. */
function reviewService(totals: { resolved: number; deferred: number; open: number; discussions: number }) {
  return vi.fn(async (q: ReviewQuery) => {
    if (!q.section) return ok(reviewOverview(totals));
    const size = q.section === 'discussions' ? 5 : 100;
    return ok(reviewSectionPage(q.section, totals[q.section], Number(q.offset ?? 0), size));
  });
}

let project = 0;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
});

describe('review store', () => {
  it('pages a section from nextOffset until null; totals come from the service', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 151, deferred: 3, open: 0, discussions: 12 }));
    await useReview.getState().load(`p${project}`);
    const s = () => useReview.getState().sections!;
    expect(s().resolved.rows).toHaveLength(25);
    expect(s().resolved.total).toBe(151);

    await useReview.getState().loadMore('resolved');
    expect(s().resolved.rows).toHaveLength(125);
    expect(bridge.api.review).toHaveBeenLastCalledWith({ projectId: `p${project}`, section: 'resolved', offset: 25 });
    await useReview.getState().loadMore('resolved');
    expect(s().resolved.rows).toHaveLength(151);
    expect(s().resolved.nextOffset).toBeNull();
    // The other sections' "0" pages in those answers did not touch them.
    expect(s().discussions.rows).toHaveLength(12);
    expect(s().discussions.nextOffset).toBeNull();
    expect(s().deferred.total).toBe(3);
    // Nothing more to read: no call.
    const calls = bridge.api.review!.mock.calls.length;
    expect(await useReview.getState().loadMore('resolved')).toBe(false);
    expect(bridge.api.review!.mock.calls.length).toBe(calls);
  });

  it('shows 25 more rows a step, reading the next page only when the rows in hand run out', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 151, deferred: 0, open: 0, discussions: 0 }));
    await useReview.getState().load(`p${project}`);
    const r = () => useReview.getState().sections!.resolved;
    expect(r().shown).toBe(25);
    await useReview.getState().showMore('resolved');
    // The overview's 25 were all shown: the next page (100) is read, and 25 more shown.
    expect(r().rows).toHaveLength(125);
    expect(r().shown).toBe(50);
    const calls = bridge.api.review!.mock.calls.length;
    await useReview.getState().showMore('resolved');
    expect(r().shown).toBe(75);
    expect(bridge.api.review!.mock.calls.length).toBe(calls);
    await useReview.getState().showAll('resolved');
    expect(r().rows).toHaveLength(151);
    expect(r().shown).toBe(151);
  });

  it('reads every remaining page at once', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 0, deferred: 0, open: 0, discussions: 48 }));
    await useReview.getState().load(`p${project}`);
    await useReview.getState().loadAll('discussions');
    const d = useReview.getState().sections!.discussions;
    expect(d.rows.map((r) => r.id)).toEqual(Array.from({ length: 48 }, (_, i) => `discussions-${i}`));
    expect(d.loading).toBeNull();
    // 25 from the overview, then 5 per page: 5 more pages.
    expect(bridge.api.review!.mock.calls.length).toBe(1 + 5);
  });

  it('keeps loaded rows and says why when a page fails', async () => {
    const service = reviewService({ resolved: 200, deferred: 0, open: 0, discussions: 0 });
    bridge.api.review!.mockImplementation(service);
    await useReview.getState().load(`p${project}`);
    bridge.api.review!.mockResolvedValueOnce(fail({ kind: 'network', message: 'The service did not answer.' }));
    expect(await useReview.getState().loadMore('resolved')).toBe(false);
    const r = useReview.getState().sections!.resolved;
    expect(r.rows).toHaveLength(25);
    expect(r.nextOffset).toBe(25);
    expect(r.problem?.title).toBe('Could not load more resolved threads');
    expect(r.loading).toBeNull();
  });

  it('drops a page that arrives after the project changed', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 200, deferred: 0, open: 0, discussions: 0 }));
    await useReview.getState().load(`p${project}`);
    let release!: () => void;
    bridge.api.review!.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(ok(reviewSectionPage('resolved', 200, 25, 100))))),
    );
    const pending = useReview.getState().loadMore('resolved');
    await useReview.getState().load(`other-${project}`);
    release();
    await pending;
    expect(useReview.getState().projectId).toBe(`other-${project}`);
    expect(useReview.getState().sections!.resolved.rows).toHaveLength(25);
  });
});

describe('decisions store', () => {
  const service = (total: number) =>
    vi.fn(async (q: { limit?: number; offset?: number }) => ok(decisionsPage(total, Number(q.offset ?? 0), Number(q.limit ?? 15))));

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
    bridge.api.decisions!.mockImplementation(async (q: { limit?: number; offset?: number }) => (q.offset === 30 ? fail({ kind: 'network' }) : pages(q)));
    useDecisions.getState().setQuery({ outcome: 'resolved' });
    await vi.waitFor(() => expect(useDecisions.getState().whole?.state).toBe('failed'));
    expect(useDecisions.getState().whole).toMatchObject({ nextOffset: 30, problem: { title: 'Could not read the whole decision log to search it' } });
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
    expect(useDecisions.getState()).toMatchObject({ matchOffset: 10, jumpProblem: 'No decision among the matches was made on or before that date.' });
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
    expect(bridge.api.decisions!.mock.calls.at(-2)![0]).toEqual({ projectId: `p${project}`, limit: 1, since: String(new Date(2026, 2, 2).getTime() - 1) });
    expect(useDecisions.getState().page!.offset).toBe(23);
    bridge.api.decisions!.mockImplementationOnce(async () => ok(decisionsPage(70, 0, 1)));
    await useDecisions.getState().jumpToDate('2020-01-01');
    expect(useDecisions.getState().jumpProblem).toBe('No decision was made on or before that date.');
    expect(useDecisions.getState().page!.offset).toBe(23);
    await useDecisions.getState().jumpToDate('31/12/2025');
    expect(useDecisions.getState().jumpProblem).toMatch(/not a date/);
  });
});

describe('rule draft store', () => {
  beforeEach(() => useRuleDraft.getState().enter(`p${project}`));

  it('saves a rule citing its thread, then reports a duplicate plainly', async () => {
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: true, rule: 'Bugs are bugs.', cited: ['itm_1'] }));
    bridge.api.saveRule!.mockResolvedValueOnce(ok({ saved: false, duplicate: true }));
    useRuleDraft.getState().setDraft('  Bugs are bugs.  ');
    useRuleDraft.getState().addSources('itm_1');
    expect(await useRuleDraft.getState().save()).toBe(true);
    expect(bridge.api.saveRule).toHaveBeenLastCalledWith({ projectId: `p${project}`, rule: 'Bugs are bugs.', sourceItemIds: ['itm_1'] });
    expect(useRuleDraft.getState().outcome).toEqual({ kind: 'saved', rule: 'Bugs are bugs.', cited: ['itm_1'] });
    expect(await useRuleDraft.getState().save()).toBe(true);
    expect(useRuleDraft.getState().outcome).toEqual({ kind: 'duplicate', rule: 'Bugs are bugs.' });
  });

  it('refuses locally what the service would refuse, without a call', async () => {
    useRuleDraft.getState().setDraft('One rule. Two rules.');
    expect(await useRuleDraft.getState().save()).toBe(false);
    expect(useRuleDraft.getState().draftProblem).toMatch(/more than one sentence/);
    expect(bridge.api.saveRule).not.toHaveBeenCalled();
  });

  it('keeps the service refusal in words', async () => {
    bridge.api.saveRule!.mockResolvedValueOnce(fail({ kind: 'forbidden', status: 403, reason: 'role', message: 'Only workspace owners and admins can save rules; your role in Acme Web is collaborator.' }));
    useRuleDraft.getState().setDraft('Bugs are bugs.');
    expect(await useRuleDraft.getState().save()).toBe(false);
    expect(useRuleDraft.getState().problem).toMatchObject({ title: 'The rule was not saved', error: { kind: 'forbidden', reason: 'role' } });
  });

  it('starts from a decision with its thread cited and forgets the draft in another project', () => {
    useRuleDraft.getState().startFromDecision(decisionsPage(1, 0, 15).decisions[0]!);
    expect(useRuleDraft.getState().sourceIds).toEqual(['dec-0']);
    expect(useRuleDraft.getState().draft).toMatch(/^Threads like “Line of dec-0” are typed bug and get resolved\.$/);
    useRuleDraft.getState().enter(`elsewhere-${project}`);
    expect(useRuleDraft.getState().draft).toBe('');
  });
});

describe('what’s new store', () => {
  const briefingAnswer = (until: number, newThreads: Array<{ id: string; status: string }> = []) => ({ ok: true as const, data: { since: 1, until, newThreads, counts: {} } });
  const connectionId = () => `conn-${project}`;
  const signedIn = () => useSession.setState({ active: { connection: { id: connectionId() } } as never });

  it('since my last briefing: the service’s bookmark the first time, then where the last briefing read here ended', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(5_000));
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    await useWhatsNew.getState().brief(6_000);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}` });
    expect(useWhatsNew.getState().briefing?.preset).toBe('last-briefing');
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    // Kept per connection and project: coming back (another store life) starts there.
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(5_000);
    useWhatsNew.getState().enter(`other-${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(9_000));
    await useWhatsNew.getState().brief(9_500);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}`, since: '5000' });
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(9_000);
  });

  it('last 7 days and since a date send their start; any briefing read moves where the next “since my last” starts', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(new Date(2026, 2, 10).getTime()));
    useWhatsNew.getState().enter(`p${project}`);
    const now = new Date(2026, 2, 10, 12).getTime();
    useWhatsNew.getState().setPreset('last-days');
    await useWhatsNew.getState().brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}`, since: String(now - 7 * 86_400_000) });
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('2026-03-01');
    await useWhatsNew.getState().brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}`, since: String(new Date(2026, 2, 1).getTime()) });
    expect(useWhatsNew.getState().briefing?.preset).toBe('date');
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(new Date(2026, 2, 10).getTime());
  });

  it('names the window of a briefing it could not get', async () => {
    signedIn();
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('last-days');
    bridge.api.whatsNew!.mockResolvedValueOnce(fail({ kind: 'network', message: 'The service did not answer.' }));
    await useWhatsNew.getState().brief(new Date(2026, 2, 10, 12).getTime());
    expect(useWhatsNew.getState().problem?.title).toBe('Could not get the briefing (in the last 7 days)');
    useWhatsNew.getState().setPreset('last-briefing');
    bridge.api.whatsNew!.mockResolvedValueOnce(fail({ kind: 'network' }));
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().problem?.title).toBe('Could not get the briefing (since your last briefing)');
    expect(useWhatsNew.getState().loading).toBeNull();
  });

  it('explains a bad or future date instead of calling', async () => {
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('');
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().dateProblem).toMatch(/Choose the date/);
    useWhatsNew.getState().setDate('2999-01-01');
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().dateProblem).toMatch(/in the future/);
    expect(bridge.api.whatsNew).not.toHaveBeenCalled();
  });

  it('reads who opened the new threads from one list request, and pages each section 25 at a time', async () => {
    signedIn();
    const newThreads = Array.from({ length: 60 }, (_, i) => ({ id: `n${i}`, status: 'open' }));
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(10, newThreads));
    bridge.api.listItems!.mockResolvedValue(ok({ items: newThreads.map((t, i) => ({ id: t.id, author: `Person ${i}`, createdAt: 1_000 + i })) }));
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('last-days');
    await useWhatsNew.getState().brief(20);
    expect(bridge.api.listItems).toHaveBeenCalledTimes(1);
    expect(bridge.api.listItems).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 60 });
    const details = useWhatsNew.getState().details;
    expect(details?.kind === 'ready' && details.byId.get('n7')).toEqual({ author: 'Person 7', createdAt: 1_007 });
    expect(useWhatsNew.getState().shown.newThreads).toBeUndefined();
    useWhatsNew.getState().showMore('newThreads');
    expect(useWhatsNew.getState().shown.newThreads).toBe(50);
  });

  it('keeps the briefing and says why when the authors cannot be read', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(10, [{ id: 'n1', status: 'open' }]));
    bridge.api.listItems!.mockResolvedValue(fail({ kind: 'network', message: 'The service did not answer.' }));
    useWhatsNew.getState().enter(`p${project}`);
    await useWhatsNew.getState().brief(20);
    expect(useWhatsNew.getState().briefing?.data.newThreads).toHaveLength(1);
    expect(useWhatsNew.getState().details).toMatchObject({ kind: 'failed', problem: { title: 'Could not read who opened the new threads, and when' } });
  });
});

describe('permission store', () => {
  it('looks up the role when the caller does not know it, and trusts a known yes', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(ok({ workspaces: [{ id: 'w1', role: 'collaborator', available: true }], total: 1, you: { id: 'u', name: 'Cora' } }));
    bridge.api.listProjects!.mockResolvedValue(ok({ projects: [{ id: `p${project}`, workspace: { id: 'w1' } }], total: 1 }));
    await usePermission.getState().resolve(`p${project}`, null);
    expect(usePermission.getState().permission).toEqual({ kind: 'denied', role: 'collaborator' });
    await usePermission.getState().resolve(`p${project}`, true);
    expect(usePermission.getState().permission.kind).toBe('allowed');
  });

  it('stays off with a reason when the role cannot be looked up', async () => {
    bridge.api.listWorkspaces!.mockResolvedValue(fail({ kind: 'network' }));
    bridge.api.listProjects!.mockResolvedValue(fail({ kind: 'network' }));
    await usePermission.getState().resolve(`p${project}`, null);
    expect(usePermission.getState().permission.kind).toBe('unknown');
    expect(usePermission.getState().problem?.title).toBe('Could not look up your role in this workspace');
  });
});

describe('hotspots store', () => {
  it('lists a file’s threads with its filters', async () => {
    bridge.api.findBySource!.mockResolvedValue(ok({ mode: 'matches', coverage: { threads: 1, stamped: 1 } }));
    await useHotspots.getState().load(`p${project}`);
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 200 });
    await useHotspots.getState().selectFile('src/ui/Button.tsx');
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({ projectId: `p${project}`, file: 'src/ui/Button.tsx', limit: 200 });
    useHotspots.setState({ query: { ...useHotspots.getState().query, line: '30' } });
    useHotspots.getState().setQuery({ status: 'open' });
    await vi.waitFor(() =>
      expect(bridge.api.findBySource).toHaveBeenLastCalledWith({ projectId: `p${project}`, file: 'src/ui/Button.tsx', limit: 200, line: 30, status: 'open' }),
    );
    // Choosing a file asks its panel to come into view; closing it asks nothing.
    expect(useHotspots.getState().reveal).toBe('pending');
    useHotspots.getState().setReveal('none');
    useHotspots.getState().setQuery({ component: 'Button', line: 'x' });
    // An unreadable line is not sent: nothing new was asked.
    expect(bridge.api.findBySource).toHaveBeenCalledTimes(3);
    // Filtering the list does not move the report.
    expect(useHotspots.getState().reveal).toBe('none');
    await useHotspots.getState().selectFile(null);
    expect(useHotspots.getState().reveal).toBe('none');
  });
});
