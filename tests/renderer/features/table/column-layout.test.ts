import { describe, expect, it } from 'vitest';
import { columnLayout, type LaidColumn } from '../../../../src/renderer/features/table/column-layout.js';

const col = (id: string, size: number, grow = false): LaidColumn => ({
  id,
  getSize: () => size,
  columnDef: { meta: grow ? { grow } : {} },
});
/** The table's default columns and sizes (columns.tsx): 1,308 px in all. */
const DEFAULT = [
  col('select', 36),
  col('type', 112),
  col('status', 100),
  col('excerpt', 280, true),
  col('page', 170),
  col('assignee', 130),
  col('agentTask', 104),
  col('replies', 76),
  col('reports', 76),
  col('author', 120),
  col('created', 104),
];

describe('column layout: the key columns stay in view when the columns are wider than the list', () => {
  it('a list wide enough for every column: the excerpt takes the spare width and nothing is pinned', () => {
    const { style, scrolls } = columnLayout(DEFAULT, 1366);
    expect(scrolls).toBe(false);
    expect(style['--items-table-columns']).toBe(
      '36px 112px 100px minmax(280px, 1fr) 170px 130px 104px 76px 76px 120px 104px',
    );
    expect(style['--items-table-width']).toBe('1308px');
  });

  it('before the list is measured it lays out as a wide one', () => {
    expect(columnLayout(DEFAULT, null).scrolls).toBe(false);
  });

  it('a 1024 px window: the list scrolls sideways, the checkbox, status and excerpt stay, each after the key columns before it', () => {
    const { style, scrolls } = columnLayout(DEFAULT, 990);
    expect(scrolls).toBe(true);
    expect(style).toMatchObject({
      '--key-left-select': '0px',
      '--key-left-status': '36px',
      '--key-left-excerpt': '136px',
      '--items-table-width': '1308px',
    });
    expect(style['--items-table-columns']).toContain(' 280px ');
  });

  it('a narrow list (the thread panel open): the excerpt narrows so the key columns leave room for the others, never below 120 px', () => {
    const { style } = columnLayout(DEFAULT, 440);
    // 60 % of 440 is 264, less the checkbox and status (136): 128.
    expect(style['--items-table-columns']!.split(' ')[3]).toBe('128px');
    expect(style['--items-table-width']).toBe(`${1308 - 280 + 128}px`);
    expect(columnLayout(DEFAULT, 300).style['--items-table-columns']!.split(' ')[3]).toBe('120px');
  });

  it('key columns moved by the person stay in their order', () => {
    const moved = [
      col('select', 36),
      col('excerpt', 280, true),
      col('page', 170),
      col('status', 100),
      col('created', 104),
    ];
    expect(columnLayout(moved, 500).style).toMatchObject({
      '--key-left-select': '0px',
      '--key-left-excerpt': '36px',
      '--key-left-status': `${36 + 164}px`,
    });
  });
});
