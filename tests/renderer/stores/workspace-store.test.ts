import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspace } from '../../../src/renderer/stores/workspace-store.js';

beforeEach(() => {
  useWorkspace.setState({ projectId: null, view: 'board', filters: {}, historyMode: 'push' });
});

describe('workspace store', () => {
  it('opens a new project unfiltered, in the view last used', () => {
    useWorkspace.getState().enter('p1', { view: 'table', filters: { status: 'open' } });
    useWorkspace.getState().enter('p2');
    expect(useWorkspace.getState()).toMatchObject({ projectId: 'p2', view: 'table', filters: {} });
  });

  it('restores the view and filters a URL carried, dropping bad values', () => {
    useWorkspace
      .getState()
      .enter('p1', { view: 'table', filters: { status: 'open', type: ' bug ', task: 'x' as never } });
    expect(useWorkspace.getState()).toMatchObject({
      projectId: 'p1',
      view: 'table',
      filters: { status: 'open', type: 'bug' },
    });
  });

  it('makes each picked filter a history step, but refining a search only replaces it', () => {
    const ws = useWorkspace.getState();
    ws.setFilter('status', 'open');
    expect(useWorkspace.getState().historyMode).toBe('push');
    ws.setFilter('q', 'pay', { typing: true });
    expect(useWorkspace.getState().historyMode).toBe('push');
    ws.setFilter('q', 'pay now', { typing: true });
    expect(useWorkspace.getState()).toMatchObject({
      historyMode: 'replace',
      filters: { status: 'open', q: 'pay now' },
    });
  });

  it('changes nothing (and makes no history step) for the filters already shown', () => {
    useWorkspace.getState().setFilter('status', 'open');
    const before = useWorkspace.getState();
    useWorkspace.getState().setFilter('status', 'open');
    useWorkspace.getState().show('board', { status: 'open' });
    expect(useWorkspace.getState()).toBe(before);
  });

  it('shows a saved view’s view and filters in one update', () => {
    let updates = 0;
    const unsubscribe = useWorkspace.subscribe(() => updates++);
    useWorkspace.getState().show('table', { type: 'bug', assignee: 'me' });
    unsubscribe();
    expect(updates).toBe(1);
    expect(useWorkspace.getState()).toMatchObject({
      view: 'table',
      filters: { type: 'bug', assignee: 'me' },
      historyMode: 'push',
    });
  });

  it('clears every filter', () => {
    useWorkspace.getState().setFilters({ status: 'resolved', page: '/cart' });
    useWorkspace.getState().clearFilters();
    expect(useWorkspace.getState().filters).toEqual({});
  });
});
