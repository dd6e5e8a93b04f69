import { beforeEach, describe, expect, it } from 'vitest';
import {
  STORED_BODY_MAX,
  STORED_DRAFTS_MAX,
  draftsKey as keyFor,
  readStoredDrafts,
  writeStoredDrafts,
  type Stored,
} from '../../../../src/renderer/components/compose/draft-storage.js';
import {
  REPLY_DRAFTS_PREFIX,
  readReplyDraft,
  saveNow,
  setDraftStorage,
  useDrafts,
  type ReplyDraft,
} from '../../../../src/renderer/features/thread/reply-drafts-store.js';
import type { KeyValueStorage } from '../../../../src/renderer/stores/last-project.js';
import { NO_RESOLUTION } from '../../../../src/renderer/components/compose/mentions.js';
import { memoryStorage } from '../../support/memory-storage.js';

/** Local storage as the page has it: strings by key. */
type StoredDraft = Stored<ReplyDraft>;
const draftsKey = (connectionId: string) => keyFor(REPLY_DRAFTS_PREFIX, connectionId);
const readDrafts = (connectionId: string, storage: KeyValueStorage | null) =>
  readStoredDrafts(draftsKey(connectionId), readReplyDraft, storage);
const writeDrafts = (connectionId: string, drafts: Record<string, StoredDraft>, storage: KeyValueStorage | null) =>
  writeStoredDrafts(draftsKey(connectionId), drafts, storage);
const draft = (body: string, at: number): StoredDraft => ({
  body,
  people: [],
  resolution: NO_RESOLUTION,
  links: [],
  resolveAfter: false,
  at,
});

describe('stored reply drafts', () => {
  it('read back what was written, per connection', () => {
    const storage = memoryStorage();
    const a = {
      ...draft('Fixed in the next build, @Alex Kim', 5),
      people: [{ id: 'u-kim', name: 'Alex Kim' }],
      links: [{ url: 'https://ci.example/1', label: 'build' }],
      resolveAfter: true,
    };
    writeDrafts('c1', { t1: a }, storage);
    expect(readDrafts('c1', storage)).toEqual({ t1: a });
    expect(readDrafts('c2', storage)).toEqual({});
  });

  it('keep the most recently edited ones, each body bounded', () => {
    const storage = memoryStorage();
    const many = Object.fromEntries(
      Array.from({ length: STORED_DRAFTS_MAX + 5 }, (_, i) => [
        `t${i}`,
        draft(i === 0 ? 'x'.repeat(STORED_BODY_MAX + 100) : `draft ${i}`, i),
      ]),
    );
    writeDrafts('c1', many, storage);
    const back = readDrafts('c1', storage);
    expect(Object.keys(back)).toHaveLength(STORED_DRAFTS_MAX);
    expect(back['t0']).toBeUndefined();
    expect(back[`t${STORED_DRAFTS_MAX + 4}`]?.body).toBe(`draft ${STORED_DRAFTS_MAX + 4}`);
    writeDrafts('c2', { big: draft('y'.repeat(STORED_BODY_MAX * 2), 1) }, storage);
    expect(readDrafts('c2', storage)['big']?.body).toHaveLength(STORED_BODY_MAX);
  });

  it('ignore a corrupt stored value, whole or in part, without throwing', () => {
    const storage = memoryStorage();
    storage.data.set(draftsKey('c1'), '{not json');
    expect(readDrafts('c1', storage)).toEqual({});
    storage.data.set(draftsKey('c1'), '["a list"]');
    expect(readDrafts('c1', storage)).toEqual({});
    storage.data.set(
      draftsKey('c1'),
      JSON.stringify({
        good: {
          body: 'kept',
          people: [{ id: 1 }],
          links: 'no',
          resolution: { chosen: { alex: { id: 'u', name: 'A' }, bad: 3 }, ignored: [1, 'sam'] },
        },
        bad: { body: 42 },
        worse: null,
      }),
    );
    expect(readDrafts('c1', storage)).toEqual({
      good: {
        body: 'kept',
        people: [],
        links: [],
        resolution: { chosen: { alex: { id: 'u', name: 'A' } }, ignored: ['sam'] },
        resolveAfter: false,
        at: 0,
      },
    });
    const throwing = {
      getItem: () => {
        throw new Error('blocked by policy');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readDrafts('c1', throwing)).toEqual({});
    expect(() => writeDrafts('c1', {}, throwing)).not.toThrow();
  });
});

describe('the drafts store', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    setDraftStorage(storage);
    useDrafts.setState({ drafts: {}, connectionId: null, focusRequests: {} });
  });

  it('keeps a connection’s drafts across a reload, and forgets one once posted', () => {
    useDrafts.getState().load('c1');
    useDrafts.getState().update('t1', { body: 'Half a reply' });
    useDrafts.getState().update('t2', { body: '' });
    saveNow();
    expect(Object.keys(readDrafts('c1', storage))).toEqual(['t1']);

    // A reload: the page starts with no drafts, then the connection is known again.
    useDrafts.setState({ drafts: {}, connectionId: null });
    useDrafts.getState().load('c1');
    expect(useDrafts.getState().drafts['t1']?.body).toBe('Half a reply');

    // Another connection has its own.
    useDrafts.getState().load('c2');
    expect(useDrafts.getState().drafts).toEqual({});
    useDrafts.getState().load('c1');

    useDrafts.getState().clear('t1');
    saveNow();
    expect(readDrafts('c1', storage)).toEqual({});
  });

  it('starts from a corrupt stored value as from none', () => {
    storage.data.set(draftsKey('c1'), '{"t1": {"body": ');
    useDrafts.getState().load('c1');
    expect(useDrafts.getState().drafts).toEqual({});
  });
});
