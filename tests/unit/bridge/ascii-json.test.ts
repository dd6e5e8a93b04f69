import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../../src/main/gateway/ascii-json.js';

const isAscii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);

describe('asciiJson', () => {
  it('writes any JSON value in ASCII only, and it reads back as the same value', () => {
    // Strings of any UTF-16 units: lone surrogates, pairs, controls, every plane.
    const value = fc.jsonValue({ stringUnit: 'binary' });
    fc.assert(
      fc.property(value, (v) => {
        const text = asciiJson(v);
        expect(isAscii(text)).toBe(true);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 500 },
    );
  });

  it('escapes each UTF-16 unit of a character outside the BMP, and leaves ASCII text as JSON.stringify writes it', () => {
    expect(asciiJson({ s: '😀…' })).toBe('{"s":"\\ud83d\\ude00\\u2026"}');
    expect(asciiJson({ s: 'plain "quoted" \\ text\n' })).toBe(JSON.stringify({ s: 'plain "quoted" \\ text\n' }));
    expect(asciiJson({ lone: '\ud800' })).toBe('{"lone":"\\ud800"}');
  });
});
