import { LIMITS } from '#shared/api/limits.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import type { ItemRow, ItemsSummary, ReadProblem } from '#shared/reader/index.js';
import { compareNewestFirst, type ListItems } from './load-project-items.js';
import { sliceHolds, type Facets, type SliceFilter } from './slice-planner.js';

/**
 * After a write, the list confirms what changed by asking again only the slices that hold
 * the threads it touched (a reply: one request; a bulk move: one per slice the moved
 * threads now sit in), not the whole project (21 requests for the demo's biggest project).
 * The slices come from the last full load: each is a filter whose answer was complete.
 */

const sliceKey = (f: SliceFilter) => JSON.stringify([f.type ?? null, f.status ?? null, f.page ?? null]);

/**
 * One complete slice per touched thread, shared where threads sit together; null when a
 * thread sits where no complete slice reaches (only a full load can show it then).
 */
export function slicesToAsk(touched: readonly Facets[], complete: readonly SliceFilter[]): SliceFilter[] | null {
  const chosen = new Map<string, SliceFilter>();
  for (const row of touched) {
    if ([...chosen.values()].some((f) => sliceHolds(f, row))) continue;
    const slice = complete.find((f) => sliceHolds(f, row));
    if (!slice) return null;
    chosen.set(sliceKey(slice), slice);
  }
  return [...chosen.values()];
}

interface SliceAnswer {
  filter: SliceFilter;
  rows: readonly ItemRow[];
}

/**
 * The list with the slices' fresh rows in place. `unexplained` is set when a thread the list
 * shows in an asked slice came back in none of the answers: it moved somewhere not asked (or
 * went away), which only a full load can tell.
 */
export function mergeSliceAnswers(
  rows: readonly ItemRow[],
  answers: readonly SliceAnswer[],
): { rows: ItemRow[]; unexplained: boolean } {
  const fresh = new Map<string, ItemRow>();
  for (const a of answers) for (const r of a.rows) fresh.set(r.id, r);
  let unexplained = false;
  const known = new Set<string>();
  const next = rows.map((r) => {
    known.add(r.id);
    const update = fresh.get(r.id);
    if (update) return update;
    if (answers.some((a) => sliceHolds(a.filter, r))) unexplained = true;
    return r;
  });
  let added = false;
  for (const [id, r] of fresh) {
    if (known.has(id)) continue;
    next.push(r);
    added = true;
  }
  if (added) next.sort(compareNewestFirst);
  return { rows: next, unexplained };
}

type SliceRefresh =
  | { ok: true; answers: SliceAnswer[]; summary: ItemsSummary | null; unreadable: ReadProblem[] }
  /** `cut`: a slice grew past one answer's rows (threads moved into it), so it must be planned anew. */
  | { ok: false; cut: boolean; error: BridgeError | null };

/** Asks the slices (a few at a time; the bridge paces them) and collects their complete answers. */
export async function askSlices(
  listItems: ListItems,
  projectId: string,
  filters: readonly SliceFilter[],
  concurrency = 3,
): Promise<SliceRefresh> {
  const answers: SliceAnswer[] = [];
  const unreadable: ReadProblem[] = [];
  let summary: ItemsSummary | null = null;
  const outcome: { stop: { cut: boolean; error: BridgeError | null } | null } = { stop: null };
  const queue = [...filters];
  const worker = async () => {
    for (let filter = queue.shift(); filter && !outcome.stop; filter = queue.shift()) {
      const res = await listItems({ projectId, limit: LIMITS.itemsLimitMax, ...filter });
      if (!res.ok) outcome.stop ??= { cut: false, error: res.error };
      else if (res.data.truncated) outcome.stop ??= { cut: true, error: null };
      else {
        answers.push({ filter, rows: res.data.items });
        unreadable.push(...res.data.unreadable);
        // Every answer counts the whole project; the last one is the freshest.
        if (res.data.hasSummary) summary = res.data.summary;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return outcome.stop ? { ok: false, ...outcome.stop } : { ok: true, answers, summary, unreadable };
}
