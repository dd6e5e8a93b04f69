import { create } from 'zustand';
import { useSession } from '../../stores/session-store.js';
import { createInboxStorage } from './inbox-storage.js';

/**
 * What the person decided about the inbox on this computer, for the active connection: which
 * entries they read and whether desktop notifications are on. The entries themselves are
 * server state (`inbox-query.ts`).
 */
interface InboxState {
  /** The connection these marks and this choice belong to. */
  connectionId: string | null;
  /** Keys of the entries read, as stored. */
  read: ReadonlySet<string>;
  notificationsOn: boolean;
  markRead(key: string): void;
  markReadKeys(keys: readonly string[]): void;
  setNotifications(on: boolean): void;
}

const activeConnection = () => useSession.getState().active?.connection.id ?? null;

function storedFor(connectionId: string | null): Pick<InboxState, 'connectionId' | 'read' | 'notificationsOn'> {
  if (!connectionId) return { connectionId, read: new Set(), notificationsOn: false };
  const storage = createInboxStorage(connectionId);
  return { connectionId, read: storage.readKeys(), notificationsOn: storage.notificationsOn() };
}

export const useInbox = create<InboxState>()((set, get) => ({
  ...storedFor(activeConnection()),

  markRead(key) {
    get().markReadKeys([key]);
  },

  /**
   * Adds to what is stored rather than rewriting it from the entries on screen, so a mark made
   * while a load is under way, or for a project that load could not read, is kept.
   */
  markReadKeys(keys) {
    const connectionId = activeConnection();
    if (!connectionId || keys.length === 0) return;
    const storage = createInboxStorage(connectionId);
    const read = storage.readKeys();
    for (const k of keys) {
      read.delete(k); // newest last: trimming keeps the marks made most recently
      read.add(k);
    }
    storage.saveReadKeys(read);
    set({ ...storedFor(connectionId) });
  },

  setNotifications(on) {
    const connectionId = get().connectionId ?? activeConnection();
    if (!connectionId) return;
    createInboxStorage(connectionId).setNotificationsOn(on);
    set({ notificationsOn: on });
  },
}));

/** Reads the marks of a connection from this computer again (after a load forgot those of entries gone). */
export function rereadMarks(connectionId: string): void {
  if (useInbox.getState().connectionId === connectionId) useInbox.setState(storedFor(connectionId));
}

// The marks and the choice follow the active connection.
useSession.subscribe((s) => {
  const connectionId = s.active?.connection.id ?? null;
  if (useInbox.getState().connectionId !== connectionId) useInbox.setState(storedFor(connectionId));
});
