import { describe, expect, it } from 'vitest';
import { cellContent, isTextColumn, sameContent } from '../../../../src/renderer/features/table/cell-content.js';
import { ITEM_COLUMN_IDS } from '../../../../src/renderer/features/table/column-ids.js';
import { item } from './items.js';

const NOW = Date.UTC(2026, 10, 24, 12, 0);

describe('what each table cell shows', () => {
  it('covers every column but the checkbox', () => {
    expect(ITEM_COLUMN_IDS.filter((id) => !isTextColumn(id))).toEqual(['select']);
    expect(isTextColumn('toString')).toBe(false);
  });

  it('shows type and status as tags, an unknown value as the service sent it', () => {
    expect(cellContent('type', item('a', { type: 'copy-change' }), NOW)).toEqual({
      text: 'Copy change',
      tag: 'type-tag type-tag--copy-change',
    });
    expect(cellContent('status', item('a', { status: 'deferred' }), NOW)).toEqual({
      text: 'Deferred',
      tag: 'items-table__status items-table__status--deferred',
    });
    expect(cellContent('status', item('a', { status: 'archived' }), NOW)).toEqual({
      text: 'archived',
      tag: 'items-table__status',
    });
    // A type is the service's word: no classes of its own, and none at all reads as unclassified.
    expect(cellContent('type', item('a', { type: 'ux debt"x' }), NOW)).toEqual({
      text: 'Ux debt"x',
      tag: 'type-tag type-tag--ux-debt-x',
    });
    expect(cellContent('type', item('a', { type: null }), NOW)).toEqual({
      text: 'Unclassified',
      tag: 'type-tag type-tag--none',
    });
  });

  it('gives the excerpt its whole text as a tooltip, marks a machine summary, and says when there is no text', () => {
    expect(cellContent('excerpt', item('a', { excerpt: 'Button overlaps' }), NOW)).toEqual({
      text: 'Button overlaps',
      title: 'Button overlaps',
    });
    expect(cellContent('excerpt', item('a', { excerpt: 'Checkout fails', excerptSource: 'summary' }), NOW)).toEqual({
      text: 'Checkout fails',
      title: 'Checkout fails',
      summary: true,
    });
    expect(cellContent('excerpt', item('a', { excerpt: '', excerptSource: 'summary' }), NOW)).toEqual({
      text: '(no text)',
      tone: 'muted',
    });
  });

  it('mutes what is not there: nobody assigned, no agent task, zero replies or reports; reports waiting stand out', () => {
    expect(cellContent('assignee', item('a', { assignee: '  ' }), NOW)).toEqual({ text: 'Unassigned', tone: 'muted' });
    expect(cellContent('assignee', item('a', { assignee: null }), NOW)).toEqual({ text: 'Unassigned', tone: 'muted' });
    expect(cellContent('assignee', item('a', { assignee: 'Jonas Weber' }), NOW)).toEqual({ text: 'Jonas Weber' });
    expect(cellContent('agentTask', item('a', { agentTask: null }), NOW)).toEqual({ text: '' });
    expect(cellContent('agentTask', item('a', { agentTask: 'fix' }), NOW)).toEqual({
      text: 'Fix',
      tag: 'tag tag--task',
    });
    expect(cellContent('replies', item('a', { replyCount: 0 }), NOW)).toEqual({ text: '0', tone: 'muted' });
    expect(cellContent('replies', item('a', { replyCount: 12 }), NOW)).toEqual({ text: '12' });
    expect(cellContent('reports', item('a', { reportCount: 0 }), NOW)).toEqual({ text: '0', tone: 'muted' });
    expect(cellContent('reports', item('a', { reportCount: 3 }), NOW)).toEqual({ text: '3', tone: 'alert' });
  });

  it('gives page and author their whole text as a tooltip', () => {
    expect(cellContent('page', item('a', { page: '/pricing?plan=team' }), NOW)).toEqual({
      text: '/pricing?plan=team',
      title: '/pricing?plan=team',
    });
    expect(cellContent('author', item('a', { author: 'Priya Shah' }), NOW)).toEqual({
      text: 'Priya Shah',
      title: 'Priya Shah',
    });
  });

  it('shows the creation time relative to now, with the instant for machines and the full date as a tooltip', () => {
    const created = NOW - 3 * 60 * 60_000;
    const content = cellContent('created', item('a', { createdAt: created }), NOW);
    expect(content).toEqual({
      text: '3 h ago',
      title: expect.stringMatching(/^24 Nov 2026, \d\d:00$/),
      dateTime: '2026-11-24T09:00:00.000Z',
    });
    expect(cellContent('created', item('a', { createdAt: null }), NOW)).toEqual({
      text: 'unknown date',
      tone: 'muted',
    });
  });

  it('compares contents field by field', () => {
    expect(sameContent({ text: '1' }, { text: '1' })).toBe(true);
    expect(sameContent({ text: '1' }, { text: '1', tone: 'muted' })).toBe(false);
    expect(sameContent({ text: 'a', title: 'a' }, { text: 'a', title: 'b' })).toBe(false);
    expect(sameContent({ text: 'a', summary: true }, { text: 'a' })).toBe(false);
    expect(sameContent({ text: 'a', tag: 'x' }, { text: 'a', tag: 'y' })).toBe(false);
    expect(sameContent({ text: 'a', dateTime: 'x' }, { text: 'a', dateTime: 'y' })).toBe(false);
  });
});
