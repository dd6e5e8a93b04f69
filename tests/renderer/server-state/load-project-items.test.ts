import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  compareNewestFirst,
  loadProjectItems,
  type LoadProgress,
} from '../../../src/renderer/server-state/load-project-items.js';
import {
  planSlices,
  sliceCounts,
  sliceHolds,
  splitTruncated,
  type SliceFilter,
} from '../../../src/renderer/server-state/slice-planner.js';
import { fakeItemsService, manyRows, row } from '../support/fake-items.js';
import { readAnswer } from '#shared/reader/index.js';

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('loadProjectItems', () => {
  it('needs one request when the project fits in 200 rows', async () => {
    const service = fakeItemsService(manyRows(150, { pages: ['/a', '/b'] }));
    const { data, error } = await loadProjectItems(service.listItems, 'p1');
    expect(error).toBeNull();
    expect(service.calls).toEqual([{ projectId: 'p1', limit: 200 }]);
    expect(data?.rows).toHaveLength(150);
    expect(data?.unlisted).toEqual([]);
    expect(data?.capped).toBe(false);
  });

  it('splits a truncated listing by page and unions every thread, newest first', async () => {
    const all = manyRows(700, { pages: ['/a', '/b', '/c', '/d'], statuses: ['open', 'resolved'] });
    const service = fakeItemsService(all);
    const { data, error } = await loadProjectItems(service.listItems, 'p1');
    expect(error).toBeNull();
    expect(data?.rows).toHaveLength(700);
    expect(new Set(ids(data!.rows)).size).toBe(700);
    expect(ids(data!.rows)).toEqual(ids([...all].sort(compareNewestFirst)));
    expect(
      service.calls
        .slice(1)
        .map((q) => q.page)
        .sort(),
    ).toEqual(['/a', '/b', '/c', '/d']);
    expect(data?.unlisted).toEqual([]);
  });

  it('skips pages whose threads all arrived in the first response', async () => {
    // 300 old threads on /b1 and /b2, then 20 recent ones on /quiet: the first 200 rows hold all of /quiet.
    const busy = Array.from({ length: 300 }, (_, i) => row(`b${i}`, { page: i % 2 ? '/b1' : '/b2', createdAt: i }));
    const quiet = Array.from({ length: 20 }, (_, i) => row(`q${i}`, { page: '/quiet', createdAt: 10_000 + i }));
    const service = fakeItemsService([...busy, ...quiet]);
    const { data } = await loadProjectItems(service.listItems, 'p1');
    expect(
      service.calls
        .slice(1)
        .map((q) => q.page)
        .sort(),
    ).toEqual(['/b1', '/b2']);
    expect(data?.rows).toHaveLength(320);
  });

  it('splits values over 200 along a second dimension at once, never asking what would come back cut', async () => {
    // One page, 900 threads: 3 statuses x 3 types = 100 per (status, type).
    const all = manyRows(900, {
      pages: ['/only'],
      statuses: ['open', 'deferred', 'resolved'],
      types: ['bug', 'idea', 'copy'],
    });
    const service = fakeItemsService(all);
    const { data } = await loadProjectItems(service.listItems, 'p1');
    expect(data?.rows).toHaveLength(900);
    expect(data?.unlisted).toEqual([]);
    // The first request, then the 9 (type, status) slices: none of them cut.
    expect(service.calls).toHaveLength(10);
    expect(service.calls.slice(1).every((q) => q.type && q.status)).toBe(true);
  });

  it('reports a slice that is still truncated with every filter applied', async () => {
    const all = manyRows(450, { pages: ['/only'], statuses: ['open'], types: ['bug'] });
    const service = fakeItemsService(all);
    const { data } = await loadProjectItems(service.listItems, 'p1');
    // One page, status and type hold all 450: no filter narrows the listing, so it is reported whole.
    expect(data?.unlisted).toEqual([{ filter: {}, matched: 450, returned: 200 }]);
    expect(data?.rows).toHaveLength(200);
  });

  it('keeps the capped flag and scan limit of the service', async () => {
    const all = manyRows(2300, { pages: Array.from({ length: 20 }, (_, i) => `/p${i}`) });
    const service = fakeItemsService(all);
    const { data } = await loadProjectItems(service.listItems, 'p1');
    expect(data?.capped).toBe(true);
    expect(data?.scanLimit).toBe(2000);
    expect(data?.rows).toHaveLength(2000);
    expect(data?.summary.total).toBe(2000);
  });

  it('returns the error and no data when the first request fails', async () => {
    const service = fakeItemsService(manyRows(10), {
      failOn: () => ({ kind: 'auth', message: 'The token was refused.' }),
    });
    const outcome = await loadProjectItems(service.listItems, 'p1');
    expect(outcome).toEqual({ data: null, error: { kind: 'auth', message: 'The token was refused.' } });
  });

  it('keeps what it gathered when a later slice fails', async () => {
    const all = manyRows(600, { pages: ['/a', '/b', '/c'] });
    const service = fakeItemsService(all, {
      failOn: (q) => (q.page === '/c' ? { kind: 'rate_limited', message: 'Too many requests.' } : null),
    });
    const { data, error } = await loadProjectItems(service.listItems, 'p1', { concurrency: 1 });
    expect(error?.kind).toBe('rate_limited');
    expect(data).not.toBeNull();
    // The first response's 200 rows survive; the slices after the failure are never asked for.
    expect(data!.rows.length).toBeGreaterThanOrEqual(200);
    expect(data!.rows.length).toBeLessThan(600);
    expect(service.calls.filter((q) => q.page === '/c')).toHaveLength(1);
  });

  it('reports progress that ends with every planned request done', async () => {
    const service = fakeItemsService(manyRows(500, { pages: ['/a', '/b', '/c'] }));
    const seen: LoadProgress[] = [];
    await loadProjectItems(service.listItems, 'p1', { onProgress: (p) => seen.push(p) });
    const last = seen[seen.length - 1]!;
    expect(last.done).toBe(last.planned);
    expect(last.done).toBe(service.calls.length);
    expect(last.rows).toBe(500);
  });

  it('stops issuing requests once aborted', async () => {
    const controller = new AbortController();
    const service = fakeItemsService(manyRows(1000, { pages: Array.from({ length: 10 }, (_, i) => `/p${i}`) }));
    const listItems: typeof service.listItems = async (q) => {
      const res = await service.listItems(q);
      if (service.calls.length === 2) controller.abort();
      return res;
    };
    await loadProjectItems(listItems, 'p1', { signal: controller.signal, concurrency: 1 });
    expect(service.calls.length).toBe(2);
  });

  it('prefers the later copy of a thread seen twice', async () => {
    let call = 0;
    const first = [
      row('x', { status: 'open', createdAt: 5, page: '/a' }),
      ...Array.from({ length: 199 }, (_, i) => row(`f${i}`, { page: '/a', createdAt: 10 + i })),
    ];
    const listItems = async () => {
      call++;
      const items = call === 1 ? first : [row('x', { status: 'resolved', createdAt: 5, page: '/a' })];
      const read = readAnswer('listItems', {
        project: { id: 'p1', name: 'Web', slug: 'web' },
        summary: {
          total: 201,
          open: 201,
          deferred: 0,
          resolved: 0,
          unassigned: 0,
          byType: { bug: 201 },
          byPage: { '/a': 200, '/b': 1 },
        },
        matched: 201,
        returned: items.length,
        truncated: call === 1,
        capped: false,
        scanLimit: 2000,
        items,
      });
      if (!read.ok) throw new Error(read.reason);
      return read;
    };
    const { data } = await loadProjectItems(listItems, 'p1');
    expect(data?.rows.find((r) => r.id === 'x')?.status).toBe('resolved');
  });

  it('shows the first answer’s rows, and waits for afterFirstRows, before it asks for the other slices', async () => {
    const service = fakeItemsService(manyRows(700, { pages: ['/a', '/b', '/c', '/d'] }));
    const seen: string[] = [];
    let resume!: () => void;
    const loading = loadProjectItems(service.listItems, 'p1', {
      onRows: ({ rows }) => seen.push(`rows ${rows.length} after ${service.calls.length} request(s)`),
      afterFirstRows: () => new Promise<void>((done) => (resume = done)),
    });
    await vi.waitFor(() => expect(seen).toEqual(['rows 200 after 1 request(s)']));
    // The view paints those 200 rows; nothing else is asked for meanwhile.
    await new Promise((done) => setTimeout(done, 10));
    expect(service.calls).toHaveLength(1);
    resume();
    const { data } = await loading;
    expect(data?.rows).toHaveLength(700);
    expect(service.calls.length).toBeGreaterThan(1);
  });
});

describe('sliceCounts', () => {
  const facet = (values: readonly (string | null)[]) => fc.constantFrom(...values);
  const TYPES = [null, 'bug', 'idea', 'question'] as const;
  const STATUSES = ['open', 'resolved', 'someday'] as const;
  const PAGES = ['/a', '/b', '/a/b', ''] as const;
  const place = fc.record({
    type: facet(TYPES),
    status: facet(STATUSES) as fc.Arbitrary<string>,
    page: facet(PAGES) as fc.Arbitrary<string>,
    n: fc.integer({ min: 0, max: 5 }),
  });
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const filter = fc.record({
    type: maybe(fc.constantFrom('bug', 'idea', 'feature')),
    status: maybe(fc.constantFrom('open', 'resolved', 'deferred')),
    page: maybe(fc.constantFrom('/a', '/b', '/a/b', '', '/c')),
  }) as fc.Arbitrary<SliceFilter>;

  it('counts what walking every place with sliceHolds counts, for any places and filter', () => {
    fc.assert(
      fc.property(
        fc.array(place, { maxLength: 30 }),
        fc.array(filter, { minLength: 1, maxLength: 20 }),
        (places, filters) => {
          const count = sliceCounts(places);
          for (const f of filters) {
            const walked = places.reduce((sum, p) => sum + (sliceHolds(f, p) ? p.n : 0), 0);
            expect(count(f)).toBe(walked);
          }
        },
      ),
    );
  });
});

describe('slice planner', () => {
  const summary = {
    total: 10,
    open: 4,
    deferred: 0,
    resolved: 6,
    unassigned: 0,
    byType: { bug: 7, idea: 3, empty: 0 },
    byPage: { '/a': 6, '/b': 4, '/none': 0 },
  };

  const none = { exact: true, seen: () => 0 };

  it('splits a cut slice along a free dimension that narrows it, skipping empty values', () => {
    // Two types, two statuses with threads (deferred has none), two pages: type comes first on ties.
    expect(splitTruncated({}, summary, 10, none)).toEqual([{ type: 'bug' }, { type: 'idea' }]);
    expect(splitTruncated({ type: 'bug' }, summary, 7, none)).toEqual([
      { type: 'bug', status: 'open' },
      { type: 'bug', status: 'resolved' },
    ]);
    expect(splitTruncated({ type: 'bug', status: 'open' }, summary, 4, none)).toEqual([
      { type: 'bug', status: 'open', page: '/a' },
      { type: 'bug', status: 'open', page: '/b' },
    ]);
    expect(splitTruncated({ page: '/a', status: 'open', type: 'bug' }, summary, 4, none)).toEqual([]);
  });

  it('leaves out sub-slices whose threads are all in hand, and dimensions that do not narrow', () => {
    const onePage = { ...summary, byPage: { '/a': 10 } };
    expect(splitTruncated({ type: 'bug' }, onePage, 7, none)).toEqual([
      { type: 'bug', status: 'open' },
      { type: 'bug', status: 'resolved' },
    ]);
    expect(splitTruncated({ type: 'bug', status: 'open' }, onePage, 4, none)).toEqual([]);
    const seenIdea = { exact: true, seen: (f: { type?: string }) => (f.type === 'idea' ? 3 : 0) };
    expect(splitTruncated({}, summary, 10, seenIdea)).toEqual([{ type: 'bug' }]);
  });

  it('plans the demo project at its floor: the first request, then 2 small types whole and 6 big ones by status', () => {
    // The Marketing site's summary as the demo service answers it (2,000 threads read).
    const s = {
      total: 2000,
      open: 829,
      deferred: 252,
      resolved: 919,
      unassigned: 1009,
      byType: {
        performance: 63,
        design: 281,
        idea: 250,
        bug: 394,
        accessibility: 77,
        question: 209,
        copy: 355,
        feedback: 371,
      },
      byPage: {
        '/': 371,
        '/login': 82,
        '/docs/getting-started': 53,
        '/features': 155,
        '/customers/northwind': 45,
        '/blog': 106,
        '/integrations': 114,
        '/contact': 51,
        '/signup': 152,
        '/features/automation': 68,
        '/blog/design-system-2': 41,
        '/careers': 57,
        '/about': 36,
        '/pricing': 294,
        '/security': 41,
        '/blog/launch-week-recap': 56,
        '/blog/how-we-price': 56,
        '/legal/privacy': 16,
        '/features/analytics': 70,
        '/customers': 70,
        '/webinars': 27,
        '/changelog': 39,
      },
    };
    const plan = planSlices(s, { exact: true, seen: () => 0 });
    expect(plan).toHaveLength(2 + 6 * 3);
    expect(plan.filter((f) => f.type === 'performance')).toEqual([{ type: 'performance' }]);
    expect(plan.filter((f) => f.type === 'bug').map((f) => f.status)).toEqual(['open', 'deferred', 'resolved']);
  });

  it('reaches every thread for any distribution, asking no slice twice and never more than the type-then-status-then-page floor', () => {
    const statuses = ['open', 'deferred', 'resolved'] as const;
    fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom('bug', 'idea', 'copy', 'design', null),
            status: fc.constantFrom(...statuses),
            page: fc.constantFrom('/a', '/b', '/c', '/d'),
          }),
          { minLength: 0, maxLength: 1500 },
        ),
        async (specs) => {
          const all = specs.map((sp, i) => row(`t${String(i).padStart(5, '0')}`, { ...sp, createdAt: 1_000_000 + i }));
          const service = fakeItemsService(all);
          const { data } = await loadProjectItems(service.listItems, 'p1', { concurrency: 3 });
          const cut = data?.unlisted.reduce((n, u) => n + (u.matched - u.returned), 0) ?? 0;
          expect((data?.rows.length ?? 0) + cut).toBe(all.length);
          const asked = service.calls.map((c) => JSON.stringify([c.type, c.status, c.page]));
          expect(new Set(asked).size).toBe(asked.length);
          // The floor of a plan that knows only the summary: per type, one request when it fits,
          // else one per status it may hold; then, per status slice still over 200, one per page.
          const count = (f: (r: (typeof all)[number]) => boolean) => all.filter(f).length;
          let floor = 1;
          for (const t of ['bug', 'idea', 'copy', 'design']) {
            const n = count((r) => r.type === t);
            if (n === 0 || n <= 200) {
              floor += n === 0 ? 0 : 1;
              continue;
            }
            for (const st of statuses) {
              const m = count((r) => r.type === t && r.status === st);
              floor += m > 200 ? 1 + 4 : 1;
            }
          }
          if (count((r) => r.type === null) > 0) floor += 4 * 4;
          if (all.length > 200) expect(service.calls.length).toBeLessThanOrEqual(floor + 4 * 3);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });
});

describe('loadProjectItems with a text search', () => {
  it('sends q with every request and gathers every match past 200', async () => {
    const all = manyRows(900, { pages: ['/a', '/b', '/c'] });
    // Every other thread mentions it in a reply: 450 matches, 150 on each page.
    const replies = Object.fromEntries(
      all.filter((_, i) => i % 2 === 0).map((r) => [r.id, 'the pay button is broken']),
    );
    const service = fakeItemsService(all, { replies });
    const { data, error } = await loadProjectItems(service.listItems, 'p1', { base: { q: 'pay button' } });
    expect(error).toBeNull();
    expect(service.calls.every((c) => c.q === 'pay button')).toBe(true);
    expect(data?.rows).toHaveLength(450);
    expect(data?.rows.every((r) => replies[r.id])).toBe(true);
    expect(data?.unlisted).toEqual([]);
  });

  it('stops asking once every match is in hand', async () => {
    // 250 matches, the newest threads: 120 on /a, 130 on /b. The first answer holds all of /a;
    // asking /b completes the set, so /c (which holds none) is never asked.
    const onA = Array.from({ length: 120 }, (_, i) =>
      row(`a${i}`, { page: '/a', excerpt: 'needle', createdAt: 9000 + i }),
    );
    const onB = Array.from({ length: 130 }, (_, i) =>
      row(`b${i}`, { page: '/b', excerpt: 'needle', createdAt: 5000 + i }),
    );
    const others = Array.from({ length: 400 }, (_, i) => row(`o${i}`, { page: i % 2 ? '/b' : '/c', createdAt: i }));
    const service = fakeItemsService([...onA, ...onB, ...others]);
    const { data } = await loadProjectItems(service.listItems, 'p1', { base: { q: 'needle' }, concurrency: 1 });
    expect(data?.rows).toHaveLength(250);
    expect(service.calls.map((c) => c.page ?? null)).toEqual([null, '/b']);
  });
});
