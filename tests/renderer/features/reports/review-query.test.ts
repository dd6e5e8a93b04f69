// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQuery } from '#shared/api/requests.js';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { reviewOverview, reviewSectionPage } from './fixtures.js';
import { renderHook } from './render-hook.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useReviewOverview, useReviewSection, reviewSectionsNow } =
  await import('../../../../src/renderer/features/reports/stores/review-query.js');
const { queryClient } = await import('../../../../src/renderer/server-state/query-client.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');

/** A review service with fixed section totals, paging as the reference service does. */
function reviewService(totals: { resolved: number; deferred: number; open: number; discussions: number }) {
  return vi.fn(async (q: ReviewQuery) => {
    if (!q.section) return ok(reviewOverview(totals));
    const size = q.section === 'discussions' ? 5 : 100;
    return ok(reviewSectionPage(q.section, totals[q.section], Number(q.offset ?? 0), size));
  });
}

/** The review of a project on screen: its overview, and one section under it once the overview arrived. */
async function openReview<S extends 'resolved' | 'deferred' | 'open' | 'discussions'>(projectId: string, section: S) {
  const overview = renderHook(() => useReviewOverview(projectId));
  await vi.waitFor(() => expect(overview.result.current.overview).not.toBeNull());
  const read = overview.result.current.overview!;
  const view = renderHook(() => useReviewSection(projectId, section, read));
  return { overview, view, s: () => view.result.current };
}

let project = 0;
const mounted: Array<{ unmount(): void }> = [];
beforeEach(() => {
  bridge = fakeBridge();
  project++;
  useSession.setState({ active: { connection: { id: 'c1' } } } as never);
});
afterEach(() => {
  mounted.splice(0).forEach((m) => m.unmount());
  queryClient.clear();
});

describe('review query', () => {
  it('pages a section from nextOffset until null; totals come from the service', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 151, deferred: 3, open: 0, discussions: 12 }));
    const { overview, view, s } = await openReview(`p${project}`, 'resolved');
    mounted.push(overview, view);
    expect(s().list.rows).toHaveLength(25);
    expect(s().list.total).toBe(151);

    await s().loadMore();
    await vi.waitFor(() => expect(s().list.rows).toHaveLength(125));
    expect(bridge.api.review).toHaveBeenLastCalledWith({ projectId: `p${project}`, section: 'resolved', offset: 25 });
    await s().loadMore();
    await vi.waitFor(() => expect(s().list.rows).toHaveLength(151));
    expect(s().list.nextOffset).toBeNull();
    // The other sections' "0" pages in those answers did not touch them.
    const sections = reviewSectionsNow('c1', `p${project}`, overview.result.current.overview!);
    expect(sections.discussions.rows).toHaveLength(12);
    expect(sections.discussions.nextOffset).toBeNull();
    expect(sections.deferred.total).toBe(3);
    expect(sections.resolved.rows).toHaveLength(151);
    // Nothing more to read: no call.
    const calls = bridge.api.review!.mock.calls.length;
    await s().loadMore();
    expect(bridge.api.review!.mock.calls.length).toBe(calls);
  });

  it('shows 25 more rows a step, reading the next page only when the rows in hand run out', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 151, deferred: 0, open: 0, discussions: 0 }));
    const { overview, view, s } = await openReview(`p${project}`, 'resolved');
    mounted.push(overview, view);
    expect(s().shown).toBe(25);
    await s().showMore();
    // The overview's 25 were all shown: the next page (100) is read, and 25 more shown.
    await vi.waitFor(() => expect(s().shown).toBe(50));
    expect(s().list.rows).toHaveLength(125);
    const calls = bridge.api.review!.mock.calls.length;
    await s().showMore();
    await vi.waitFor(() => expect(s().shown).toBe(75));
    expect(bridge.api.review!.mock.calls.length).toBe(calls);
    await s().showAll();
    await vi.waitFor(() => expect(s().shown).toBe(151));
    expect(s().list.rows).toHaveLength(151);
    // The export holds what the screen shows.
    expect(reviewSectionsNow('c1', `p${project}`, overview.result.current.overview!).resolved.shown).toBe(151);
  });

  it('reads every remaining page at once', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 0, deferred: 0, open: 0, discussions: 48 }));
    const { overview, view, s } = await openReview(`p${project}`, 'discussions');
    mounted.push(overview, view);
    const service = bridge.api.review!.getMockImplementation()!;
    let release!: () => void;
    bridge.api.review!.mockImplementationOnce(
      (q: ReviewQuery) => new Promise((resolve) => (release = () => resolve(service(q as never)))),
    );
    const all = s().showAll();
    // While it reads, the section says it is reading every remaining page.
    await vi.waitFor(() => expect(s().loading).toBe('all'));
    release();
    await all;
    await vi.waitFor(() => expect(s().loading).toBeNull());
    expect(s().list.rows.map((r) => r.id)).toEqual(Array.from({ length: 48 }, (_, i) => `discussions-${i}`));
    // 25 from the overview, then 5 per page: 5 more pages.
    expect(bridge.api.review!.mock.calls.length).toBe(1 + 5);
  });

  it('keeps loaded rows and says why when a page fails', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 200, deferred: 0, open: 0, discussions: 0 }));
    const { overview, view, s } = await openReview(`p${project}`, 'resolved');
    mounted.push(overview, view);
    bridge.api.review!.mockResolvedValueOnce(fail({ kind: 'network', message: 'The service did not answer.' }));
    await s().showMore();
    await vi.waitFor(() => expect(s().problem?.title).toBe('Could not load more resolved threads'));
    expect(s().list.rows).toHaveLength(25);
    expect(s().list.nextOffset).toBe(25);
    expect(s().shown).toBe(25);
    expect(s().loading).toBeNull();
    // Asked again, it goes on from where it stopped.
    await s().loadMore();
    await vi.waitFor(() => expect(s().list.rows).toHaveLength(125));
    expect(s().problem).toBeNull();
  });

  it('drops a page that arrives after the project changed, and starts another project at one step', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 200, deferred: 0, open: 0, discussions: 0 }));
    const first = await openReview(`p${project}`, 'resolved');
    mounted.push(first.overview, first.view);
    let release!: () => void;
    bridge.api.review!.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve(ok(reviewSectionPage('resolved', 200, 25, 100))))),
    );
    const pending = first.s().showMore();
    const other = await openReview(`other-${project}`, 'resolved');
    mounted.push(other.overview, other.view);
    release();
    await pending;
    expect(other.s().list.rows).toHaveLength(25);
    expect(other.s().shown).toBe(25);
  });

  it('reads the overview once; Refresh reads it again and every section starts again at one step', async () => {
    bridge.api.review!.mockImplementation(reviewService({ resolved: 151, deferred: 0, open: 0, discussions: 0 }));
    const { overview, view, s } = await openReview(`p${project}`, 'resolved');
    mounted.push(overview, view);
    await s().showMore();
    await vi.waitFor(() => expect(s().shown).toBe(50));
    // Coming back to the tab asks nothing.
    const again = renderHook(() => useReviewOverview(`p${project}`));
    mounted.push(again);
    expect(again.result.current.overview?.data).toBe(overview.result.current.overview?.data);
    expect(bridge.api.review).toHaveBeenCalledTimes(2);
    const before = overview.result.current.loadedAt!;
    await new Promise((r) => setTimeout(r, 2));
    overview.result.current.refresh();
    await vi.waitFor(() => expect(overview.result.current.loadedAt).toBeGreaterThan(before));
    const fresh = renderHook(() => useReviewSection(`p${project}`, 'resolved', overview.result.current.overview!));
    mounted.push(fresh);
    expect(fresh.result.current.shown).toBe(25);
    expect(fresh.result.current.list.rows).toHaveLength(25);
  });

  it('says why the overview could not be read', async () => {
    bridge.api.review!.mockResolvedValue(fail({ kind: 'server', message: 'The service failed.' }));
    const overview = renderHook(() => useReviewOverview(`p${project}`));
    mounted.push(overview);
    await vi.waitFor(() => expect(overview.result.current.problem?.title).toBe('Could not load the project review'));
    expect(overview.result.current.overview).toBeNull();
    expect(overview.result.current.loading).toBe(false);
  });
});
