// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftStore } from '../../../../src/renderer/components/compose/draft-store.js';
import { STORED_DRAFTS_MAX, draftsKey, readString } from '../../../../src/renderer/components/compose/draft-storage.js';
import {
  EMPTY_CREATE_DRAFT,
  CREATE_DRAFTS_PREFIX,
  saveCreateDraftsNow,
  useCreateDrafts,
} from '../../../../src/renderer/features/create/create-draft-store.js';
import { REPLY_DRAFTS_PREFIX } from '../../../../src/renderer/features/thread/reply-drafts-store.js';

/** A draft with one field besides the body, enough to see fields survive. */
interface Note {
  body: string;
  tag: string;
}

const PREFIX = 'test:note-drafts:';

/** A store as a page gets it on load: a fresh one over the same local storage is a reload. */
const pageLoad = () =>
  createDraftStore<Note>({
    prefix: PREFIX,
    empty: { body: '', tag: '' },
    hasContent: (d) => d.body.trim().length > 0,
    read: (v) => (typeof v['body'] === 'string' ? { body: v['body'], tag: readString(v['tag']) } : null),
    followSession: false,
  });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('a draft store', () => {
  it('keeps each connection’s drafts apart', () => {
    const { useStore, saveNow } = pageLoad();
    useStore.getState().load('c1');
    useStore.getState().update('a', { body: 'for c1' });
    useStore.getState().load('c2');
    expect(useStore.getState().drafts).toEqual({});
    useStore.getState().update('a', { body: 'for c2', tag: 'x' });
    saveNow();
    useStore.getState().load('c1');
    expect(useStore.getState().drafts).toEqual({ a: { body: 'for c1', tag: '' } });
    useStore.getState().load('c2');
    expect(useStore.getState().drafts).toEqual({ a: { body: 'for c2', tag: 'x' } });
  });

  it('survives a reload through local storage, and forgets a draft once cleared', () => {
    const first = pageLoad();
    first.useStore.getState().load('c1');
    first.useStore.getState().update('a', { body: 'Half written', tag: 'bug' });
    first.useStore.getState().update('empty', { body: '   ' });
    first.saveNow();
    expect(JSON.parse(localStorage.getItem(draftsKey(PREFIX, 'c1'))!)).toEqual({
      a: expect.objectContaining({ body: 'Half written', tag: 'bug' }),
    });

    const reloaded = pageLoad();
    reloaded.useStore.getState().load('c1');
    expect(reloaded.useStore.getState().drafts).toEqual({ a: { body: 'Half written', tag: 'bug' } });
    reloaded.useStore.getState().clear('a');
    reloaded.saveNow();
    const again = pageLoad();
    again.useStore.getState().load('c1');
    expect(again.useStore.getState().drafts).toEqual({});
  });

  it('saves a pause in typing by itself, without saveNow', () => {
    vi.useFakeTimers();
    const { useStore } = pageLoad();
    useStore.getState().load('c1');
    useStore.getState().update('a', { body: 'typed' });
    expect(localStorage.getItem(draftsKey(PREFIX, 'c1'))).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(draftsKey(PREFIX, 'c1'))).toContain('typed');
  });

  it('stores only the newest drafts', () => {
    vi.useFakeTimers();
    const { useStore, saveNow } = pageLoad();
    useStore.getState().load('c1');
    for (let i = 0; i < STORED_DRAFTS_MAX + 3; i++) {
      vi.setSystemTime(1_000 + i);
      useStore.getState().update(`d${i}`, { body: `draft ${i}` });
    }
    // Editing an old one makes it new again.
    vi.setSystemTime(5_000);
    useStore.getState().update('d0', { body: 'draft 0, edited' });
    saveNow();
    const reloaded = pageLoad();
    reloaded.useStore.getState().load('c1');
    const kept = Object.keys(reloaded.useStore.getState().drafts);
    expect(kept).toHaveLength(STORED_DRAFTS_MAX);
    expect(kept).toContain('d0');
    expect(kept).not.toContain('d1');
    expect(kept).not.toContain('d3');
    expect(kept).toContain('d4');
  });

  it('keeps what was typed before a connection was known', () => {
    const { useStore } = pageLoad();
    useStore.getState().update('a', { body: 'before sign-in' });
    useStore.getState().load('c1');
    expect(useStore.getState().drafts['a']?.body).toBe('before sign-in');
  });

  it('ignores bad stored JSON and loses nothing stored elsewhere', () => {
    localStorage.setItem(draftsKey(PREFIX, 'c2'), JSON.stringify({ ok: { body: 'c2 keeps this', at: 1 } }));
    localStorage.setItem(draftsKey(PREFIX, 'c1'), '{"a": {"body": ');
    const { useStore, saveNow } = pageLoad();
    useStore.getState().load('c1');
    expect(useStore.getState().drafts).toEqual({});
    // Written over with good drafts once something is typed.
    useStore.getState().update('a', { body: 'fresh' });
    saveNow();
    expect(JSON.parse(localStorage.getItem(draftsKey(PREFIX, 'c1'))!).a.body).toBe('fresh');
    useStore.getState().load('c2');
    expect(useStore.getState().drafts).toEqual({ ok: { body: 'c2 keeps this', tag: '' } });

    // One bad draft among good ones is dropped alone.
    localStorage.setItem(
      draftsKey(PREFIX, 'c3'),
      JSON.stringify({ good: { body: 'kept', tag: 7 }, bad: { body: 42 }, worse: null, list: [1] }),
    );
    useStore.getState().load('c3');
    expect(useStore.getState().drafts).toEqual({ good: { body: 'kept', tag: '' } });
  });
});

describe('the new-thread drafts', () => {
  it('are kept per connection in local storage, apart from reply drafts', () => {
    useCreateDrafts.getState().load('c9');
    useCreateDrafts
      .getState()
      .update('p1', { url: 'https://shop.example.com/cart', body: 'The total is wrong', selector: '#total' });
    saveCreateDraftsNow();
    const stored = JSON.parse(localStorage.getItem(draftsKey(CREATE_DRAFTS_PREFIX, 'c9'))!) as Record<string, unknown>;
    expect(stored['p1']).toMatchObject({
      url: 'https://shop.example.com/cart',
      body: 'The total is wrong',
      selector: '#total',
    });
    expect(localStorage.getItem(draftsKey(REPLY_DRAFTS_PREFIX, 'c9'))).toBeNull();

    useCreateDrafts.setState({ drafts: {}, connectionId: null });
    useCreateDrafts.getState().load('c9');
    expect(useCreateDrafts.getState().drafts['p1']).toEqual({
      ...EMPTY_CREATE_DRAFT,
      url: 'https://shop.example.com/cart',
      body: 'The total is wrong',
      selector: '#total',
    });
  });
});
