import { describe, expect, it } from 'vitest';
import type { DetailState } from '../../../../src/renderer/features/evidence/evidence-model.js';
import { galleryLayout, moveFrom, nearestFirst } from '../../../../src/renderer/features/evidence/gallery-layout.js';
import { evidence, read, row } from './support.js';

const rowOn = (id: string, page: string) => row(id, { page, excerpt: id, createdAt: 0 });
const on = (selector: string): DetailState => read(evidence({ selector }));

const rows = [rowOn('a1', '/a'), rowOn('b1', '/b'), rowOn('b2', '/b'), rowOn('b3', '/b'), rowOn('b4', '/b')];
const states: Record<string, DetailState> = { b1: on('x'), b2: on('y'), b3: on('x') };
const layout = galleryLayout(rows, (id) => states[id], 2);

describe('the evidence gallery layout', () => {
  it('places pages busiest first, then elements read so far by size, then what is not read yet', () => {
    expect(
      layout.rows.map((r) =>
        r.kind === 'tiles'
          ? r.ids.join('+')
          : `${r.kind}:${r.kind === 'page' ? r.page : r.kind === 'element' ? r.element.key : ''}:${r.count}`,
      ),
    ).toEqual([
      'page:/b:4',
      'element:selector:x:2',
      'b1+b3',
      'element:selector:y:1',
      'b2',
      'pending::1',
      'b4',
      'page:/a:1',
      'pending::1',
      'a1',
    ]);
    expect(layout.order).toEqual(['b1', 'b3', 'b2', 'b4', 'a1']);
  });

  it('moves left and right in reading order, up and down to the row above or below, Home and End to the ends', () => {
    expect(moveFrom(layout, 'b3', 'right')).toBe('b2');
    expect(moveFrom(layout, 'b2', 'left')).toBe('b3');
    // Down from the second column of a full row to a shorter row: its last tile.
    expect(moveFrom(layout, 'b3', 'down')).toBe('b2');
    expect(moveFrom(layout, 'b2', 'up')).toBe('b1');
    expect(moveFrom(layout, 'b1', 'up')).toBe('b1');
    expect(moveFrom(layout, 'a1', 'down')).toBe('a1');
    expect(moveFrom(layout, 'b2', 'first')).toBe('b1');
    expect(moveFrom(layout, 'b2', 'last')).toBe('a1');
    expect(moveFrom(layout, null, 'down')).toBe('b1');
    expect(
      moveFrom(
        galleryLayout([], () => undefined, 3),
        null,
        'down',
      ),
    ).toBeNull();
  });

  it('asks for the tiles drawn, nearest the middle of the view first', () => {
    // Rows 2 (b1+b3), 4 (b2), 6 (b4) drawn; the middle of the view is on row 4.
    expect(nearestFirst(layout, [1, 2, 3, 4, 5, 6], 4)).toEqual(['b2', 'b1', 'b3', 'b4']);
  });
});
