import { LIMITS } from '#shared/api/index.js';
import {
  byEventOrder,
  countMergedDuplicates,
  eventsOf,
  messagesOf,
  type HistoryEvent,
  type HistoryMessage,
} from '../storage/history.js';
import { readThread, scanThreads, scanThreadsAfter, type ThreadRow } from '../storage/items.js';
import type { Db } from '../storage/open.js';
import { projectRecordRefresher } from '../storage/projects.js';
import { ReadCache, type Refresher } from '../storage/read-cache.js';
import type { Version, VersionAt } from '../storage/versions.js';
import type { TableName } from '../storage/write-tracker.js';
import { writeTransaction } from '../storage/write-transaction.js';
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
  /** How derived values carry over to a patched snapshot, by name (see withEdit). */
  private readonly carried = new Map<string, Carry<unknown>>();
  /**
   * Values of the snapshot this one was patched from that are adjusted only when first asked
   * for (see withEdit). `depth` counts the patches waiting in the chain; past
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
   * `carry`: how a snapshot patched for a write (see withEdit) gets the value without
   * computing it again, per kind of change (WindowChange): `true` when the value does not
   * depend on anything that kind of write changes, or a function adjusting it. A kind not
   * named makes the patched snapshot compute the value again on first use.
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
  deriveAsync<T>(
    name: string,
    compute: (s: ProjectSnapshot, db: Db) => Promise<T>,
    carry?: Carry<Promise<T>>,
  ): Promise<T> {
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
   * This snapshot after a write, as planned by editWindow inside the write's transaction:
   * derived values carry over as their Carry says for this kind of change, the others are
   * computed again on first use.
   */
  withEdit(edit: WindowEdit): ProjectSnapshot {
    const next = new ProjectSnapshot(this.db, this.projectId, edit.threads, edit.capped);
    const { change } = edit;
    const atHand: string[] = [];
    for (const [name, carry] of this.carried) {
      const how = carry[change.kind];
      if (how === undefined) continue;
      const depth = this.derived.has(name) ? 1 : (this.inherited.get(name)?.depth ?? 0) + 1;
      if (depth > MAX_PENDING_PATCHES) continue;
      next.carried.set(name, carry);
      next.inherited.set(name, {
        depth,
        get: () => {
          const known = this.current(name);
          return known && { value: how === true ? known.value : how(known.value, change, next) };
        },
      });
      if (this.derived.has(name) && !(this.derived.get(name) instanceof Promise)) atHand.push(name);
    }
    // Values at hand are adjusted now, during the write, before its answer leaves: the next
    // read finds them ready. Values still to come (a promise, a patch not yet applied) are
    // adjusted when first read, so no work is left running behind the write's answer. One
    // value's adjustment may read another's (hotspot answers read the ranking): each is
    // adjusted once, when first asked for.
    for (const name of atHand) {
      if (next.derived.has(name)) continue;
      const inherited = next.inherit(name);
      if (inherited) next.derived.set(name, inherited.value);
    }
    return next;
  }

  /** Messages of the window's threads; similar and the text filter need no events. */
  messages(): Promise<Grouped<HistoryMessage>> {
    // Across a reply or a change of threads, windowMessages has the messages edited (see writeInProject).
    return this.deriveAsync('messages', (s, db) => windowMessages.get(db, s.projectId, s.ids()), { fields: true });
  }

  history(): Promise<WindowHistory> {
    return this.deriveAsync('history', async (s, db) => {
      const [m, e] = await Promise.all([s.messages(), windowEvents.get(db, s.projectId, s.ids())]);
      return { messages: m.list, messagesByItem: m.byItem, events: e.list, eventsByItem: e.byItem };
    });
  }

  private ids(): string[] {
    return this.derive('ids', (s) => s.threads.map((t) => t.id), { fields: true, reply: true });
  }

  /** Merged duplicates of the whole project (the review's count), not only of the window. */
  mergedDuplicates(): Promise<number> {
    return this.deriveAsync('mergedDuplicates', (s, db) => countMergedDuplicates(db, s.projectId), {
      fields: true,
      reply: true,
    });
  }
}

/** Patches a derived value may wait for before it is computed anew instead (ProjectSnapshot.inherited). */
const MAX_PENDING_PATCHES = 16;

/**
 * The kinds of change a write makes to a window:
 * - 'fields': one thread's status, resolution time or assignee (a status change, an assignment);
 * - 'reply': one thread's reply count and messages (a reply);
 * - 'threads': threads came into the window or left it, and other threads' rows changed
 *   (a create, a merge), with their messages and events.
 */
export type ChangeKind = 'fields' | 'reply' | 'threads';

/**
 * What a write changed in a window: `before` holds the window's rows it changed or took
 * out, as they were; `after` the rows it changed or brought in, as they are now.
 */
export interface WindowChange {
  kind: ChangeKind;
  before: readonly ThreadRow[];
  after: readonly ThreadRow[];
}

/** See ProjectSnapshot.derive. */
type Carry<T> = Partial<Record<ChangeKind, true | ((value: T, change: WindowChange, next: ProjectSnapshot) => T)>>;

/** A window after a write (see editWindow). */
interface WindowEdit {
  threads: readonly ThreadRow[];
  capped: boolean;
  change: WindowChange;
}

/** The fields of a thread's row each single-thread kind of write changes. */
const CHANGEABLE: Record<'fields' | 'reply', ReadonlySet<keyof ThreadRow>> = {
  fields: new Set<keyof ThreadRow>(['status', 'resolvedAt', 'assigneeId', 'assigneeName']),
  reply: new Set<keyof ThreadRow>(['replyCount']),
};

/** The window's order: newest first, then by ID (descending), as scanThreads reads it. */
const windowOrder = (a: ThreadRow, b: ThreadRow) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `row` as a window row: built from the window's old row when there is one, so it keeps its
 * shape (lists filter all rows of the window with the same code, which stays fast only while
 * every row has the same hidden class), frozen.
 */
function windowRow(row: ThreadRow, old?: ThreadRow): ThreadRow {
  if (!old) return Object.freeze(row);
  const patched = { ...old };
  for (const field of Object.keys(row) as (keyof ThreadRow)[]) (patched as Record<string, unknown>)[field] = row[field];
  return Object.freeze(patched);
}

const sameRow = (a: ThreadRow, b: ThreadRow) =>
  (Object.keys(a) as (keyof ThreadRow)[]).every((f) => a[f] === b[f]) &&
  Object.keys(a).length === Object.keys(b).length;

/**
 * The window `s` becomes after a write of `kind` that touched the threads `rows` names
 * (each as it is now, read inside the write's transaction; null when it is no longer
 * live). `following`: for a capped window, the live threads after its last one, as many as
 * may have to come in when threads leave. 'unchanged' when the window is the same;
 * undefined when the write changed more than its kind allows (the window is read again).
 */
function editWindow(
  s: ProjectSnapshot,
  kind: ChangeKind,
  rows: ReadonlyMap<string, ThreadRow | null>,
  following: readonly ThreadRow[] = [],
): WindowEdit | 'unchanged' | undefined {
  if (kind !== 'threads') {
    const [only, ...more] = rows;
    if (!only || more.length > 0) return undefined;
    const [id, row] = only;
    const at = s.threads.findIndex((t) => t.id === id);
    // A thread that is not live (merged, gone) cannot be patched: the window is read again.
    if (!row) return undefined;
    // Not in the window: nothing the snapshot holds changed.
    if (at < 0) return 'unchanged';
    const old = s.threads[at]!;
    if (Object.keys(old).length !== Object.keys(row).length) return undefined;
    for (const field of Object.keys(row) as (keyof ThreadRow)[]) {
      if (!CHANGEABLE[kind].has(field) && old[field] !== row[field]) return undefined;
    }
    const after = windowRow(row, old);
    const threads = s.threads.slice();
    threads[at] = after;
    return { threads: Object.freeze(threads), capped: s.capped, change: { kind, before: [old], after: [after] } };
  }

  const before: ThreadRow[] = [];
  const after: ThreadRow[] = [];
  const last = s.threads.at(-1);
  const kept: ThreadRow[] = [];
  for (const t of s.threads) {
    if (!rows.has(t.id)) {
      kept.push(t);
      continue;
    }
    const row = rows.get(t.id)!;
    if (row === null) {
      before.push(t);
    } else if (sameRow(t, row)) {
      kept.push(t);
    } else {
      const patched = windowRow(row, t);
      before.push(t);
      after.push(patched);
      kept.push(patched);
    }
  }
  // Live threads the window did not hold come in where they sort (a new thread): in a
  // capped window only when they sort before its last thread.
  const inWindow = new Set(s.threads.map((t) => t.id));
  const entering = [...rows.values()].filter(
    (r): r is ThreadRow =>
      r !== null && !inWindow.has(r.id) && (!s.capped || last === undefined || windowOrder(r, last) < 0),
  );
  let threads = kept;
  for (const r of entering) {
    // The window is in windowOrder: the first thread that sorts after the new one.
    let lo = 0;
    let hi = threads.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (windowOrder(threads[mid]!, r) < 0) lo = mid + 1;
      else hi = mid;
    }
    threads.splice(lo, 0, windowRow(r));
  }
  let capped = s.capped;
  if (threads.length > LIMITS.scanLimit) {
    capped = true;
    threads = threads.slice(0, LIMITS.scanLimit);
  } else if (s.capped && threads.length < LIMITS.scanLimit) {
    const room = LIMITS.scanLimit - threads.length;
    threads = [...threads, ...following.slice(0, room).map((r) => windowRow(r))];
    capped = following.length > room;
  }
  // What came in is what the new window holds and the old one did not; what left, the reverse.
  const now = new Set(threads.map((t) => t.id));
  for (const t of s.threads) if (!now.has(t.id) && !before.includes(t)) before.push(t);
  for (const t of threads) if (!inWindow.has(t.id)) after.push(t);
  for (let i = after.length - 1; i >= 0; i--) if (!now.has(after[i]!.id)) after.splice(i, 1);
  return { threads: Object.freeze(threads), capped, change: { kind, before, after } };
}

/** Projects whose snapshot (and window messages and events) are kept. */
const SNAPSHOTS_KEPT = 8;

interface Grouped<T> {
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
   * For a write within the window's project: the records of the threads it touched that the
   * window holds after it, and of threads that came into the window, are read again inside
   * its transaction; once it committed they replace those threads' records in the window's
   * list, merged in `order` (the list's own, a total order), and threads that left the
   * window leave the list. `window()` gives the window's threads after the write, or says
   * it holds the same threads; undefined when not known: a write that may change which
   * threads are in it then drops the records.
   */
  refresher(
    db: Db,
    projectId: string,
    touched: Touched,
    order: (a: T, b: T) => number,
    window: () => readonly ThreadRow[] | 'unchanged' | undefined,
  ): Refresher {
    return this.cache.refresher(
      db,
      projectId,
      async (t, _value, ids) => {
        const now = touched.kind === 'threads' ? window() : 'unchanged';
        if (ids === null || now === undefined) return () => undefined;
        const changesThreads = now !== 'unchanged';
        const newIds = changesThreads ? now.map((x) => x.id) : ids;
        const had = new Set(ids);
        const has = changesThreads ? new Set(newIds) : had;
        const reread = new Set(touched.ids.filter((id) => has.has(id)));
        const gone = new Set<string>();
        if (changesThreads) {
          for (const id of newIds) if (!had.has(id)) reread.add(id);
          for (const id of ids) if (!has.has(id)) gone.add(id);
        }
        if (reread.size === 0 && gone.size === 0) return (value) => ({ value });
        const mine = freezeRecords((await this.read(t, [...reread])).sort(order));
        return (value) => ({ value: this.merged(value, reread, gone, mine, order), inputs: newIds });
      },
      touched.kind === 'threads',
    );
  }

  /** `window` without the records of `reread` and `gone` threads, with `mine` merged in (one pass). */
  private merged(
    window: Grouped<T>,
    reread: ReadonlySet<string>,
    gone: ReadonlySet<string>,
    mine: readonly T[],
    order: (a: T, b: T) => number,
  ): Grouped<T> {
    const list: T[] = [];
    let i = 0;
    for (const x of window.list) {
      const item = this.itemOf(x);
      if (reread.has(item) || gone.has(item)) continue;
      while (i < mine.length && order(mine[i]!, x) < 0) list.push(mine[i++]!);
      list.push(x);
    }
    while (i < mine.length) list.push(mine[i++]!);
    const byItem = new Map(window.byItem);
    for (const id of [...reread, ...gone]) byItem.delete(id);
    for (const [id, group] of groupBy(mine, this.itemOf)) byItem.set(id, Object.freeze(group));
    return { list: Object.freeze(list), byItem };
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
/** The order messagesOf returns: by thread ID, then position. */
const byThreadOrder = (a: HistoryMessage, b: HistoryMessage) =>
  a.itemId === b.itemId ? a.position - b.position : a.itemId < b.itemId ? -1 : 1;
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

/** The threads a write touched, and the kind of change it made to them (see WindowChange). */
interface Touched {
  kind: ChangeKind;
  ids: readonly string[];
}

/**
 * Runs `write` in one transaction within `projectId` (storage/write-transaction.ts): it moves
 * that project's version only, so other projects' snapshots stay in memory. When `touched` is
 * given, the write may change only those threads, in the way its kind says: their rows
 * (and, for a capped window that lost threads, the threads after it) are read again inside
 * the transaction and the project's window is edited with them (editWindow), with their
 * messages and events, once the transaction has committed, instead of being read again.
 */
export async function writeInProject<T>(
  db: Db,
  projectId: string,
  write: (t: Db) => Promise<T>,
  touched?: Touched,
): Promise<T> {
  const refreshers = [projectRecordRefresher(db, projectId)];
  if (touched !== undefined) {
    let edit: WindowEdit | 'unchanged' | undefined;
    // Whether the write moved the snapshot's version (it wrote a table the window is read from).
    let moved = true;
    const windowAfter = () => (!moved || edit === 'unchanged' ? 'unchanged' : edit?.threads);
    let versionBefore: Version | null = null;
    refreshers.push({
      before: (at: VersionAt) => void (versionBefore = snapshots.versionIn(at, projectId)),
      after: async (_t: Db, at: VersionAt) => {
        moved = versionBefore !== snapshots.versionIn(at, projectId);
        return () => {};
      },
    });
    // The window is edited first, so its parts know which threads it holds now; the patches
    // are applied in reverse (below): events and messages before the snapshot whose
    // derived values may read them right away.
    refreshers.push(
      snapshots.refresher(db, projectId, async (t, s) => {
        const rows = new Map<string, ThreadRow | null>();
        for (const id of touched.ids) rows.set(id, await readThread(t, id));
        const following =
          touched.kind === 'threads' && s.capped
            ? await scanThreadsAfter(t, projectId, s.threads.at(-1)!, touched.ids.length + 1)
            : [];
        edit = editWindow(s, touched.kind, rows, following);
        const planned = edit;
        return (value) =>
          planned === undefined ? undefined : { value: planned === 'unchanged' ? value : value.withEdit(planned) };
      }),
      windowEvents.refresher(db, projectId, touched, byEventOrder, windowAfter),
      windowMessages.refresher(db, projectId, touched, byThreadOrder, windowAfter),
    );
  }
  const patches: (() => void)[] = [];
  const result = await writeTransaction(db, { projectId }, async (t, versions) => {
    // Inside the transaction the project is ours: only `write` moves its version.
    for (const r of refreshers) r.before(versions.before);
    const value = await write(t);
    for (const r of refreshers) patches.push(await r.after(t, versions.after));
    return value;
  });
  for (const p of patches.reverse()) p();
  return result;
}
