import { isItemColumnId, KEY_COLUMNS } from './column-ids.js';

/** The excerpt never narrows below this to make room beside the key columns. */
const KEY_EXCERPT_MIN = 120;
/** Share of the list's width the key columns may take while the others scroll beside them. */
const KEY_SHARE = 0.6;

export interface LaidColumn {
  id: string;
  getSize(): number;
  columnDef: { meta?: { grow?: boolean } };
}

/**
 * The grid's column track, its width and, when the columns are wider than the list (it scrolls
 * sideways), where each key column stays: after the key columns before it. Then the growing
 * column is at a fixed width, narrower on a narrow list so the key columns leave room for the
 * others to scroll into view.
 */
export function columnLayout(
  columns: readonly LaidColumn[],
  listWidth: number | null,
): { style: Record<string, string>; scrolls: boolean } {
  const natural = columns.reduce((n, c) => n + c.getSize(), 0);
  const scrolls = listWidth !== null && natural > listWidth + 1;
  const isKey = (c: LaidColumn) => isItemColumnId(c.id) && KEY_COLUMNS.has(c.id);
  const fixedKeys = columns.filter((c) => isKey(c) && !c.columnDef.meta?.grow).reduce((n, c) => n + c.getSize(), 0);
  const widthOf = (c: LaidColumn) =>
    scrolls && c.columnDef.meta?.grow && isKey(c)
      ? Math.max(KEY_EXCERPT_MIN, Math.min(c.getSize(), Math.floor(KEY_SHARE * listWidth!) - fixedKeys))
      : c.getSize();
  const style: Record<string, string> = {
    '--items-table-columns': columns
      .map((c) => (c.columnDef.meta?.grow && !scrolls ? `minmax(${c.getSize()}px, 1fr)` : `${widthOf(c)}px`))
      .join(' '),
    '--items-table-width': `${columns.reduce((n, c) => n + widthOf(c), 0)}px`,
  };
  let left = 0;
  for (const c of columns) {
    if (!isKey(c)) continue;
    style[`--key-left-${c.id}`] = `${left}px`;
    left += widthOf(c);
  }
  return { style, scrolls };
}
