import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage.js';

/** localStorage as the browser has it, so the store persists for real (node has none). */
function installStorage(failWrites = false) {
  const storage = memoryStorage({}, { failWrites });
  vi.stubGlobal('localStorage', storage);
  return storage.data;
}

const { useSavedViews } = await import('../../../src/renderer/stores/saved-views-store.js');
const { savedViewsKey } = await import('../../../src/renderer/stores/saved-views.js');

beforeEach(() => useSavedViews.setState({ projectId: null, views: [], problem: null }));
afterEach(() => vi.unstubAllGlobals());

describe('saved views store', () => {
  it('saves, renames and deletes, persisting each change for the project', () => {
    const data = installStorage();
    const store = useSavedViews.getState();
    store.load('p1');
    const saved = store.save('Mine', 'table', { status: 'open' });
    expect('saved' in saved && saved.replaced).toBe(false);
    expect(JSON.parse(data.get(savedViewsKey('p1'))!).views).toHaveLength(1);

    const id = useSavedViews.getState().views[0]!.id;
    expect(useSavedViews.getState().rename(id, 'Open ones')).toBeNull();
    useSavedViews.setState({ projectId: null });
    useSavedViews.getState().load('p1');
    expect(useSavedViews.getState().views[0]).toMatchObject({
      name: 'Open ones',
      view: 'table',
      filters: { status: 'open' },
    });

    useSavedViews.getState().remove(id);
    expect(JSON.parse(data.get(savedViewsKey('p1'))!).views).toEqual([]);
  });

  it('updates a view saved again under the same name instead of refusing it', () => {
    installStorage();
    useSavedViews.getState().load('p1');
    useSavedViews.getState().save('Mine', 'board', {});
    const again = useSavedViews.getState().save('MINE', 'table', { type: 'bug' });
    expect('saved' in again && again.replaced).toBe(true);
    expect(useSavedViews.getState().views).toHaveLength(1);
  });

  it('refuses an empty name and a rename onto another view’s name, in words', () => {
    installStorage();
    useSavedViews.getState().load('p1');
    expect(useSavedViews.getState().save('  ', 'board', {})).toEqual({ problem: 'Give the view a name.' });
    useSavedViews.getState().save('A', 'board', {});
    useSavedViews.getState().save('B', 'board', {});
    const b = useSavedViews.getState().views.find((v) => v.name === 'B')!;
    expect(useSavedViews.getState().rename(b.id, 'a')).toMatch(/already exists/);
  });

  it('keeps the view for now and says so when storage refuses it', () => {
    installStorage(true);
    useSavedViews.getState().load('p1');
    useSavedViews.getState().save('Mine', 'board', {});
    expect(useSavedViews.getState().views).toHaveLength(1);
    expect(useSavedViews.getState().problem).toMatch(/could not be stored/);
  });

  it('starts empty when what is stored is garbage', () => {
    const data = installStorage();
    data.set(savedViewsKey('p9'), '{"views": [1, 2, {"id": 3}]');
    useSavedViews.getState().load('p9');
    expect(useSavedViews.getState().views).toEqual([]);
  });
});
