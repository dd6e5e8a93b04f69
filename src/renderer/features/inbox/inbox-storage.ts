import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';
import { readJson, readProjectTimes, writeJson, writeProjectTimes } from '../../stores/local-json.js';

/**
 * What the inbox keeps on this machine, per connection (keyed by the connection's id only,
 * never its URL or token): which entries were read, whether desktop notifications are on,
 * and which assignments and mentions were already notified.
 */
const PREFIX = 'triage-desk:inbox:';
const SET_MAX = 2000;

function readSet(key: string, storage: KeyValueStorage | null): Set<string> {
  const v = readJson(key, storage);
  return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
}

function writeSet(key: string, set: ReadonlySet<string>, storage: KeyValueStorage | null): void {
  // Newest last: keep the most recent when trimming.
  writeJson(key, [...set].slice(-SET_MAX), storage);
}

export function createInboxStorage(connectionId: string, storage: KeyValueStorage | null = defaultStorage()) {
  const k = (what: string) => `${PREFIX}${what}:${connectionId}`;
  return {
    readKeys: () => readSet(k('read'), storage),
    saveReadKeys: (keys: ReadonlySet<string>) => writeSet(k('read'), keys, storage),
    /** Off unless the person turned them on for this connection. */
    notificationsOn: () => readJson(k('notify'), storage) === true,
    setNotificationsOn: (on: boolean) => writeJson(k('notify'), on, storage),
    notifiedKeys: () => readSet(k('notified'), storage),
    saveNotifiedKeys: (keys: ReadonlySet<string>) => writeSet(k('notified'), keys, storage),
    /** Per project: the time up to which the notifier has already looked (ms since 1970). */
    checkedUntil: () => readProjectTimes(k('checked'), storage),
    saveCheckedUntil: (value: Record<string, number>) => writeProjectTimes(k('checked'), value, storage),
  };
}
