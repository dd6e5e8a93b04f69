import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';

/**
 * What the inbox keeps on this machine, per connection (keyed by the connection's id only,
 * never its URL or token): which entries were read, whether desktop notifications are on,
 * and which assignments and mentions were already notified.
 */
const PREFIX = 'triage-desk:inbox:';
const SET_MAX = 2000;

function readJson(key: string, storage: KeyValueStorage | null): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string, storage: KeyValueStorage | null): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or policy: forgetting read marks is harmless.
  }
}

function readSet(key: string, storage: KeyValueStorage | null): Set<string> {
  const v = readJson(key, storage);
  return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
}

function writeSet(key: string, set: ReadonlySet<string>, storage: KeyValueStorage | null): void {
  // Newest last: keep the most recent when trimming.
  write(key, JSON.stringify([...set].slice(-SET_MAX)), storage);
}

export function createInboxStorage(connectionId: string, storage: KeyValueStorage | null = defaultStorage()) {
  const k = (what: string) => `${PREFIX}${what}:${connectionId}`;
  return {
    readKeys: () => readSet(k('read'), storage),
    saveReadKeys: (keys: ReadonlySet<string>) => writeSet(k('read'), keys, storage),
    /** Off unless the person turned them on for this connection. */
    notificationsOn: () => readJson(k('notify'), storage) === true,
    setNotificationsOn: (on: boolean) => write(k('notify'), JSON.stringify(on), storage),
    notifiedKeys: () => readSet(k('notified'), storage),
    saveNotifiedKeys: (keys: ReadonlySet<string>) => writeSet(k('notified'), keys, storage),
    /** Per project: the time up to which the notifier has already looked (ms since 1970). */
    checkedUntil(): Record<string, number> {
      const v = readJson(k('checked'), storage);
      if (!v || typeof v !== 'object') return {};
      return Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
    },
    saveCheckedUntil: (value: Record<string, number>) => write(k('checked'), JSON.stringify(value), storage),
  };
}
export type InboxStorage = ReturnType<typeof createInboxStorage>;
