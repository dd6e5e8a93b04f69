import { LIMITS } from '../../shared/api/index.js';
import { byEventOrder, countMergedDuplicates, eventsOf, messagesOf, type HistoryEvent, type HistoryMessage } from '../storage/history.js';
import { readThread, scanThreads, type ThreadRow } from '../storage/items.js';
import type { Db } from '../storage/open.js';
import { projectRecordRefresher } from '../storage/projects.js';
import { ReadCache, type Refresher } from '../storage/read-cache.js';
import { trackerOf, type TableName } from '../storage/write-tracker.js';
import { groupBy } from './report-rows.js';

/** Messages and events of the window's threads, as the reports read them. */
export interface WindowHistory {
  /** In thread order (by thread ID, then position), as storage/history.ts returns them. */
  messages: readonly HistoryMessage[];
  /** Oldest first. */
  events: readonly HistoryEvent[];
  messagesByItem: ReadonlyMap<string, readonly HistoryMessage[]>;
  eventsByItem: ReadonlyMap<string, readonly HistoryEvent[]>;
}

/**
 * Objects shared between requests are frozen: a handler that tried to change one would
 * throw instead of corrupting other requests' answers.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // A frozen Map can still be changed through set(): its values are frozen, the map is typed read-only.
    for (const v of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** deepFreeze for lists of flat records (rows, messages): one freeze per record, no walk. */
function freezeRecords<T extends object>(list: T[]): readonly T[] {
  for (const r of list) Object.freeze(r);
  return Object.freeze(list);
}

/**
 * Everything the whole-project reads (items, review, similar, source, whats-new, decisions)
 * are computed from: the scan window of a project, read once and shared until a table it
 * comes from is written. Values derived from it (summary, word index, review rows…) are
 * computed on first use and kept with it, so they go stale together.
 */
export class ProjectSnapshot {
  private readonly derived = new Map<string, unknown>();
  /** How derived values carry over to a patched snapshot, by name (see withThread). */
  private readonly carried = new Map<string, Carry<unknown>>();
  /**
   * Values of the snapshot this one was patched from that are adjusted only when first asked
   * for (see withThread). `depth` counts the patches waiting in the chain; past
   * MAX_PENDING_PATCHES the value is computed anew.
   */
  private readonly inherited = new Map<string, { depth: number; get: () => { value: unknown } | null }>();

  constructor(
    private readonly db: Db,
    readonly projectId: string,
    /** The most recent live threads, newest first (docs/api-decisions.md "Scan window"). */
    readonly threads: readonly ThreadRow[],
    /** The project has more live threads than the window holds. */
    readonly capped: boolean,
  ) {}

  /**
   * A value computed from this snapshot once; `name` must identify the computation.
   * `carry`: how a snapshot patched for a status change or an assignment (see withThread)
   * gets the value without computing it again: `true` when the value reads neither status,
   * resolution time nor assignee of any thread (only which threads are in the window, their
   * text and messages), or a function adjusting it for one thread's change. Without it the
   * patched snapshot computes the value again on first use.
   */
  derive<T>(name: string, compute: (s: ProjectSnapshot) => T, carry?: Carry<T>): T {
    if (!this.derived.has(name)) {
      const inherited = this.inherit(name);
      this.derived.set(name, inherited ? inherited.value : compute(this));
      if (carry) this.carried.set(name, carry as Carry<unknown>);
    }
    return this.derived.get(name) as T;
  }

  /** Like derive, for computations that read more; a failed one is tried again next time. */
  deriveAsync<T>(name: string, compute: (s: ProjectSnapshot, db: Db) => Promise<T>, carry?: Carry<Promise<T>>): Promise<T> {
    const known = this.derived.get(name) as Promise<T> | undefined;
    if (known) return known;
    const inherited = this.inherit(name);
    return this.keepAsync(name, inherited ? (inherited.value as Promise<T>) : compute(this, this.db), carry);
  }

  /** The value patched from the previous snapshot's, when there is one (computed now). */
  private inherit(name: string): { value: unknown } | null {
    const from = this.inherited.get(name);
    if (!from) return null;
    this.inherited.delete(name);
    return from.get();
  }

  /** A derived value as it is or as it would be inherited; null when neither. */
  private current(name: string): { value: unknown } | null {
    if (this.derived.has(name)) return { value: this.derived.get(name) };
    return this.inherit(name);
  }

  /** Keeps a value being computed; a failed one is dropped (with how it carries over), so it is tried again. */
  private keepAsync<T>(name: string, value: Promise<T>, carry: Carry<Promise<T>> | undefined): Promise<T> {
    this.derived.set(name, value);
    if (carry) this.carried.set(name, carry as Carry<unknown>);
    value.catch(() => {
      if (this.derived.get(name) !== value) return;
      this.derived.delete(name);
      this.carried.delete(name);
    });
    return value;
  }

  /**
   * This snapshot with one thread's row replaced by `row`, read again after a write that
   * changed only its status, resolution time or assignee (nothing that moves a thread in or
   * out of the window): values derived apart from those carry over, the others are
   * computed again on first use. Undefined when `row` differs in anything else, so the
   * caller reads the window again instead.
   */
  withThread(row: ThreadRow): ProjectSnapshot | undefined {
    const at = this.threads.findIndex((t) => t.id === row.id);
    // Not in the window: nothing the snapshot holds changed.
    if (at < 0) return this;
    const old = this.threads[at]!;
    for (const field of Object.keys(row) as (keyof ThreadRow)[]) {
      if (!PATCHABLE.has(field) && old[field] !== row[field]) return undefined;
    }
    if (Object.keys(old).length !== Object.keys(row).length) return undefined;
    const threads = this.threads.slice();
    // Built from the old row so it keeps its shape: lists filter all rows of the window with
    // the same code, which stays fast only while every row has the same hidden class.
    const patched = { ...old };
    for (const field of PATCHABLE) (patched as Record<string, unknown>)[field] = row[field];
    threads[at] = Object.freeze(patched);
    const next = new ProjectSnapshot(this.db, this.projectId, Object.freeze(threads), this.capped);
    const after = next.threads[at]!;
    for (const [name, carry] of this.carried) {
      const value = this.derived.get(name);
      // Values at hand are adjusted now, during the write, before its answer leaves: the next
      // read finds them ready. Values still to come (a promise, a patch not yet applied) are
      // adjusted when first read, so no work is left running behind the write's answer.
      if (this.derived.has(name) && !(value instanceof Promise)) {
        next.derived.set(name, carry === true ? value : carry(value, old, after, next));
        next.carried.set(name, carry);
        continue;
      }
      const depth = this.derived.has(name) ? 1 : (this.inherited.get(name)?.depth ?? 0) + 1;
      if (depth > MAX_PENDING_PATCHES) continue;
      next.carried.set(name, carry);
      next.inherited.set(name, {
        depth,
        get: () => {
          const known = this.current(name);
          return known && { value: carry === true ? known.value : carry(known.value, old, after, next) };
        },
      });
    }
    return next;
  }

  /** Messages of the window's threads; similar and the text filter need no events. */
  messages(): Promise<Grouped<HistoryMessage>> {
    return this.deriveAsync('messages', (s, db) => windowMessages.get(db, s.projectId, s.ids()), true);
  }

  history(): Promise<WindowHistory> {
    return this.deriveAsync('history', async (s, db) => {
      const [m, e] = await Promise.all([s.messages(), windowEvents.get(db, s.projectId, s.ids())]);
      return { messages: m.list, messagesByItem: m.byItem, events: e.list, eventsByItem: e.byItem };
    });
  }

  private ids(): string[] {
    return this.derive('ids', (s) => s.threads.map((t) => t.id), true);
  }

  /** Merged duplicates of the whole project (the review's count), not only of the window. */
  mergedDuplicates(): Promise<number> {
    return this.deriveAsync('mergedDuplicates', (s, db) => countMergedDuplicates(db, s.projectId), true);
  }
}

/** Patches a derived value may wait for before it is computed anew instead (ProjectSnapshot.inherited). */
const MAX_PENDING_PATCHES = 16;

/** See ProjectSnapshot.derive. */
export type Carry<T> = true | ((value: T, before: ThreadRow, after: ThreadRow, next: ProjectSnapshot) => T);

/** The fields a status change or an assignment changes in a thread's row. */
const PATCHABLE: ReadonlySet<keyof ThreadRow> = new Set<keyof ThreadRow>(['status', 'resolvedAt', 'assigneeId', 'assigneeName']);

/** Projects whose snapshot (and window messages and events) are kept. */
const SNAPSHOTS_KEPT = 8;

export interface Grouped<T> {
  list: readonly T[];
  byItem: ReadonlyMap<string, readonly T[]>;
}

/**
 * The messages (or events) of one project's window, kept apart from the snapshot: a write
 * that changes threads but not messages (a status change, an assignment) makes a new
 * snapshot, which takes the messages of the previous one as long as its window holds the
 * same threads and no message was written since. Derived values keyed by these arrays
 * (similar's word sets) carry over with them.
 */
class WindowPart<T extends object> {
  private readonly cache: ReadCache<string, Grouped<T>>;

  constructor(
    tables: readonly TableName[],
    private readonly read: (db: Db, ids: string[]) => Promise<T[]>,
    private readonly itemOf: (x: T) => string,
  ) {
    this.cache = new ReadCache(tables, SNAPSHOTS_KEPT, true);
  }

  /**
   * For a write that adds to one thread's records (an event of a status change or an
   * assignment): they are read again inside its transaction and merged into the window's
   * list in `order`, which must be the list's own (a total order), once it committed.
   */
  refresher(db: Db, projectId: string, thread: string, order: (a: T, b: T) => number): Refresher {
    return this.cache.refresher(db, projectId, async (t) => {
      const mine = freezeRecords((await this.read(t, [thread])).sort(order));
      return (window, ids) => {
        if (!ids?.includes(thread)) return window;
        // One pass: the thread's old records out, its records as read now merged in, in order.
        const list: T[] = [];
        let i = 0;
        for (const x of window.list) {
          if (this.itemOf(x) === thread) continue;
          while (i < mine.length && order(mine[i]!, x) < 0) list.push(mine[i++]!);
          list.push(x);
        }
        while (i < mine.length) list.push(mine[i++]!);
        const byItem = new Map(window.byItem);
        if (mine.length > 0) byItem.set(thread, mine);
        else byItem.delete(thread);
        return { list: Object.freeze(list), byItem };
      };
    });
  }

  loads(): number {
    return this.cache.loads;
  }

  get(db: Db, projectId: string, ids: string[]): Promise<Grouped<T>> {
    return this.cache.get(
      db,
      projectId,
      async () => {
        const list = freezeRecords(await this.read(db, ids));
        const byItem = groupBy(list, this.itemOf);
        for (const group of byItem.values()) Object.freeze(group);
        return { list, byItem };
      },
      ids,
    );
  }
}

const windowMessages = new WindowPart<HistoryMessage>(['messages', 'users'], messagesOf, (m) => m.itemId);
const windowEvents = new WindowPart<HistoryEvent>(['item_events', 'users'], eventsOf, (e) => e.itemId);

/**
 * Every table a snapshot or anything derived from it reads: threads, their messages and
 * authors' names, their events. Writes to others (notifications, bookmarks, rules…) leave
 * snapshots valid. A few projects are kept; each holds at most one window of threads.
 */
const SNAPSHOT_TABLES: readonly TableName[] = ['items', 'messages', 'users', 'item_events'];
const snapshots = new ReadCache<string, ProjectSnapshot>(SNAPSHOT_TABLES, SNAPSHOTS_KEPT, true);

/**
 * Reads of windows (threads, their messages, their events) from the database so far, all
 * projects together: tests check what a write left in memory with it.
 */
export function windowLoads(): number {
  return snapshots.loads + windowMessages.loads() + windowEvents.loads();
}

/** The project's snapshot when it is in memory and fresh; undefined when it must be read. */
export function snapshotInMemory(db: Db, projectId: string): ProjectSnapshot | undefined {
  return snapshots.peek(db, projectId);
}

export function projectSnapshot(db: Db, projectId: string): Promise<ProjectSnapshot> {
  return snapshots.get(db, projectId, async () => {
    const rows = await scanThreads(db, projectId, LIMITS.scanLimit + 1);
    const capped = rows.length > LIMITS.scanLimit;
    return new ProjectSnapshot(db, projectId, freezeRecords(capped ? rows.slice(0, LIMITS.scanLimit) : rows), capped);
  });
}

/**
 * Runs `write` in one transaction whose statements are declared to be within `projectId`
 * (storage/write-tracker.ts): other projects' snapshots stay in memory. When `thread` is
 * given, the write may change only that thread's status, resolution time or assignee:
 * its row is read again inside the transaction and patched into the project's snapshot
 * once the transaction has committed, instead of the whole window being read again.
 */
export async function writeInProject<T>(db: Db, projectId: string, write: (t: Db) => Promise<T>, thread?: string): Promise<T> {
  const tracker = trackerOf(db);
  if (!tracker) return db.transaction().execute((t) => write(t as unknown as Db));
  const refreshers = [projectRecordRefresher(db, projectId)];
  if (thread !== undefined) {
    // Events first: values derived from the patched snapshot may read them right away.
    refreshers.push(
      windowEvents.refresher(db, projectId, thread, byEventOrder),
      snapshots.refresher(db, projectId, async (t) => {
        const row = await readThread(t, thread);
        // A thread that is not live (merged, gone) cannot be patched: the window is read again.
        return (s) => (row ? s.withThread(row) : undefined);
      }),
    );
  }
  const patches: (() => void)[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const t = trx.withPlugin(tracker.marker(projectId)) as unknown as Db;
    // Inside the transaction the connection is ours: only `write` moves the versions.
    for (const r of refreshers) r.before();
    const value = await write(t);
    for (const r of refreshers) patches.push(await r.after(t));
    return value;
  });
  for (const p of patches) p();
  return result;
}
