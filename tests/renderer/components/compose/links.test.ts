import { describe, expect, it } from 'vitest';
import { prepareLinks } from '../../../../src/renderer/components/compose/links.js';

describe('reply links', () => {
  it('sends filled rows, with a label only when given, and ignores empty rows', () => {
    expect(
      prepareLinks([
        { url: ' https://a.example/x ', label: '' },
        { url: '', label: '' },
        { url: 'http://b.example', label: 'Spec' },
      ]),
    ).toEqual({
      links: [{ url: 'https://a.example/x' }, { url: 'http://b.example', label: 'Spec' }],
      problems: [],
    });
  });

  it('names each row the service would refuse', () => {
    const r = prepareLinks([
      { url: 'example.com', label: '' },
      { url: '', label: 'Spec' },
      { url: 'javascript:alert(1)', label: '' },
    ]);
    expect(r.problems.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(r.problems[0]!.message).toMatch(/http:\/\/ or https:\/\//);
  });

  it('refuses a sixth link', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ url: `https://x.example/${i}`, label: '' }));
    expect(prepareLinks(rows).problems).toEqual([{ index: 5, message: 'A reply can carry at most 5 links.' }]);
  });
});
