import { describe, expect, it } from 'vitest';
import type { CellContent } from '../../../../src/renderer/features/table/cell-content.js';
import { canvasMeasure, createCellFit, type MeasureText } from '../../../../src/renderer/features/table/text-fit.js';

const FONTS = { sans: 'Sans', mono: 'Mono' };

/** Every character 6 px wide, and each call noted with its font. */
function recordingMeasure(perChar = 6): { measure: MeasureText; calls: Array<[string, string]> } {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    measure: (font, text) => {
      calls.push([font, text]);
      return text.length * perChar;
    },
  };
}

const text = (t: string, more: Partial<CellContent> = {}): CellContent => ({ text: t, ...more });

describe('whether a cell’s text fits its column', () => {
  it('fits when the text, its tag and 2 px of slack fit inside the 8 px padding on each side', () => {
    const { measure } = recordingMeasure();
    // 10 characters: 60 px of text + 2 px slack + 16 px padding = 78.
    expect(createCellFit(FONTS, measure)('author', text('Alex Parks'), 78)).toBe(true);
    expect(createCellFit(FONTS, measure)('author', text('Alex Parks'), 77.5)).toBe(false);
    // The status dot and its gap take 13 px more.
    expect(createCellFit(FONTS, measure)('status', text('Alex Parks'), 91)).toBe(true);
    expect(createCellFit(FONTS, measure)('status', text('Alex Parks'), 90)).toBe(false);
    // A type pill's padding is 10 px, an agent task's 12.
    expect(createCellFit(FONTS, measure)('type', text('Alex Parks'), 88)).toBe(true);
    expect(createCellFit(FONTS, measure)('type', text('Alex Parks'), 87)).toBe(false);
    expect(createCellFit(FONTS, measure)('agentTask', text('Alex Parks'), 90)).toBe(true);
    expect(createCellFit(FONTS, measure)('agentTask', text('Alex Parks'), 89)).toBe(false);
  });

  it('always clips the excerpt and a summary, and never an empty cell', () => {
    const { measure, calls } = recordingMeasure();
    expect(createCellFit(FONTS, measure)('excerpt', text('Hi'), 2000)).toBe(false);
    expect(createCellFit(FONTS, measure)('author', text('Hi', { summary: true }), 2000)).toBe(false);
    expect(createCellFit(FONTS, measure)('agentTask', text(''), 0)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('measures each column in the font the page draws it in, and counts as tabular digits', () => {
    const { measure, calls } = recordingMeasure();
    createCellFit(FONTS, measure)('type', text('Bug', { tag: 'type-tag type-tag--bug' }), 112);
    createCellFit(FONTS, measure)('status', text('Open'), 100);
    createCellFit(FONTS, measure)('page', text('/pricing'), 170);
    createCellFit(FONTS, measure)('agentTask', text('Plan'), 104);
    createCellFit(FONTS, measure)('reports', text('1,417', { tone: 'alert' }), 76);
    createCellFit(FONTS, measure)('replies', text('19'), 76);
    createCellFit(FONTS, measure)('created', text('3 h ago'), 104);
    expect(calls).toEqual([
      ['600 12px Sans', 'Bug'],
      ['12px Sans', 'Open'],
      ['11px Mono', '/pricing'],
      ['500 11px Sans', 'Plan'],
      ['600 12px Sans', '0,000'],
      ['12px Sans', '00'],
      ['12px Sans', '3 h ago'],
    ]);
  });

  it('lets a long unknown value or a huge count clip', () => {
    const { measure } = recordingMeasure();
    expect(createCellFit(FONTS, measure)('status', text('awaiting-customer-confirmation'), 100)).toBe(false);
    expect(createCellFit(FONTS, measure)('reports', text(String(10 ** 12)), 76)).toBe(false);
    expect(createCellFit(FONTS, measure)('reports', text('12'), 76)).toBe(true);
  });
});

describe('the canvas measure', () => {
  function fakeContext() {
    const fontsSet: string[] = [];
    let measured = 0;
    let font = '10px sans-serif';
    return {
      fontsSet,
      measured: () => measured,
      context: {
        get font() {
          return font;
        },
        // A canvas keeps the font in its own spelling, as Chromium's does, and ignores one it cannot read.
        set font(f: string) {
          fontsSet.push(f);
          if (!f.includes('unreadable')) font = f.replace(/'/g, '"');
        },
        measureText(t: string) {
          measured++;
          return { width: t.length * (font.startsWith('600') ? 7 : 6) } as TextMetrics;
        },
      },
    };
  }

  it('measures a text once per font, and sets the font only when it changes', () => {
    const fake = fakeContext();
    const measure = canvasMeasure(fake.context);
    expect(measure("12px 'Segoe UI'", 'Open')).toBe(24);
    expect(measure("12px 'Segoe UI'", 'Open')).toBe(24);
    expect(measure("12px 'Segoe UI'", 'Deferred')).toBe(48);
    expect(measure("600 12px 'Segoe UI'", 'Open')).toBe(28);
    expect(measure("12px 'Segoe UI'", 'Open')).toBe(24);
    expect(fake.measured()).toBe(3);
    // Each new font is tried once behind a probe, to see that the canvas took it.
    expect(fake.fontsSet).toEqual(['1px serif', "12px 'Segoe UI'", '1px serif', "600 12px 'Segoe UI'"]);
  });

  it('measures a text in a font the canvas cannot read as too wide, so its cell clips', () => {
    const fake = fakeContext();
    const measure = canvasMeasure(fake.context);
    expect(measure('12px unreadable', 'Open')).toBe(Number.POSITIVE_INFINITY);
    expect(createCellFit({ sans: 'unreadable', mono: 'Mono' }, measure)('status', { text: 'Open' }, 1000)).toBe(false);
    expect(fake.measured()).toBe(0);
    expect(measure('12px Sans', 'Open')).toBe(24);
  });

  it('keeps at most 2,000 widths per font, starting over when full', () => {
    const fake = fakeContext();
    const measure = canvasMeasure(fake.context);
    for (let i = 0; i < 2000; i++) measure('12px Sans', `name ${i}`);
    expect(fake.measured()).toBe(2000);
    measure('12px Sans', 'name 5');
    expect(fake.measured()).toBe(2000);
    measure('12px Sans', 'one more');
    measure('12px Sans', 'name 5');
    expect(fake.measured()).toBe(2002);
  });
});
