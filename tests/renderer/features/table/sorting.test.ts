import { describe, expect, it } from 'vitest';
import {
  agentTaskSortValue,
  assigneeSortValue,
  compareAgentTask,
  compareStatus,
  compareText,
} from '../../../../src/renderer/features/table/sorting.js';
import { item } from './items.js';
import { renderTable } from './render-table.js';

const sortedBy = <T>(values: T[], compare: (a: T, b: T) => number) => [...values].sort(compare);

describe('value comparators', () => {
  it('orders statuses by workflow, not alphabet', () => {
    expect(sortedBy(['resolved', 'open', 'deferred'], compareStatus)).toEqual(['open', 'deferred', 'resolved']);
  });

  it('puts statuses it does not know after the known ones', () => {
    expect(sortedBy(['archived', 'resolved', 'open'], compareStatus)).toEqual(['open', 'resolved', 'archived']);
  });

  it('orders agent tasks by effort', () => {
    expect(sortedBy(['build', 'investigate', 'fix', 'plan'], compareAgentTask)).toEqual([
      'investigate',
      'plan',
      'fix',
      'build',
    ]);
  });

  it('compares text naturally and ignoring case', () => {
    expect(sortedBy(['/page10', '/page2', '/Page1'], compareText)).toEqual(['/Page1', '/page2', '/page10']);
    expect(compareText('ada', 'Ada')).toBe(0);
  });

  it('treats empty and whitespace assignees, and missing tasks, as absent', () => {
    expect(assigneeSortValue('')).toBeUndefined();
    expect(assigneeSortValue('   ')).toBeUndefined();
    expect(assigneeSortValue(null)).toBeUndefined();
    expect(assigneeSortValue(' Ada ')).toBe('Ada');
    expect(agentTaskSortValue(null)).toBeUndefined();
    expect(agentTaskSortValue('fix')).toBe('fix');
  });
});

describe('sorting through the table', () => {
  const people = [
    item('u1', { assignee: '' }),
    item('bo', { assignee: 'bob' }),
    item('u2', { assignee: null }),
    item('ad', { assignee: 'Ada' }),
    item('zo', { assignee: 'Zoe' }),
  ];

  it('keeps unassigned rows last in both directions', () => {
    expect(renderTable(people, { settings: { sorting: [{ id: 'assignee', desc: false }] } }).ids()).toEqual([
      'ad',
      'bo',
      'zo',
      'u1',
      'u2',
    ]);
    expect(renderTable(people, { settings: { sorting: [{ id: 'assignee', desc: true }] } }).ids()).toEqual([
      'zo',
      'bo',
      'ad',
      'u1',
      'u2',
    ]);
  });

  it('keeps rows without an agent task last in both directions', () => {
    const rows = [
      item('none', { agentTask: null }),
      item('b', { agentTask: 'build' }),
      item('i', { agentTask: 'investigate' }),
    ];
    expect(renderTable(rows, { settings: { sorting: [{ id: 'agentTask', desc: false }] } }).ids()).toEqual([
      'i',
      'b',
      'none',
    ]);
    expect(renderTable(rows, { settings: { sorting: [{ id: 'agentTask', desc: true }] } }).ids()).toEqual([
      'b',
      'i',
      'none',
    ]);
  });

  it('sorts statuses in workflow order and breaks ties with a secondary sort', () => {
    const rows = [
      item('r-old', { status: 'resolved', createdAt: 1 }),
      item('o-old', { status: 'open', createdAt: 1 }),
      item('d', { status: 'deferred', createdAt: 5 }),
      item('o-new', { status: 'open', createdAt: 9 }),
    ];
    const sorting = [
      { id: 'status', desc: false },
      { id: 'created', desc: true },
    ];
    expect(renderTable(rows, { settings: { sorting } }).ids()).toEqual(['o-new', 'o-old', 'd', 'r-old']);
  });

  it('opens in created-descending order by default', () => {
    const rows = [item('old', { createdAt: 1 }), item('new', { createdAt: 3 }), item('mid', { createdAt: 2 })];
    expect(renderTable(rows).ids()).toEqual(['new', 'mid', 'old']);
  });

  it('shows the API order when every sort is removed, and keeps it for ties', () => {
    const rows = [item('c', { replyCount: 1 }), item('a', { replyCount: 0 }), item('b', { replyCount: 1 })];
    expect(renderTable(rows, { settings: { sorting: [] } }).ids()).toEqual(['c', 'a', 'b']);
    expect(renderTable(rows, { settings: { sorting: [{ id: 'replies', desc: true }] } }).ids()).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('cycles a header through ascending, descending and none', () => {
    const rows = [item('a'), item('b')];
    const click = (sorting: { id: string; desc: boolean }[]) => {
      const view = renderTable(rows, { settings: { sorting } });
      view.table.getColumn('status')?.getToggleSortingHandler()?.({ shiftKey: false });
      return view.nextSettings().sorting;
    };
    const asc = click([{ id: 'created', desc: true }]);
    expect(asc).toEqual([{ id: 'status', desc: false }]);
    const desc = click(asc);
    expect(desc).toEqual([{ id: 'status', desc: true }]);
    expect(click(desc)).toEqual([]);
  });

  it('adds a secondary sort on Shift+click instead of replacing the first', () => {
    const view = renderTable([item('a')], { settings: { sorting: [{ id: 'created', desc: true }] } });
    view.table.getColumn('assignee')?.getToggleSortingHandler()?.({ shiftKey: true });
    expect(view.nextSettings().sorting).toEqual([
      { id: 'created', desc: true },
      { id: 'assignee', desc: false },
    ]);
  });

  it('does not offer sorting on the checkbox column', () => {
    expect(
      renderTable([item('a')])
        .table.getColumn('select')
        ?.getCanSort(),
    ).toBe(false);
  });
});
