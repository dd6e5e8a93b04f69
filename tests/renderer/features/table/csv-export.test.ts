import { describe, expect, it } from 'vitest';
import { csvFileName, neutraliseFormula, tableCsv } from '../../../../src/renderer/features/table/csv-export.js';
import type { ItemRow } from '#shared/reader/index.js';

const row = (o: Partial<ItemRow> = {}): ItemRow =>
  ({
    id: 'itm_1',
    page: '/checkout',
    type: 'bug',
    status: 'open',
    excerpt: 'Pay button, "misaligned"\non mobile',
    excerptSource: 'message',
    reportCount: 2,
    author: 'Cora',
    replyCount: 3,
    assignee: null,
    agentTask: null,
    createdAt: Date.UTC(2026, 10, 2, 9, 30),
    ...o,
  }) as ItemRow;

describe('the table as a spreadsheet', () => {
  it('writes the shown columns in order after each thread’s ID and link, with whole values, quoted, CRLF, with a BOM', () => {
    const csv = tableCsv(
      [row(), row({ id: 'itm 2', excerpt: '', createdAt: null })],
      ['status', 'excerpt', 'created', 'reports'],
    );
    expect(csv.startsWith('\ufeff')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('ID,Link,Status,Excerpt,Created,Reports');
    // A line break inside a value stays inside its quotes; records end with CRLF.
    expect(lines[1]).toBe(
      'itm_1,triage-desk://item/itm_1,Open,"Pay button, ""misaligned""\non mobile",2026-11-02T09:30:00.000Z,2',
    );
    expect(lines[2]).toBe('itm 2,triage-desk://item/itm%202,Open,,,2');
    expect(lines[3]).toBe('');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['Checkout', ' =not first', '1+1', 'a=b']) expect(neutraliseFormula(text)).toBe(text);
    const csv = tableCsv([row({ excerpt: '=cmd|"/c calc"!A1', author: '@admin' })], ['excerpt', 'author']);
    expect(csv).toContain(`"'=cmd|""/c calc""!A1",'@admin`);
  });

  it('names the file after the project and the day', () => {
    expect(csvFileName('Checkout app', new Date('2026-11-26T10:00:00Z'))).toBe(
      'triage-desk-checkout-app-2026-11-26.csv',
    );
    expect(csvFileName(null, new Date('2026-11-26T10:00:00Z'))).toBe('triage-desk-threads-2026-11-26.csv');
    expect(csvFileName('!!!', new Date('2026-11-26T10:00:00Z'))).toBe('triage-desk-threads-2026-11-26.csv');
  });
});
