import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQuery } from '#shared/api/requests.js';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { reviewOverview, reviewSectionPage } from './fixtures.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useReview } = await import('../../../../src/renderer/features/reports/stores/review-store.js');

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
