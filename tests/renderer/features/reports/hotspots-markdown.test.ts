import { describe, expect, it } from 'vitest';
import type { SourceResponse } from '#shared/reader/index.js';
import { hotspotsMarkdown } from '../../../../src/renderer/features/reports/model/hotspots-markdown.js';
import { row, T0 } from './fixtures.js';

describe('hotspots Markdown', () => {
  it('the hotspots export lists every file and the chosen file’s threads with its filters', () => {
    const hotspots = {
      project: { id: 'p', name: 'Web' },
      mode: 'hotspots',
      coverage: { threads: 10, stamped: 8 },
      totalFiles: 2,
      files: [
        { file: 'src/a|b.tsx', open: 2, deferred: 1, resolved: 0, components: ['A'] },
        { file: 'src/c.tsx', open: 0, deferred: 0, resolved: 3, components: [] },
      ],
      query: null,
      matched: null,
      summary: null,
      items: undefined,
    } as SourceResponse;
    const matches = {
      ...hotspots,
      mode: 'matches',
      files: undefined,
      matched: 3,
      summary: { open: 2, deferred: 1, resolved: 0 },
      items: [{ ...row('t1', { source: { file: 'src/a|b.tsx', line: 12 } }), status: 'open' }],
    } as SourceResponse;
    const md = hotspotsMarkdown({
      projectName: 'Web',
      generatedAt: T0,
      hotspots,
      selected: { file: hotspots.files![0]!, query: { line: '12', component: '', status: 'open' }, matches },
    });
    expect(md).toContain('8 of 10 threads are stamped (80%) across 2 files');
    expect(md).toContain('| `src/c.tsx` | 0 | 0 | 3 | – |');
    expect(md).toContain('## Threads of `src/a|b.tsx`');
    expect(md).toContain('Filtered: nearest line 12 first, open only.');
    expect(md).toContain('| Line of t1 | Open | 12 | Bug | /checkout | [`t1`](<triage-desk://item/t1>) |');
    expect(md).toContain('*2 more threads match; narrow the filters in Triage Desk to list them.*');
    expect(hotspotsMarkdown({ projectName: 'Web', generatedAt: T0, hotspots, selected: null })).not.toContain(
      '## Threads of',
    );
  });
});
