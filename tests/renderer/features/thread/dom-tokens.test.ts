import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutMarkup, tokenizeMarkup, type DomToken } from '../../../../src/renderer/features/thread/dom-tokens.js';

const kinds = (tokens: DomToken[]) => tokens.map((t) => `${t.kind}:${t.text}`);
const joined = (tokens: DomToken[]) => tokens.map((t) => t.text).join('');

describe('DOM context tokenizer', () => {
  it('splits tags, attributes, values and text', () => {
    expect(kinds(tokenizeMarkup('<a class="more" href=#>Learn more</a>'))).toEqual([
      'punct:<',
      'tag:a',
      'space: ',
      'attr:class',
      'punct:=',
      'value:"more"',
      'space: ',
      'attr:href',
      'punct:=',
      'value:#',
      'punct:>',
      'text:Learn more',
      'punct:</',
      'tag:a',
      'punct:>',
    ]);
  });

  it('keeps script and event-handler markup as inert tokens (rendered as text, never run)', () => {
    const src = '<img src=x onerror="alert(1)"><script>document.cookie</script>';
    const tokens = tokenizeMarkup(src);
    expect(joined(tokens)).toBe(src);
    expect(tokens).toContainEqual({ kind: 'attr', text: 'onerror' });
    expect(tokens).toContainEqual({ kind: 'value', text: '"alert(1)"' });
    expect(tokens).toContainEqual({ kind: 'text', text: 'document.cookie' });
  });

  it("marks the service's redactions", () => {
    expect(kinds(tokenizeMarkup('<p>Ships in [redacted] days</p>'))).toEqual([
      'punct:<',
      'tag:p',
      'punct:>',
      'text:Ships in ',
      'redacted:[redacted]',
      'text: days',
      'punct:</',
      'tag:p',
      'punct:>',
    ]);
  });

  it('reads comments, doctypes, self-closing and boolean attributes', () => {
    expect(kinds(tokenizeMarkup('<!doctype html><!-- a <b> --><input disabled/>'))).toEqual([
      'doctype:<!doctype html>',
      'comment:<!-- a <b> -->',
      'punct:<',
      'tag:input',
      'space: ',
      'attr:disabled',
      'punct:/>',
    ]);
  });

  it('treats a stray "<" as text', () => {
    expect(kinds(tokenizeMarkup('1 < 2 and <3 </ >'))).toEqual(['text:1 < 2 and <3 </ >']);
  });

  it('lets an unterminated tag, quote or comment run to the end without losing text', () => {
    expect(kinds(tokenizeMarkup('<a href="x>y'))).toEqual([
      'punct:<',
      'tag:a',
      'space: ',
      'attr:href',
      'punct:=',
      'value:"x>y',
    ]);
    expect(kinds(tokenizeMarkup('<div class=a'))).toEqual([
      'punct:<',
      'tag:div',
      'space: ',
      'attr:class',
      'punct:=',
      'value:a',
    ]);
    expect(kinds(tokenizeMarkup('x<!-- never closed'))).toEqual(['text:x', 'comment:<!-- never closed']);
  });

  it('ends a tag that another tag interrupts', () => {
    expect(kinds(tokenizeMarkup('<b <i>x'))).toEqual([
      'punct:<',
      'tag:b',
      'space: ',
      'punct:<',
      'tag:i',
      'punct:>',
      'text:x',
    ]);
  });

  it('is lossless for any input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('<', '>', '/', '=', '"', "'", '!', '-', ' ', 'a', 'b', '\n', '[redacted]', '&'),
        }),
        (s) => {
          expect(joined(tokenizeMarkup(s))).toBe(s);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(joined(tokenizeMarkup(s))).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('markup layout', () => {
  const laidOut = (src: string) => joined(layoutMarkup(tokenizeMarkup(src)));

  it('puts nested elements on indented lines and keeps short elements on one line', () => {
    expect(laidOut('<div class="a"><h3>Title</h3><p>Body</p><a href="#">More</a></div>')).toBe(
      '<div class="a">\n  <h3>Title</h3>\n  <p>Body</p>\n  <a href="#">More</a>\n</div>',
    );
  });

  it('does not indent after void or self-closing elements', () => {
    expect(laidOut('<form><input name="a"><img src="x"/><label>L</label></form>')).toBe(
      '<form>\n  <input name="a">\n  <img src="x"/>\n  <label>L</label>\n</form>',
    );
  });

  it('leaves markup that already has line breaks alone', () => {
    const src = '<div>\n<p>x</p></div>';
    expect(laidOut(src)).toBe(src);
  });

  it('only adds breaks: removing them gives the source back', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '/', 'div', 'p', 'input', ' ', 'x', '="v"') }), (s) => {
        const out = layoutMarkup(tokenizeMarkup(s));
        expect(
          out
            .filter((t) => t.kind !== 'break')
            .map((t) => t.text)
            .join(''),
        ).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});
