import { type CellContent, sameContent } from './cell-content.js';

/**
 * Puts a cell's content on the page with as few DOM writes as it can. Rows are keyed by
 * place, so on a filter key each cell shows another thread in the same shape (a tag stays a
 * tag, a time a time): only text, a class or an attribute changes, and a cell whose content
 * is unchanged is not touched at all. React renders the cell element and never its children.
 */

/** What each cell element shows now, so an unchanged cell costs one comparison. */
const shown = new WeakMap<HTMLElement, CellContent>();
/** The cells that clip their text now (`data-clip`, see text-fit.ts). */
const clipping = new WeakSet<HTMLElement>();

type Shape = 'text' | 'tag' | 'time' | 'summary';

function shapeOf(content: CellContent): Shape {
  if (content.summary) return 'summary';
  if (content.tag !== undefined) return 'tag';
  if (content.dateTime !== undefined) return 'time';
  return 'text';
}

/** `clip`: the text may not fit its column, so the cell cuts it with an ellipsis (text-fit.ts). */
export function writeCell(cell: HTMLElement, content: CellContent, clip = true): void {
  if (clipping.has(cell) !== clip) {
    if (clip) {
      clipping.add(cell);
      cell.dataset.clip = '';
    } else {
      clipping.delete(cell);
      delete cell.dataset.clip;
    }
  }
  const before = shown.get(cell);
  if (before && sameContent(before, content)) return;
  shown.set(cell, content);

  if (before?.tone !== content.tone) {
    if (content.tone) cell.dataset.tone = content.tone;
    else delete cell.dataset.tone;
  }
  if (before?.title !== content.title) {
    if (content.title === undefined) cell.removeAttribute('title');
    else cell.title = content.title;
  }

  const shape = shapeOf(content);
  if (!before || shapeOf(before) !== shape) {
    cell.replaceChildren(...build(shape, content));
    return;
  }
  // Same shape: the elements are the ones `build` made, so only their values change.
  switch (shape) {
    case 'text':
    case 'summary':
      setText(cell.lastChild, content.text);
      return;
    case 'tag': {
      const tag = cell.firstChild as HTMLElement;
      if (before.tag !== content.tag) tag.className = content.tag ?? '';
      setText(tag.firstChild, content.text);
      return;
    }
    case 'time': {
      const time = cell.firstChild as HTMLTimeElement;
      if (before.dateTime !== content.dateTime) time.dateTime = content.dateTime ?? '';
      setText(time.firstChild, content.text);
      return;
    }
  }
}

function setText(node: ChildNode | null, text: string): void {
  if (node && node.nodeValue !== text) node.nodeValue = text;
}

function build(shape: Shape, content: CellContent): Node[] {
  const text = document.createTextNode(content.text);
  switch (shape) {
    case 'text':
      return [text];
    case 'summary':
      return [summaryMark(), text];
    case 'tag': {
      const tag = document.createElement('span');
      tag.className = content.tag ?? '';
      tag.append(text);
      return [tag];
    }
    case 'time': {
      const time = document.createElement('time');
      time.dateTime = content.dateTime ?? '';
      time.append(text);
      return [time];
    }
  }
}

/** "≈" for the eye, "Summary: " for a screen reader, and a tooltip saying what it means. */
function summaryMark(): HTMLElement {
  const mark = document.createElement('span');
  mark.className = 'items-table__summary-mark';
  mark.title = 'Machine summary of the thread, not its first message';
  const sign = document.createElement('span');
  sign.setAttribute('aria-hidden', 'true');
  sign.textContent = '≈';
  const words = document.createElement('span');
  words.className = 'visually-hidden';
  words.textContent = 'Summary: ';
  mark.append(sign, words);
  return mark;
}
