import type { Db } from '../storage/open.js';
import { ReadCache } from '../storage/read-cache.js';
import { projectSnapshot } from './snapshot.js';

/**
 * Threads never classified: created through POST /items/create, they carry the stored
 * placeholder type with type_source 'default' (domain/item-create.ts). Lean mode answers
 * their type as null, as the live service does for a brand-new thread.
 */
interface UntypedThreads {
  ids: ReadonlySet<string>;
  /** Type and status of those inside the project's scan window (what summaries count). */
  inWindow: readonly { type: string; status: string }[];
}

/** One query per project, kept until the items table is written. */
const untypedIds = new ReadCache<string, ReadonlySet<string>>(['items'], 16, true);

export async function untypedThreads(db: Db, projectId: string): Promise<UntypedThreads> {
  const ids = await untypedIds.get(db, projectId, async () => {
    const found = await db
      .selectFrom('items')
      .select('id')
      .where('project_id', '=', projectId)
      .where('type_source', '=', 'default')
      .execute();
    return new Set(found.map((r) => r.id));
  });
  if (ids.size === 0) return { ids, inWindow: [] };
  // The snapshot the answer was computed from is normally still in memory.
  const { threads } = await projectSnapshot(db, projectId);
  return { ids, inWindow: threads.filter((t) => ids.has(t.id)).map((t) => ({ type: t.type, status: t.status })) };
}
