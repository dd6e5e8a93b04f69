import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';
import { useSession } from '../../stores/session-store.js';
import { draftsKey, readStoredDrafts, writeStoredDrafts, type DraftReader, type Stored } from './draft-storage.js';

/** Drafts of one kind (replies per thread, new threads per project) and what is done to them. */
interface DraftsState<D> {
  drafts: Record<string, D>;
  /** Whose drafts these are: the active saved connection, or null (then they live in memory only). */
  connectionId: string | null;
  /** Switches to a connection's drafts as stored; drafts written with no connection yet are kept. */
  load(connectionId: string | null): void;
  update(key: string, patch: Partial<D>): void;
  clear(key: string): void;
}

interface DraftStoreSpec<D extends { body: string }, E> {
  /** Local storage key before the connection's id. */
  prefix: string;
  empty: D;
  /** Worth keeping: a draft with nothing in it is not stored. */
  hasContent(d: D): boolean;
  read: DraftReader<D>;
  /** More state and actions on the same store (e.g. focus requests). */
  extend?(set: StoreApi<DraftsState<D> & E>['setState'], get: () => DraftsState<D> & E): E;
  /** Where drafts are kept; tests hand in their own. By default the page's local storage. */
  storage?: () => KeyValueStorage | null;
  /** Follow the signed-in connection (the app does; a test drives `load` itself). */
  followSession?: boolean;
}

interface DraftStore<D, E> {
  useStore: UseBoundStore<StoreApi<DraftsState<D> & E>>;
  /** Writes the current connection's drafts with something in them, now. */
  saveNow(): void;
  /** Replaces where drafts are kept (undefined: back to local storage). */
  setStorage(s: KeyValueStorage | null | undefined): void;
}

/** Writes pauses in typing, not every key: at most one write per this many ms. */
const SAVE_DELAY_MS = 300;

/**
 * A store of drafts by key, kept per connection in local storage (draft-storage): switching
 * away, closing, a refused post, a reload or a restart never loses what was typed. A draft
 * goes away only when cleared (once posted).
 */
export function createDraftStore<D extends { body: string }, E extends object = object>(
  spec: DraftStoreSpec<D, E>,
): DraftStore<D, E> {
  /** When each draft was last edited, for keeping the newest ones in storage. */
  const editedAt = new Map<string, number>();
  let storageOverride: KeyValueStorage | null | undefined;
  const storage = (): KeyValueStorage | null =>
    storageOverride !== undefined ? storageOverride : spec.storage ? spec.storage() : defaultStorage();
  let saveTimer: ReturnType<typeof setTimeout> | null = null;

  const useStore = create<DraftsState<D> & E>()((set, get) => ({
    ...(spec.extend ? spec.extend(set, get) : ({} as E)),
    drafts: {},
    connectionId: null,
    load: (connectionId) => {
      if (connectionId === get().connectionId) return;
      saveNow();
      const stored = connectionId ? readStoredDrafts(draftsKey(spec.prefix, connectionId), spec.read, storage()) : {};
      editedAt.clear();
      const drafts: Record<string, D> = {};
      for (const [key, { at, ...d }] of Object.entries(stored)) {
        drafts[key] = d as unknown as D;
        editedAt.set(key, at);
      }
      // Typed before any connection was known (nothing to store it under yet): kept over the stored one.
      const unsaved = get().connectionId === null ? get().drafts : {};
      set({ connectionId, drafts: { ...drafts, ...unsaved } } as Partial<DraftsState<D> & E>);
    },
    update: (key, patch) => {
      editedAt.set(key, Date.now());
      set(
        (s) =>
          ({ drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? spec.empty), ...patch } } }) as Partial<
            DraftsState<D> & E
          >,
      );
    },
    clear: (key) => {
      editedAt.delete(key);
      set((s) => {
        const { [key]: _gone, ...rest } = s.drafts;
        return { drafts: rest } as Partial<DraftsState<D> & E>;
      });
    },
  }));

  function saveNow(): void {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    const { connectionId, drafts } = useStore.getState();
    if (!connectionId) return;
    const stored: Record<string, Stored<D>> = {};
    for (const [key, d] of Object.entries(drafts))
      if (spec.hasContent(d)) stored[key] = { ...d, at: editedAt.get(key) ?? 0 };
    writeStoredDrafts(draftsKey(spec.prefix, connectionId), stored, storage());
  }

  useStore.subscribe((s, prev) => {
    if (s.drafts === prev.drafts || s.connectionId !== prev.connectionId || !s.connectionId) return;
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
  });

  if (spec.followSession !== false) {
    // Each connection has its own drafts: switching (or signing in after a reload) reads them.
    const activeConnection = () => useSession.getState().active?.connection.id ?? null;
    useSession.subscribe(() => useStore.getState().load(activeConnection()));
    useStore.getState().load(activeConnection());
  }

  // A reload or quit within the save delay still keeps the last keys typed.
  if (typeof window !== 'undefined') window.addEventListener('pagehide', saveNow);

  return {
    useStore,
    saveNow,
    setStorage: (s) => {
      storageOverride = s;
    },
  };
}
