import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemsTable, type ItemsTableProps } from '../../../../src/renderer/features/table/ItemsTable.js';
import { item } from './items.js';
import { memoryStorage } from '../../support/memory-storage.js';

/** Server rendering needs no DOM: enough to check the grid's structure and ARIA wiring. */
function render(overrides: Partial<ItemsTableProps> = {}): string {
  const rows = overrides.rows ?? [item('a', { createdAt: 2 }), item('b', { createdAt: 1 })];
  const props: ItemsTableProps = {
    projectId: 'p1',
    all: rows,
    rows,
    selectedIds: new Set(),
    onSelectionChange: () => {},
    focusedId: null,
    onFocusChange: () => {},
    onOpen: () => {},
    ...overrides,
  };
  // The empty result names filters by member: members come from the query cache.
  return renderToString(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(ItemsTable, props)),
  );
}

function columnHeaders(html: string): { sort: string | null; text: string }[] {
  return [...html.matchAll(/<div role="columnheader"([^>]*)>(.*?)<\/div>/g)].map(([, attrs, inner]) => ({
    sort: /aria-sort="([^"]+)"/.exec(attrs ?? '')?.[1] ?? null,
    text: (inner ?? '').replace(/<[^>]+>/g, '').replace(/[▲▼]/g, ''),
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ItemsTable markup', () => {
  it('is a multi-select grid that counts the header row', () => {
    const html = render();
    expect(html).toMatch(/role="grid"/);
    expect(html).toMatch(/data-testid="items-table"/);
    expect(html).toMatch(/aria-rowcount="3"/);
    expect(html).toMatch(/aria-multiselectable="true"/);
    expect(html).toMatch(/aria-colcount="11"/);
  });

  it('names each sortable header by its column and marks the default sort', () => {
    const headers = columnHeaders(render());
    expect(headers.map((h) => h.text)).toEqual([
      '',
      'Type',
      'Status',
      'Excerpt',
      'Page',
      'Assignee',
      'Agent task',
      'Replies',
      'Reports',
      'Author',
      'Created',
    ]);
    expect(headers.find((h) => h.text === 'Created')?.sort).toBe('descending');
    expect(headers.filter((h) => h.sort === 'none')).toHaveLength(9);
    expect(render()).toMatch(/aria-label="Select all rows"/);
  });

  it('offers the Columns button', () => {
    expect(render()).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Columns<\/button>/);
  });

  it('says so when there is nothing to show', () => {
    const html = render({ rows: [] });
    expect(html).toMatch(/aria-rowcount="1"/);
    expect(html).toContain('No threads to show.');
  });

  it("applies the project's saved columns and sorting", () => {
    const saved = { columnVisibility: { author: false, page: false }, sorting: [{ id: 'status', desc: true }] };
    vi.stubGlobal('localStorage', memoryStorage({ 'triage-desk:table:p1': JSON.stringify(saved) }));
    const headers = columnHeaders(render());
    expect(headers.map((h) => h.text)).not.toContain('Author');
    expect(headers.map((h) => h.text)).not.toContain('Page');
    expect(headers.find((h) => h.text === 'Status')?.sort).toBe('descending');
    expect(headers.find((h) => h.text === 'Created')?.sort).toBe('none');
    // Another project keeps its own (default) view.
    expect(columnHeaders(render({ projectId: 'p2' })).map((h) => h.text)).toContain('Author');
  });
});
