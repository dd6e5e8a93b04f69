import { describe, expect, it } from 'vitest';
import { elementKeyOf } from '../../../../src/renderer/features/evidence/element-key.js';
import {
  evidenceOf,
  groupByElement,
  pagesByCount,
  readProgress,
  type DetailState,
} from '../../../../src/renderer/features/evidence/evidence-model.js';
import { evidence, read, row } from './support.js';

const lookupOf = (states: Record<string, DetailState>) => (id: string) => states[id];

describe('the element a thread is pinned to', () => {
  it('is the stamp key on a stamped site (either name), else the selector, else the page as a whole', () => {
    expect(
      elementKeyOf({
        selector: 'form button',
        stampKey: 'src/Button.tsx:27',
        stampId: 's1',
        elementText: 'Pay now',
        selectedText: null,
        viewport: null,
      }),
    ).toEqual({
      kind: 'stamp',
      key: 'stamp:src/Button.tsx:27',
      label: 'Pay now',
    });
    expect(
      elementKeyOf({
        selector: 'form button',
        stampKey: null,
        stampId: null,
        elementText: null,
        selectedText: null,
        viewport: null,
      }),
    ).toEqual({ kind: 'selector', key: 'selector:form button', label: 'form button' });
    expect(elementKeyOf(null).kind).toBe('page');
    expect(
      elementKeyOf({
        selector: null,
        stampKey: null,
        stampId: null,
        elementText: 'x',
        selectedText: null,
        viewport: null,
      }).kind,
    ).toBe('page');
  });

  it('reads evidence: expired drops any address, a missing click gives no ring, no evidence part says so', () => {
    const base = {
      anchor: {
        selector: 'a',
        stampKey: null,
        stampId: null,
        elementText: null,
        selectedText: null,
        viewport: { width: 1440, height: 900, x: 12.5, y: 80 },
      },
    };
    expect(
      evidenceOf({
        ...base,
        evidence: { screenshotUrl: 'http://s/f.png', domContext: null, capturedAt: 5, expired: false },
      }),
    ).toMatchObject({
      screenshotUrl: 'http://s/f.png',
      click: { x: 12.5, y: 80 },
      capturedAt: 5,
      expired: false,
    });
    expect(
      evidenceOf({
        ...base,
        evidence: { screenshotUrl: 'http://s/old.png', domContext: null, capturedAt: null, expired: true },
      }),
    ).toMatchObject({ screenshotUrl: null, expired: true });
    expect(evidenceOf({ anchor: null, evidence: null })).toMatchObject({
      missing: true,
      click: null,
      screenshotUrl: null,
    });
  });
});

describe('hot elements of a page', () => {
  it('puts the element with the most threads first and counts its statuses and types from the rows', () => {
    const rows = [
      row('a', { status: 'open', type: 'bug' }),
      row('b', { status: 'resolved', type: 'bug' }),
      row('c', { status: 'deferred', type: null }),
      row('d', { status: 'open', type: 'idea' }),
    ];
    const lookup = lookupOf({
      a: read(evidence({ stamp: 'Pay.tsx:1' })),
      b: read(evidence({ stamp: 'Pay.tsx:1' })),
      c: read(evidence({ stamp: 'Pay.tsx:1', selector: 'other' })),
      d: read(evidence({ selector: 'nav a' })),
    });
    const { groups, unread, failed } = groupByElement(rows, lookup);
    expect(groups.map((g) => g.element.key)).toEqual(['stamp:Pay.tsx:1', 'selector:nav a']);
    expect(groups[0]!.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(groups[0]!.byStatus).toEqual({ open: 1, deferred: 1, resolved: 1, other: 0 });
    expect(groups[0]!.byType).toEqual([
      { type: 'bug', count: 2 },
      { type: null, count: 1 },
    ]);
    expect(unread).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('breaks ties by open threads, then the newest thread; the page as a whole comes last whatever its size', () => {
    const rows = [
      row('p1'),
      row('p2'),
      row('p3'),
      row('x', { status: 'resolved', createdAt: 9000 }),
      row('y', { status: 'open', createdAt: 1 }),
      row('z', { createdAt: 50 }),
      row('w', { createdAt: 60 }),
    ];
    const lookup = lookupOf({
      p1: read(evidence({})),
      p2: read(evidence({})),
      p3: read(evidence({})),
      x: read(evidence({ selector: 'resolved-only' })),
      y: read(evidence({ selector: 'open-one' })),
      z: read(evidence({ selector: 'older' })),
      w: read(evidence({ selector: 'newer' })),
    });
    const order = groupByElement(rows, lookup).groups.map((g) => g.element.key);
    expect(order).toEqual(['selector:newer', 'selector:older', 'selector:open-one', 'selector:resolved-only', 'page:']);
  });

  it('shows the latest screenshot that shows the element, and counts expired evidence', () => {
    const rows = [
      row('new', { createdAt: 300 }),
      row('old', { createdAt: 100 }),
      row('gone', { createdAt: 400 }),
      row('lean', { createdAt: 200 }),
    ];
    const lookup = lookupOf({
      new: read(evidence({ selector: 'b', screenshotUrl: 'u-new', capturedAt: 250, click: { x: 1, y: 2 } })),
      old: read(evidence({ selector: 'b', screenshotUrl: 'u-old', capturedAt: 240 })),
      gone: read(evidence({ selector: 'b', expired: true })),
      // The lean service sends no capture time: the thread's own time stands in.
      lean: read(evidence({ selector: 'b', screenshotUrl: 'u-lean', capturedAt: null })),
    });
    const [group] = groupByElement(rows, lookup).groups;
    expect(group!.latest).toEqual({ itemId: 'new', url: 'u-new', click: { x: 1, y: 2 }, at: 250 });
    expect(group!.expired).toBe(1);
  });

  it('never guesses an unread thread into a group, and keeps failed reads with their reason', () => {
    const rows = [row('a'), row('b'), row('c')];
    const lookup = lookupOf({ a: read(evidence({ selector: 's' })), c: { state: 'failed', message: 'Not found.' } });
    const { groups, unread, failed } = groupByElement(rows, lookup);
    expect(groups).toHaveLength(1);
    expect(unread.map((r) => r.id)).toEqual(['b']);
    expect(failed).toEqual([{ row: rows[2], message: 'Not found.' }]);
    expect(readProgress(rows, lookup)).toEqual({ done: 2, total: 3, failed: 1 });
  });

  it('lists pages busiest first, ties by name', () => {
    const rows = [
      row('1', { page: '/b' }),
      row('2', { page: '/a' }),
      row('3', { page: '/c' }),
      row('4', { page: '/c' }),
    ];
    expect(pagesByCount(rows)).toEqual([
      { page: '/c', count: 2 },
      { page: '/a', count: 1 },
      { page: '/b', count: 1 },
    ]);
  });
});
