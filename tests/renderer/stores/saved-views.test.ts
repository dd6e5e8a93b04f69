import { describe, expect, it } from 'vitest';
import {
  matchingView,
  parseSavedViews,
  readSavedViews,
  removeView,
  renameView,
  savedViewsKey,
  serializeSavedViews,
  upsertView,
  viewNameProblem,
  writeSavedViews,
  type SavedView,
} from '../../../src/renderer/stores/saved-views.js';
import { memoryStorage } from '../support/memory-storage.js';

let n = 0;
const newId = () => `v${++n}`;

const openBugs: SavedView = {
  id: 'v-open',
  name: 'Open bugs',
  view: 'table',
  filters: { status: 'open', type: 'bug' },
  savedAt: 1,
};

describe('saved views persistence', () => {
  it('stores per project and reads back what was written', () => {
    const storage = memoryStorage();
    expect(writeSavedViews('p1', [openBugs], storage)).toBe(true);
    expect(storage.data.has(savedViewsKey('p1'))).toBe(true);
    expect(readSavedViews('p1', storage)).toEqual([openBugs]);
    expect(readSavedViews('p2', storage)).toEqual([]);
  });

  it('tolerates garbage: unreadable text, wrong shapes, bad entries', () => {
    expect(parseSavedViews(null)).toEqual([]);
    expect(parseSavedViews('{not json')).toEqual([]);
    expect(parseSavedViews('42')).toEqual([]);
    expect(parseSavedViews('{"views": "nope"}')).toEqual([]);
    const mixed = JSON.stringify({
      version: 1,
      views: [
        null,
        'text',
        { id: 'x' },
        {
          id: 'ok',
          name: '  Mine  ',
          view: 'sideways',
          filters: { status: 'closed', type: 'bug', q: 7 },
          savedAt: 'yesterday',
        },
        { id: 'ok', name: 'Same id twice', view: 'board', filters: {} },
        { id: 'other', name: 'MINE', view: 'board', filters: {} },
      ],
    });
    expect(parseSavedViews(mixed)).toEqual([
      { id: 'ok', name: 'Mine', view: 'board', filters: { type: 'bug' }, savedAt: 0 },
    ]);
  });

  it('accepts a bare array (an older format) too', () => {
    expect(parseSavedViews(JSON.stringify([openBugs]))).toEqual([openBugs]);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readSavedViews('p1', broken)).toEqual([]);
    expect(writeSavedViews('p1', [openBugs], broken)).toBe(false);
    expect(writeSavedViews('p1', [openBugs], null)).toBe(false);
  });

  it('round-trips through its own format', () => {
    expect(parseSavedViews(serializeSavedViews([openBugs]))).toEqual([openBugs]);
  });
});

describe('saving, renaming and deleting', () => {
  it('adds a new view and updates one saved under the same name', () => {
    const first = upsertView([], { name: ' Mine ', view: 'board', filters: { status: 'open' } }, 10, newId);
    expect(first.replaced).toBe(false);
    expect(first.views).toEqual([
      { id: first.saved.id, name: 'Mine', view: 'board', filters: { status: 'open' }, savedAt: 10 },
    ]);
    const again = upsertView(first.views, { name: 'mine', view: 'table', filters: { type: 'bug' } }, 20, newId);
    expect(again.replaced).toBe(true);
    expect(again.views).toHaveLength(1);
    expect(again.views[0]).toMatchObject({ id: first.saved.id, view: 'table', filters: { type: 'bug' } });
  });

  it('explains names it cannot take', () => {
    expect(viewNameProblem('   ', [])).toMatch(/name/);
    expect(viewNameProblem('x'.repeat(80), [])).toMatch(/under/);
    expect(viewNameProblem('open BUGS', [openBugs])).toMatch(/already exists/);
    expect(viewNameProblem('Open bugs', [openBugs], openBugs.id)).toBeNull();
  });

  it('renames and deletes by id', () => {
    const renamed = renameView([openBugs], 'v-open', ' Bugs to fix ');
    expect(renamed[0]!.name).toBe('Bugs to fix');
    expect(removeView(renamed, 'v-open')).toEqual([]);
    expect(removeView(renamed, 'unknown')).toEqual(renamed);
  });

  it('finds the saved view that shows exactly what is on screen', () => {
    expect(matchingView([openBugs], 'table', { type: 'bug', status: 'open' })).toBe(openBugs);
    expect(matchingView([openBugs], 'board', { type: 'bug', status: 'open' })).toBeNull();
    expect(matchingView([openBugs], 'table', { type: 'bug' })).toBeNull();
  });
});
