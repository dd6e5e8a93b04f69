import { LIMITS, type ItemRow, type ItemsQuery, type ItemsResponse, type ItemsSummary } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import type { ProjectRecord } from '../storage/projects.js';
import type { HistoryMessage } from '../storage/history.js';
import type { ThreadRow } from '../storage/items.js';
import type { Caller } from './caller.js';
import { excerptOf } from './excerpt.js';
import { MadeInWrites } from './made-in-writes.js';
import { normalizePage } from './pages.js';
import { projectContextFromMemory, resolveProject } from './resolve.js';
import { deepFreeze, projectSnapshot, snapshotInMemory, type ProjectSnapshot, type WindowChange } from './snapshot.js';

function summarize(threads: readonly ThreadRow[]): ItemsSummary {
  const s: ItemsSummary = {
    total: threads.length,
    open: 0,
    deferred: 0,
    resolved: 0,
    unassigned: 0,
    byType: {},
    byPage: {},
  };
  // Counted in maps (an object keyed by arbitrary strings is a slow dictionary), in order of first appearance.
  const byType = new Map<string, number>();
  const byPage = new Map<string, number>();
  for (const t of threads) {
    if (t.status === 'open') s.open++;
    else if (t.status === 'deferred') s.deferred++;
    else if (t.status === 'resolved') s.resolved++;
    if (t.assigneeId === null) s.unassigned++;
    byType.set(t.type, (byType.get(t.type) ?? 0) + 1);
    byPage.set(t.page, (byPage.get(t.page) ?? 0) + 1);
  }
  s.byType = Object.fromEntries(byType);
  s.byPage = Object.fromEntries(byPage);
  return s;
}

/** Summaries patched for one change, so the snapshot's and its lists' stay one object. */
const patchedSummaries = new WeakMap<ItemsSummary, { change: WindowChange; summary: ItemsSummary }>();

/**
 * The summary after a write: a reply changes nothing in it; a status change or an assignment
 * moves one thread's counts (its type and page never change); threads coming in or leaving
 * make it be counted again, keeping the type and page counts' objects where they come out
 * the same (their bytes are then not encoded again, http/frozen-json.ts).
 */
function patchSummary(s: ItemsSummary, change: WindowChange, next: ProjectSnapshot): ItemsSummary {
  if (change.kind === 'reply') return s;
  const known = patchedSummaries.get(s);
  if (known?.change === change) return known.summary;
  let summary: ItemsSummary;
  if (change.kind === 'fields') {
    const patched = { ...s };
    for (const [rows, d] of [
      [change.before, -1],
      [change.after, 1],
    ] as const) {
      for (const t of rows) {
        if (t.status === 'open' || t.status === 'deferred' || t.status === 'resolved') patched[t.status] += d;
        if (t.assigneeId === null) patched.unassigned += d;
      }
    }
    summary = deepFreeze(patched);
  } else {
    const counted = summarize(next.threads);
    summary = deepFreeze({
      ...counted,
      byType: sameEntries(counted.byType, s.byType) ? s.byType : counted.byType,
      byPage: sameEntries(counted.byPage, s.byPage) ? s.byPage : counted.byPage,
    });
  }
  patchedSummaries.set(s, { change, summary });
  return summary;
}

/** The same keys with the same values in the same order. */
function sameEntries(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/**
 * Lists kept across one thread's status change, assignment or reply: a list that filters on
 * nothing the write changed (status or assignee; the text of messages for a reply) matches
 * the same threads, so only the summary and that thread's row change. Other lists are made
 * again on first use.
 */
function patchResults(results: Results, change: WindowChange, next: ProjectSnapshot): Results {
  const after = change.after[0]!;
  const patched: Results = new Map();
  for (const [key, { project, response }] of results) {
    const f = JSON.parse(key) as Filters;
    if (change.kind === 'fields' ? f.status !== undefined || f.assignee !== undefined : f.q !== undefined) continue;
    const items = response.items.map((r) => (r.id === after.id ? itemRowOf(after) : r));
    patched.set(key, {
      project,
      response: madeInWrite(deepFreeze({ ...response, summary: patchSummary(response.summary, change, next), items })),
    });
  }
  return patched;
}

/** Lists made again during a write that brought threads in or took them out: the most recently used. */
const REMADE_PER_WRITE = 8;

/**
 * Lists after threads came into the window or left it (a create, a merge): the most
 * recently used ones that need no text search are made again from the edited window now,
 * during the write; the others on first use.
 */
function remakeResults(results: Results, _change: WindowChange, next: ProjectSnapshot): Results {
  const remade: Results = new Map();
  for (const key of [...results.keys()].slice(-REMADE_PER_WRITE)) {
    const f = JSON.parse(key) as Filters;
    if (f.q !== undefined) continue;
    const { project } = results.get(key)!;
    remade.set(key, { project, response: madeInWrite(deepFreeze(listOf(next, project, f, null))) });
  }
  return remade;
}

const RESULTS_CARRY = { fields: patchResults, reply: patchResults, threads: remakeResults };
const SUMMARY_CARRY = { fields: patchSummary, reply: patchSummary, threads: patchSummary };

/** Lists a write made (see MadeInWrites): routes/items.ts encodes them then. */
export const listsMadeInWrites = new MadeInWrites<ItemsResponse>();
const madeInWrite = (list: ItemsResponse) => listsMadeInWrites.made(list);

/**
 * Rows by thread: a snapshot patched for one thread's change keeps the other threads' row
 * objects, so their rows (and their bytes, http/frozen-json.ts) are made once.
 */
const itemRows = new WeakMap<ThreadRow, ItemRow>();

function itemRowOf(t: ThreadRow): ItemRow {
  let row = itemRows.get(t);
  if (!row) itemRows.set(t, (row = Object.freeze(toItemRow(t))));
  return row;
}

function toItemRow(t: ThreadRow): ItemRow {
  const excerpt = excerptOf(t.summary, t.rootBody);
  return {
    id: t.id,
    page: t.page,
    type: t.type,
    status: t.status as ItemRow['status'],
    excerpt: excerpt.text,
    excerptSource: excerpt.source,
    reportCount: t.reportCount,
    author: t.authorName,
    agentTask: t.agentTask as ItemRow['agentTask'],
    // The contract types these as strings: unassigned is "" (see docs/api-decisions.md).
    assignee: t.assigneeName ?? '',
    assigneeId: t.assigneeId ?? '',
    replyCount: t.replyCount,
    createdAt: t.createdAt,
  };
}

/** Every message of the window (first messages and replies), lower-cased once per snapshot. */
async function lowerCasedTexts(snapshot: ProjectSnapshot): Promise<readonly { itemId: string; lower: string }[]> {
  const { list } = await snapshot.messages();
  return snapshot.derive('lowerCasedTexts', () => list.map(lowerCased), { fields: true });
}

/** Each message lower-cased once: a window edited for a write shares its other messages with the one before. */
const lowerCasedMessages = new WeakMap<HistoryMessage, { itemId: string; lower: string }>();

function lowerCased(m: HistoryMessage): { itemId: string; lower: string } {
  let known = lowerCasedMessages.get(m);
  if (!known) lowerCasedMessages.set(m, (known = { itemId: m.itemId, lower: m.body.toLocaleLowerCase() }));
  return known;
}

async function threadsContaining(snapshot: ProjectSnapshot, q: string): Promise<Set<string>> {
  const needle = q.toLocaleLowerCase();
  const hits = new Set<string>();
  for (const m of await lowerCasedTexts(snapshot)) {
    if (!hits.has(m.itemId) && m.lower.includes(needle)) hits.add(m.itemId);
  }
  return hits;
}

/** The filters as the list applies them: `me` and a page URL already resolved. */
interface Filters {
  status: string | undefined;
  type: string | undefined;
  page: string | undefined;
  assignee: string | undefined;
  task: string | undefined;
  q: string | undefined;
  limit: number;
}

/** Lists answered per snapshot, by filters; a list names its project, so that is checked too. */
const RESULTS_PER_SNAPSHOT = 64;
type Results = Map<string, { project: ProjectRecord; response: ItemsResponse }>;

function filtersOf(caller: Caller, query: ItemsQuery): Filters {
  return {
    status: query.status,
    type: query.type,
    page: query.page !== undefined ? normalizePage(query.page) : undefined,
    assignee: query.assignee === 'me' ? caller.userId : query.assignee,
    task: query.task,
    q: query.q,
    limit: query.limit ?? LIMITS.itemsLimitDefault,
  };
}

/**
 * The key of a query's list, remembered by query object (the items route validates each
 * query string once and hands the same object for it again): only `assignee=me` reads the caller.
 */
const keysByQuery = new WeakMap<ItemsQuery, { userId: string | null; key: string }>();

function keyOf(caller: Caller, query: ItemsQuery): string {
  const userId = query.assignee === 'me' ? caller.userId : null;
  const known = keysByQuery.get(query);
  if (known?.userId === userId) return known.key;
  const key = JSON.stringify(filtersOf(caller, query));
  keysByQuery.set(query, { userId, key });
  return key;
}

const sameHeading = (a: ProjectRecord, b: ProjectRecord) =>
  a === b || (a.id === b.id && a.name === b.name && a.slug === b.slug);

function knownList(snapshot: ProjectSnapshot, project: ProjectRecord, key: string): ItemsResponse | undefined {
  const results = snapshot.derive('itemsResults', (): Results => new Map(), RESULTS_CARRY);
  const known = results.get(key);
  // The list quotes the project's ID, name and slug (its activity time changes with every write).
  if (!known || !sameHeading(known.project, project)) return undefined;
  results.delete(key);
  results.set(key, known);
  return known.response;
}

/**
 * listItems' answer when everything it needs (the project, its snapshot, this very list) is
 * in memory: the same frozen object, found without waiting. Undefined otherwise, including
 * whenever listItems would refuse the request; then listItems answers.
 */
export function listFromMemory(db: Db, caller: Caller, query: ItemsQuery): ItemsResponse | undefined {
  if (query.projectId === undefined) return undefined;
  const context = projectContextFromMemory(db, caller, query.projectId);
  const snapshot = context && snapshotInMemory(db, context.project.id);
  return snapshot && knownList(snapshot, context.project, keyOf(caller, query));
}

export async function listItems(db: Db, caller: Caller, query: ItemsQuery): Promise<ItemsResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const snapshot = await projectSnapshot(db, project.id);
  const filters = filtersOf(caller, query);
  const key = JSON.stringify(filters);
  const known = knownList(snapshot, project, key);
  if (known) return known;
  const results = snapshot.derive('itemsResults', (): Results => new Map(), RESULTS_CARRY);
  // Frozen, so the serializer encodes it once however often it is sent (http/frozen-json.ts).
  const response = deepFreeze(await computeList(snapshot, project, filters));
  results.delete(key);
  results.set(key, { project, response });
  if (results.size > RESULTS_PER_SNAPSHOT) results.delete(results.keys().next().value!);
  return response;
}

async function computeList(snapshot: ProjectSnapshot, project: ProjectRecord, f: Filters): Promise<ItemsResponse> {
  return listOf(snapshot, project, f, f.q !== undefined ? await threadsContaining(snapshot, f.q) : null);
}

/** The list for filters `f`; `textHits`: the threads whose messages contain `f.q` (null without it). */
function listOf(
  snapshot: ProjectSnapshot,
  project: ProjectRecord,
  f: Filters,
  textHits: ReadonlySet<string> | null,
): ItemsResponse {
  const { threads, capped } = snapshot;
  const summary = snapshot.derive('summary', (s) => deepFreeze(summarize(s.threads)), SUMMARY_CARRY);
  const { page, assignee } = f;
  const matched = threads.filter((t) => {
    if (f.status !== undefined && t.status !== f.status) return false;
    if (f.type !== undefined && t.type !== f.type) return false;
    if (page !== undefined && t.page !== page) return false;
    if (assignee === 'none' ? t.assigneeId !== null : assignee !== undefined && t.assigneeId !== assignee) return false;
    if (f.task === 'none' ? t.agentTask !== null : f.task !== undefined && t.agentTask !== f.task) return false;
    if (textHits !== null && !textHits.has(t.id)) return false;
    return true;
  });
  const rows = matched.slice(0, f.limit).map(itemRowOf);
  return {
    project: { id: project.id, name: project.name, slug: project.slug },
    summary,
    matched: matched.length,
    returned: rows.length,
    truncated: matched.length > rows.length,
    capped,
    scanLimit: LIMITS.scanLimit,
    items: rows,
  };
}
