import type {
  ColumnUpdateNode,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './tables.js';

export type TableName = keyof Database & string;

/** A write whose tables cannot be told (raw SQL, DDL): it counts as a write to every table. */
const EVERY_TABLE = Symbol('every table');
type Written = readonly string[] | typeof EVERY_TABLE;

function tableOf(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  return null;
}

function columnOf(node: OperationNode): string | null {
  return node.kind === 'ColumnNode'
    ? (node as unknown as { column: { name: string } }).column.name
    : node.kind === 'ReferenceNode'
      ? columnOf((node as unknown as { column: OperationNode }).column)
      : null;
}

/**
 * The statements by which writeTransaction moves the database-held versions change nothing a
 * cache reads, and this tracker is the version on SQLite: counting them would make every
 * write look like a write to `projects`, and no cache holding a project's row could be
 * patched by the write that came after it was read.
 */
function movesOnlyVersions(table: string, updates: readonly ColumnUpdateNode[]): boolean {
  if (table === 'cache_versions') return true;
  return table === 'projects' && updates.length > 0 && updates.every((u) => columnOf(u.column) === 'cache_version');
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
      if (t !== null && movesOnlyVersions(t, node.updates ?? [])) return null;
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
 * Tables whose every row belongs to one project (through its thread or itself). A write
 * declared to be within a project (see `inProject`) leaves other projects' reads of these
 * tables valid; a declared write to any other table (users, notifications…) still counts
 * for everyone.
 */
export const PROJECT_TABLES: ReadonlySet<string> = new Set<TableName>([
  'projects',
  'items',
  'messages',
  'mentions',
  'item_events',
  'reactions',
  'attachments',
  'linear_entries',
  'rules',
]);

const bump = (counts: Map<string, number>, table: string) => counts.set(table, (counts.get(table) ?? 0) + 1);

/**
 * Counts writes per table, for caches of what was read from them. Installed as a Kysely
 * plugin on the service's one connection, so every write (through a transaction or not,
 * by any module or test) is seen, and no code path has to remember to invalidate.
 *
 * The count moves once a write statement has run. A reader takes `version()` before it
 * reads and keeps its result under that version: a write that ran before the reader's
 * first read is visible to it (reads wait for an open transaction, as the connection is
 * shared), and a write that runs later moves the version, so the result is never served.
 *
 * Writes are counted for everyone unless they run through `inProject(db, projectId)`:
 * then their project-owned tables count only for that project, so a status change in one
 * project leaves every other project's window in memory. Anything else (a statement from
 * a test, a script, raw SQL) invalidates conservatively, as before.
 */
export class WriteTracker implements KyselyPlugin {
  /** Every write, declared or not: what caches spanning projects compare. */
  private readonly counts = new Map<string, number>();
  /** Writes that may concern any project. */
  private readonly shared = new Map<string, number>();
  private readonly perProject = new Map<string, Map<string, number>>();
  private everything = 0;
  private readonly pending = new WeakMap<QueryId, Written>();
  private readonly declared = new WeakMap<QueryId, string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenBy(args.node);
    if (written !== null) this.pending.set(args.queryId, written);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(args.queryId);
    if (written !== undefined) {
      this.pending.delete(args.queryId);
      const projectId = this.declared.get(args.queryId);
      if (written === EVERY_TABLE) this.everything++;
      else {
        for (const t of written) {
          bump(this.counts, t);
          if (projectId !== undefined && PROJECT_TABLES.has(t)) {
            let mine = this.perProject.get(projectId);
            if (!mine) this.perProject.set(projectId, (mine = new Map()));
            bump(mine, t);
          } else bump(this.shared, t);
        }
      }
    }
    return args.result;
  }

  /**
   * Changes whenever any of `tables` is written (the counts only grow, so their sum does
   * too); with `projectId`, only writes that may concern that project count.
   */
  version(tables: readonly TableName[], projectId?: string): number {
    let v = this.everything;
    if (projectId === undefined) {
      for (const t of tables) v += this.counts.get(t) ?? 0;
      return v;
    }
    const mine = this.perProject.get(projectId);
    for (const t of tables) v += (this.shared.get(t) ?? 0) + (mine?.get(t) ?? 0);
    return v;
  }

  /** A plugin that marks the statements run through it as writes within `projectId`. */
  marker(projectId: string): KyselyPlugin {
    return {
      transformQuery: (args) => {
        this.declared.set(args.queryId, projectId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
  }
}
