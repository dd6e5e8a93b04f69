import { describe, expect, it } from 'vitest';
import {
  blockQuote,
  blocks,
  cite,
  codeSpan,
  escapeInline,
  table,
  tableCell,
} from '../../../../src/renderer/features/reports/model/markdown.js';

describe('Markdown escaping', () => {
  it('escapes what would restyle inline text', () => {
    expect(escapeInline('a *bold* _claim_ with `code` and [a link](x) <b>html</b> ~~gone~~')).toBe(
      'a \\*bold\\* \\_claim\\_ with \\`code\\` and \\[a link\\](x) \\<b\\>html\\</b\\> \\~\\~gone\\~\\~',
    );
    expect(escapeInline('C:\\path')).toBe('C:\\\\path');
  });

  it('escapes block markers only at the start of a line', () => {
    expect(escapeInline('# not a heading')).toBe('\\# not a heading');
    expect(escapeInline('- not a list')).toBe('\\- not a list');
    expect(escapeInline('+ not a list')).toBe('\\+ not a list');
    expect(escapeInline('12. not a numbered list')).toBe('12\\. not a numbered list');
    expect(escapeInline('> not a quote')).toBe('\\> not a quote');
    // Inside the line they are plain text and stay readable.
    expect(escapeInline('step 2 - then #3 costs 4.50')).toBe('step 2 - then #3 costs 4.50');
  });

  it('keeps inline text on one line', () => {
    expect(escapeInline('first\n\n# second\tthird')).toBe('first # second third');
  });

  it('fences code spans longer than any backtick run inside', () => {
    expect(codeSpan('itm_1')).toBe('`itm_1`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`edge`')).toBe('`` `edge` ``');
  });

  it('quotes every line, escaping each, keeping blank lines inside the quote', () => {
    expect(blockQuote('# Title\n\n- item\nplain *x*')).toBe('> \\# Title\n> \n> \\- item\n> plain \\*x\\*');
    expect(blockQuote('one\r\ntwo', '  ')).toBe('  > one\n  > two');
  });

  it('keeps table cells in their column', () => {
    expect(tableCell('a | b\nc')).toBe('a \\| b c');
    const t = table(['A', 'B'], [[tableCell('x|y'), '1']]);
    const lines = t.split('\n');
    expect(lines).toEqual(['| A | B |', '| --- | --- |', '| x\\|y | 1 |']);
  });

  it('joins blocks with one blank line and drops empty ones', () => {
    expect(blocks('a', null, '', false, undefined, '  ', 'b')).toBe('a\n\nb');
  });
});

describe('thread citations', () => {
  it('cite a thread as a link to its desktop address, the ID as the link text', () => {
    expect(cite('itm_1')).toBe('[`itm_1`](<triage-desk://item/itm_1>)');
  });

  it('keep the link whole whatever the ID holds: spaces, brackets and pipes are percent-encoded', () => {
    const link = cite('a b>c|d)');
    expect(link).toBe('[`a b>c|d)`](<triage-desk://item/a%20b%3Ec%7Cd)>)');
    // Nothing that ends the destination or splits a table cell is left in it.
    expect(link.slice(link.indexOf('(<') + 2, -2)).not.toMatch(/[\s<>|]/);
  });
});
