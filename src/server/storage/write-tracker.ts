import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Database } from './tables.js';

export type TableName = keyof Database & string;

/** A write whose tables cannot be told (raw SQL, DDL): it counts as a write to every table. */
const EVERY_TABLE = Symbol('every table');
type Written = readonly string[] | typeof EVERY_TABLE;

function tableOf(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  return null;
}

/** The tables a statement writes; null for a read. Anything not recognised is a write to all. */
function writtenBy(node: RootOperationNode): Written | null {
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode': {
      const t = tableOf(node.into);
      return t === null ? EVERY_TABLE : [t];
    }
    case 'UpdateQueryNode': {
      const t = tableOf(node.table);
      return t === null ? EVERY_TABLE : [t];
    }
    case 'DeleteQueryNode': {
      const tables = node.from.froms.map(tableOf);
      return tables.every((t): t is string => t !== null) ? tables : EVERY_TABLE;
    }
    case 'RawNode':
      // A SELECT cannot modify anything in SQLite; any other raw statement might.
      return /^\s*select\b/i.test(node.sqlFragments[0] ?? '') ? null : EVERY_TABLE;
    default:
      return EVERY_TABLE;
  }
}

/**
 * Counts writes per table, for caches of what was read from them. Installed as a Kysely
 * plugin on the service's one connection, so every write (through a transaction or not,
 * by any module or test) is seen, and no code path has to remember to invalidate.
 *
 * The count moves once a write statement has run. A reader takes `version()` before it
 * reads and keeps its result under that version: a write that ran before the reader's
 * first read is visible to it (reads wait for an open transaction, as the connection is
 * shared), and a write that runs later moves the version, so the result is never served.
 */
export class WriteTracker implements KyselyPlugin {
  private readonly counts = new Map<string, number>();
  private everything = 0;
  private readonly pending = new WeakMap<QueryId, Written>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenBy(args.node);
    if (written !== null) this.pending.set(args.queryId, written);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(args.queryId);
    if (written !== undefined) {
      this.pending.delete(args.queryId);
      if (written === EVERY_TABLE) this.everything++;
      else for (const t of written) this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
    }
    return args.result;
  }

  /** Changes whenever any of `tables` is written (the counts only grow, so their sum does too). */
  version(tables: readonly TableName[]): number {
    let v = this.everything;
    for (const t of tables) v += this.counts.get(t) ?? 0;
    return v;
  }
}

const trackers = new WeakMap<object, WriteTracker>();

export function attachTracker(db: object, tracker: WriteTracker): void {
  trackers.set(db, tracker);
}

/** The tracker of a database opened by openDatabase; null for anything else (no caching then). */
export function trackerOf(db: object): WriteTracker | null {
  return trackers.get(db) ?? null;
}
