import type { Db } from './open.js';
import type { TableName } from './write-tracker.js';
import { versionSourceOf, type Version, type VersionAt, type VersionSource } from './versions.js';

interface Entry<V> {
  version: Version;
  inputs: readonly string[] | null;
  value: Promise<V>;
  /** Set once the load has finished, so peek() can answer without waiting. */
  settled: { value: V } | null;
}

const sameInputs = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/** A cached value after a write (see ReadCache.patch): the new value (and inputs), or undefined to drop it. */
type Change<V> = (
  value: V,
  inputs: readonly string[] | null,
) => { value: V; inputs?: readonly string[] | null } | undefined;

/** See ReadCache.refresher. */
export interface Refresher {
  before(at: VersionAt): void;
  after(t: Db, at: VersionAt): Promise<() => void>;
}

/**
 * Results of reads, kept until one of the tables they were read from is written (see
 * storage/versions.ts), per database, for at most `maxEntries` keys (least recently used go).
 * Concurrent misses for one key share one load. A database without a version source, or
 * tables its source cannot version, are never cached: every get loads.
 */
export class ReadCache<K, V> {
  private readonly perDb = new WeakMap<VersionSource, Map<K, Entry<V>>>();
  /** Loads started, for tests that check what a write left in memory (never for answers). */
  loads = 0;

  constructor(
    /** Every table the load reads, directly or through other caches. */
    private readonly tables: readonly TableName[],
    private readonly maxEntries: number,
    /**
     * The key is a project ID and the load reads only that project's rows (of the
     * project-owned tables): writes declared within other projects leave it valid.
     */
    private readonly keyIsProject = false,
  ) {}

  private projectOf(key: K): string | undefined {
    return this.keyIsProject ? (key as string) : undefined;
  }

  private entriesOf(source: VersionSource): Map<K, Entry<V>> {
    let entries = this.perDb.get(source);
    if (!entries) {
      entries = new Map();
      this.perDb.set(source, entries);
    }
    return entries;
  }

  /**
   * The value for `key`, loaded when missing or stale. `inputs`, when given, are what the
   * load depends on besides the tables (the IDs it reads, say): a different list misses.
   */
  get(db: Db, key: K, load: () => Promise<V>, inputs: readonly string[] | null = null): Promise<V> {
    const source = versionSourceOf(db);
    // Taken before the load reads anything, so a write during the load makes the entry stale.
    const version = source?.current(this.tables, this.projectOf(key)) ?? null;
    if (source === null || version === null) return load();
    if (typeof version === 'object') return version.then((v) => this.getAt(source, key, v, load, inputs));
    return this.getAt(source, key, version, load, inputs);
  }

  private getAt(
    source: VersionSource,
    key: K,
    version: Version,
    load: () => Promise<V>,
    inputs: readonly string[] | null,
  ): Promise<V> {
    const entries = this.entriesOf(source);
    const hit = this.fresh(entries, key, version, inputs);
    if (hit) return hit.value;
    this.loads++;
    const value = load();
    const entry: Entry<V> = { version, inputs, value, settled: null };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > this.maxEntries) entries.delete(entries.keys().next().value as K);
    value.then(
      (v) => {
        entry.settled = { value: v };
      },
      // A failed load is not kept: the next request tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The value for `key` when it is loaded and still fresh, without waiting or loading:
   * undefined otherwise (the caller then goes through get()). Lets the hottest requests
   * be answered without a trip through the promise queue.
   */
  peek(db: Db, key: K, inputs: readonly string[] | null = null): V | undefined {
    const source = versionSourceOf(db);
    const entries = source && this.perDb.get(source);
    if (!source || !entries) return undefined;
    const version = source.known(this.tables, this.projectOf(key));
    return version === undefined ? undefined : this.fresh(entries, key, version, inputs)?.settled?.value;
  }

  /**
   * The last value loaded for `key`, fresh or not, without waiting: a hint for work that may
   * start before freshness is known and is checked against the fresh value (never an answer).
   */
  lastLoaded(db: Db, key: K): V | undefined {
    const source = versionSourceOf(db);
    return (source && this.perDb.get(source)?.get(key)?.settled?.value) ?? undefined;
  }

  /** The version for `key` inside a write (see writeTransaction); null when it cannot be told. */
  versionIn(at: VersionAt, key: K): Version | null {
    return at(this.tables, this.projectOf(key));
  }

  /**
   * Replaces the value for `key` by `change(value)` after a write whose every statement ran
   * between versions `before` and `after` (taken inside its transaction, so nothing else
   * ran in between), and which `change` accounts for. Only a loaded value that was fresh
   * right before the write is patched; anything else is left to go stale and be read again.
   * `change` returning undefined means it cannot account for the write: the entry goes.
   * It may also give the inputs the new value depends on (a window that gained a thread).
   */
  patch(db: Db, key: K, before: Version, after: Version, change: Change<V>): void {
    const source = versionSourceOf(db);
    const entries = source && this.perDb.get(source);
    const hit = entries?.get(key);
    if (!entries || !hit?.settled || hit.version !== before) return;
    const next = change(hit.settled.value, hit.inputs);
    if (next === undefined) {
      entries.delete(key);
      return;
    }
    const inputs = next.inputs === undefined ? hit.inputs : next.inputs;
    entries.set(key, { version: after, inputs, value: Promise.resolve(next.value), settled: { value: next.value } });
  }

  /**
   * patch() for a write in a transaction (storage/write-transaction.ts): `before(at)` inside it
   * before it writes, `after(t, at)` inside it once it has written (`at`: the write's versions), which calls `reread(t, value, inputs)` (when the write
   * moved this entry's version and the entry is loaded) for what the write changed; the
   * function it returns, called once the transaction committed, patches the entry with that.
   * `always`: also when the write did not touch the entry's tables, for entries whose
   * inputs it may change (the threads of a window that one came into).
   */
  refresher(
    db: Db,
    key: K,
    reread: (t: Db, value: V, inputs: readonly string[] | null) => Promise<Change<V>>,
    always = false,
  ): Refresher {
    let before: Version | null = null;
    return {
      before: (at) => {
        before = this.versionIn(at, key);
      },
      after: async (t, at) => {
        const after = this.versionIn(at, key);
        const source = versionSourceOf(db);
        const hit = source && this.perDb.get(source)?.get(key);
        if (
          before === null ||
          after === null ||
          (after === before && !always) ||
          !hit?.settled ||
          hit.version !== before
        )
          return () => {};
        const change = await reread(t, hit.settled.value, hit.inputs);
        const from = before;
        return () => this.patch(db, key, from, after, change);
      },
    };
  }

  private fresh(
    entries: Map<K, Entry<V>>,
    key: K,
    version: Version,
    inputs: readonly string[] | null,
  ): Entry<V> | null {
    const hit = entries.get(key);
    if (!hit || hit.version !== version || !sameInputs(hit.inputs, inputs)) return null;
    // Re-inserted so the map's order stays least recently used first; only worth its cost
    // once evictions come near.
    if (entries.size > this.maxEntries / 2) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  }
}
