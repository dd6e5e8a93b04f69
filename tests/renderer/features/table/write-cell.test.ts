// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { CellContent } from '../../../../src/renderer/features/table/cell-content.js';
import { writeCell } from '../../../../src/renderer/features/table/write-cell.js';

/** The cell as a reader of the page sees it. */
function seen(cell: HTMLElement) {
  const inner = cell.firstElementChild;
  return {
    html: cell.innerHTML,
    text: cell.textContent,
    title: cell.getAttribute('title'),
    tone: cell.getAttribute('data-tone'),
    inner: inner?.tagName.toLowerCase() ?? null,
  };
}

/** Every shape a cell takes, with and without a tooltip and a tone. */
const CONTENTS: Record<string, CellContent> = {
  text: { text: 'Jonas Weber' },
  muted: { text: 'Unassigned', tone: 'muted' },
  titled: { text: 'Button overlaps the footer', title: 'Button overlaps the footer' },
  summary: { text: 'Checkout fails twice', title: 'Checkout fails twice', summary: true },
  tag: { text: 'Bug', tag: 'type-tag type-tag--bug' },
  otherTag: { text: 'Feedback', tag: 'type-tag type-tag--feedback' },
  time: { text: '3 h ago', title: '24 Nov 2026, 09:00', dateTime: '2026-11-24T09:00:00.000Z' },
  alert: { text: '3', tone: 'alert' },
  empty: { text: '' },
};

/** A fresh cell holding one content, for comparing with a cell that came to it from another. */
function fresh(content: CellContent): HTMLElement {
  const cell = document.createElement('div');
  writeCell(cell, content);
  return cell;
}

describe('writing a table cell', () => {
  it('shows each shape as its elements: text, a summary mark, a tag, a time', () => {
    expect(seen(fresh(CONTENTS.text!))).toEqual({
      html: 'Jonas Weber',
      text: 'Jonas Weber',
      title: null,
      tone: null,
      inner: null,
    });
    expect(seen(fresh(CONTENTS.muted!))).toMatchObject({ text: 'Unassigned', tone: 'muted' });
    const summary = fresh(CONTENTS.summary!);
    expect(seen(summary)).toMatchObject({
      text: '≈Summary: Checkout fails twice',
      title: 'Checkout fails twice',
      inner: 'span',
    });
    expect(summary.querySelector('[aria-hidden="true"]')?.textContent).toBe('≈');
    expect(summary.querySelector('.visually-hidden')?.textContent).toBe('Summary: ');
    expect(seen(fresh(CONTENTS.tag!))).toEqual({
      html: '<span class="type-tag type-tag--bug">Bug</span>',
      text: 'Bug',
      title: null,
      tone: null,
      inner: 'span',
    });
    const time = fresh(CONTENTS.time!);
    expect(time.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-24T09:00:00.000Z');
    expect(seen(time)).toMatchObject({ text: '3 h ago', title: '24 Nov 2026, 09:00' });
  });

  it('going from any content to any other leaves the cell as if written fresh', () => {
    for (const [fromName, from] of Object.entries(CONTENTS)) {
      for (const [toName, to] of Object.entries(CONTENTS)) {
        const cell = fresh(from);
        writeCell(cell, to);
        expect(seen(cell), `${fromName} → ${toName}`).toEqual(seen(fresh(to)));
      }
    }
  });

  it('changes only what differs: the same shape keeps its elements, the same content writes nothing', async () => {
    const cell = fresh(CONTENTS.tag!);
    const tag = cell.firstElementChild;
    writeCell(cell, CONTENTS.otherTag!);
    expect(cell.firstElementChild).toBe(tag);
    expect(seen(cell).html).toBe('<span class="type-tag type-tag--feedback">Feedback</span>');

    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(cell, { subtree: true, childList: true, attributes: true, characterData: true });
    writeCell(cell, { ...CONTENTS.otherTag! });
    await Promise.resolve();
    observer.disconnect();
    expect(writes).toEqual([]);
  });

  it('keeps one record per cell: two cells with the same content are both written', () => {
    const a = document.createElement('div');
    const b = document.createElement('div');
    writeCell(a, CONTENTS.alert!);
    writeCell(b, CONTENTS.alert!);
    expect([a.textContent, b.getAttribute('data-tone')]).toEqual(['3', 'alert']);
  });

  it('clips a cell only when told its text may not fit, and writes the mark only when that changes', async () => {
    const cell = document.createElement('div');
    writeCell(cell, CONTENTS.text!);
    // Without a word on the fit, the cell clips, as every cell did before text-fit.ts.
    expect(cell.hasAttribute('data-clip')).toBe(true);
    writeCell(cell, CONTENTS.text!, false);
    expect(cell.hasAttribute('data-clip')).toBe(false);
    expect(seen(cell)).toEqual(seen(fresh(CONTENTS.text!)));
    writeCell(cell, CONTENTS.titled!, true);
    expect(cell.getAttribute('data-clip')).toBe('');
    expect(seen(cell)).toEqual(seen(fresh(CONTENTS.titled!)));

    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(cell, { subtree: true, childList: true, attributes: true, characterData: true });
    writeCell(cell, CONTENTS.titled!, true);
    writeCell(cell, CONTENTS.muted!, true);
    await Promise.resolve();
    observer.disconnect();
    expect(writes.filter((w) => w.attributeName === 'data-clip')).toEqual([]);
  });
});
