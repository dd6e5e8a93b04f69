import type { CellContent, TextColumnId } from './cell-content.js';

/**
 * Whether a body cell's text fits its column, so the cell can go without a clip. A clipped cell
 * is a clip of its own for the browser to paint and composite, and a filter key rewrites ~290
 * cells: clipping every one cost ~1.8 ms of a table key's ~13 in the page (docs/performance.md). The width is measured, not assumed, so a long name, an unknown status or a huge
 * count still ends in an ellipsis inside its cell; where the text may not fit, the cell clips.
 */

/** The width of `text` drawn in a CSS `font`, in CSS pixels. */
export type MeasureText = (font: string, text: string) => number;

/** The two font stacks the app draws text in (base.css `--font` and `--mono`). */
interface FontStacks {
  sans: string;
  mono: string;
}

/** The cell's padding, `0 8px` in table.css. */
const CELL_PADDING_PX = 16;
/** Room left for the page's own rounding of text widths, which a measure may not share. */
const SLACK_PX = 2;

/** Whether a column's text fits a column of `columnWidth` CSS pixels. */
type CellFit = (column: TextColumnId, content: CellContent, columnWidth: number) => boolean;

interface TextBox {
  font: string;
  /** The font when the value is in the alert tone (reports waiting), where it differs. */
  alertFont?: string;
  /** The width the tag takes around the text. */
  around: number;
  digits?: true;
}

/** Counts use tabular digits, each as wide as a zero; a canvas draws proportional ones. */
const asTabular = (text: string) => text.replace(/[0-9]/g, '0');

/**
 * The fit of each column's text, mirroring table.css and base.css: its font, and the width its
 * tag takes around the text (the status dot and its gap, a pill's padding). The excerpt has none:
 * it takes the spare width and is usually longer, so it always clips. The e2e suite checks every
 * unclipped cell on screen against the page's own layout. Font strings are made once here, so a
 * key's ~290 checks look their widths up by strings whose hashes are already known.
 */
export function createCellFit(fonts: FontStacks, measure: MeasureText): CellFit {
  const plain = `12px ${fonts.sans}`;
  const boxes: Record<Exclude<TextColumnId, 'excerpt'>, TextBox> = {
    type: { font: `600 12px ${fonts.sans}`, around: 10 },
    status: { font: plain, around: 13 },
    page: { font: `11px ${fonts.mono}`, around: 0 },
    assignee: { font: plain, around: 0 },
    agentTask: { font: `500 11px ${fonts.sans}`, around: 12 },
    replies: { font: plain, around: 0, digits: true },
    reports: { font: plain, alertFont: `600 12px ${fonts.sans}`, around: 0, digits: true },
    author: { font: plain, around: 0 },
    created: { font: plain, around: 0 },
  };
  return (column, content, columnWidth) => {
    if (column === 'excerpt' || content.summary) return false;
    if (content.text === '') return true;
    const box = boxes[column];
    const font = content.tone === 'alert' && box.alertFont ? box.alertFont : box.font;
    const text = box.digits ? asTabular(content.text) : content.text;
    return measure(font, text) + box.around + SLACK_PX <= columnWidth - CELL_PADDING_PX;
  };
}

/** Widths kept per font: a column's values repeat (statuses, names, times), an excerpt is never measured. */
const MAX_CACHED_PER_FONT = 2000;

/** What a canvas shows as its font after being given one it cannot read: the one it had. */
const PROBE_FONT = '1px serif';

/**
 * A measure by a canvas's text metrics (the page's own fonts and shaping), remembered per font
 * and text. A font the canvas cannot read (it keeps the one it had) measures every text as too
 * wide, so its cells clip rather than being measured in another font.
 */
export function canvasMeasure(context: Pick<CanvasRenderingContext2D, 'font' | 'measureText'>): MeasureText {
  const widths = new Map<string, Map<string, number>>();
  const unreadable = new Set<string>();
  // The context keeps its font in a normalized spelling, so the one last set is remembered here.
  let current = '';
  return (font, text) => {
    let byText = widths.get(font);
    if (!byText) {
      widths.set(font, (byText = new Map()));
      context.font = PROBE_FONT;
      context.font = current = font;
      if (context.font === PROBE_FONT) unreadable.add(font);
    }
    if (unreadable.has(font)) return Number.POSITIVE_INFINITY;
    let width = byText.get(text);
    if (width === undefined) {
      if (current !== font) context.font = current = font;
      width = context.measureText(text).width;
      if (byText.size >= MAX_CACHED_PER_FONT) byText.clear();
      byText.set(text, width);
    }
    return width;
  };
}

let onPage: CellFit | null = null;

/**
 * The cell fit with the page's font stacks and a canvas, made at the first cell. Where either
 * cannot be had (a test DOM without canvas), every cell clips, as they all did before.
 */
export function fitsOnPage(column: TextColumnId, content: CellContent, columnWidth: number): boolean {
  if (!onPage) {
    const root = getComputedStyle(document.documentElement);
    const fonts = { sans: root.getPropertyValue('--font').trim(), mono: root.getPropertyValue('--mono').trim() };
    const context = fonts.sans && fonts.mono ? document.createElement('canvas').getContext('2d') : null;
    onPage = context ? createCellFit(fonts, canvasMeasure(context)) : () => false;
  }
  return onPage(column, content, columnWidth);
}
