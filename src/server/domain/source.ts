import { LIMITS, type SourceQuery, type SourceResponse, type Status } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import type { ThreadRow } from '../storage/items.js';
import type { ProjectRecord } from '../storage/projects.js';
import type { Caller } from './caller.js';
import { MadeInWrites } from './made-in-writes.js';
import { toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';
import { deepFreeze, projectSnapshot, type ProjectSnapshot, type WindowChange } from './snapshot.js';

const segments = (path: string) =>
  path
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '' && s !== '.');

/**
 * Whole path segments, anywhere in the path: "PayButton.tsx" and "checkout/PayButton.tsx"
 * match src/checkout/PayButton.tsx, "Button.tsx" does not; a directory matches its files.
 */
function fileMatches(query: string, file: string): boolean {
  const q = segments(query);
  const f = segments(file);
  if (q.length === 0 || q.length > f.length) return false;
  for (let start = 0; start + q.length <= f.length; start++) {
    if (q.every((s, i) => f[start + i] === s)) return true;
  }
  return false;
}

function countStatuses(threads: readonly ThreadRow[]) {
  const c = { open: 0, deferred: 0, resolved: 0 };
  for (const t of threads) if (t.status === 'open' || t.status === 'deferred' || t.status === 'resolved') c[t.status]++;
  return c;
}

type HotspotFile = { file: string; open: number; deferred: number; resolved: number; components: string[] };

/** Stamped files ranked by open + deferred threads, then by all threads: once per snapshot. */
function rankFiles(stamped: readonly ThreadRow[]): readonly HotspotFile[] {
  const files = new Map<
    string,
    { file: string; open: number; deferred: number; resolved: number; components: Set<string> }
  >();
  for (const t of stamped) {
    const f = files.get(t.sourceFile!) ?? {
      file: t.sourceFile!,
      open: 0,
      deferred: 0,
      resolved: 0,
      components: new Set<string>(),
    };
    if (t.status === 'open' || t.status === 'deferred' || t.status === 'resolved') f[t.status]++;
    if (t.sourceComponent) f.components.add(t.sourceComponent);
    files.set(f.file, f);
  }
  const ranked = [...files.values()].sort(byRank);
  return deepFreeze(
    ranked.map((f) => ({
      file: f.file,
      open: f.open,
      deferred: f.deferred,
      resolved: f.resolved,
      components: [...f.components].sort(),
    })),
  );
}

/** Open + deferred threads first, then all threads, then by name: a total order. */
function byRank(a: Omit<HotspotFile, 'components'>, b: Omit<HotspotFile, 'components'>): number {
  return (
    b.open + b.deferred - (a.open + a.deferred) ||
    b.open + b.deferred + b.resolved - (a.open + a.deferred + a.resolved) ||
    a.file.localeCompare(b.file)
  );
}

/** rankFiles' answer after one thread's status changed (its file and component never do). */
function patchRanked(ranked: readonly HotspotFile[], change: WindowChange): readonly HotspotFile[] {
  const before = change.before[0]!;
  const after = change.after[0]!;
  if (before.sourceFile === null || before.status === after.status) return ranked;
  const next = ranked.map((f) => {
    if (f.file !== before.sourceFile) return f;
    const counts = { open: f.open, deferred: f.deferred, resolved: f.resolved };
    if (before.status === 'open' || before.status === 'deferred' || before.status === 'resolved')
      counts[before.status]--;
    if (after.status === 'open' || after.status === 'deferred' || after.status === 'resolved') counts[after.status]++;
    return Object.freeze({ file: f.file, ...counts, components: f.components });
  });
  return Object.freeze(next.sort(byRank));
}

/** The stamped threads with one thread's row replaced (whether it is stamped never changes). */
function patchStamped(stamped: readonly ThreadRow[], change: WindowChange): readonly ThreadRow[] {
  const before = change.before[0]!;
  const after = change.after[0]!;
  return before.sourceFile === null ? stamped : Object.freeze(stamped.map((t) => (t === before ? after : t)));
}

/**
 * Stamped threads of the window. A status change, an assignment or a reply patches them; a
 * create or a merge (no carry named for 'threads') has the next snapshot filter its threads
 * again on first use, which the hotspot answers remade during the write (ANSWERS_CARRY) do.
 */
function stampedOf(snapshot: ProjectSnapshot): readonly ThreadRow[] {
  return snapshot.derive(
    'stamped',
    (s) => Object.freeze(s.threads.filter((t) => t.sourceFile !== null)),
    STAMPED_CARRY,
  );
}

function rankedOf(snapshot: ProjectSnapshot): readonly HotspotFile[] {
  return snapshot.derive('hotspotFiles', (s) => rankFiles(stampedOf(s)), RANKED_CARRY);
}

const STAMPED_CARRY = { fields: patchStamped, reply: patchStamped };
const RANKED_CARRY = {
  fields: patchRanked,
  reply: true,
  threads: (old: readonly HotspotFile[], _: WindowChange, next: ProjectSnapshot) => keepSame(rankedOf(next), old),
} as const;

/** `ranked` with each file that comes out as it was in `old` taken from there (its bytes are then not encoded again). */
function keepSame(ranked: readonly HotspotFile[], old: readonly HotspotFile[]): readonly HotspotFile[] {
  const before = new Map(old.map((f) => [f.file, f]));
  const same = (a: HotspotFile, b: HotspotFile) =>
    a.open === b.open &&
    a.deferred === b.deferred &&
    a.resolved === b.resolved &&
    a.components.length === b.components.length &&
    a.components.every((c, i) => c === b.components[i]);
  return Object.freeze(
    ranked.map((f) => {
      const was = before.get(f.file);
      return was && same(was, f) ? was : f;
    }),
  );
}

/** Hotspot answers a write made (see MadeInWrites): routes/reports.ts encodes them then. */
export const hotspotsMadeInWrites = new MadeInWrites<SourceResponse>();

type Answers = Map<number, { project: ProjectRecord; response: SourceResponse }>;

/**
 * The hotspot answer of `limit` files; parts of `previous` that come out the same are kept
 * (their bytes are then not encoded again, http/frozen-json.ts).
 */
function hotspotAnswer(
  snapshot: ProjectSnapshot,
  project: ProjectRecord,
  limit: number,
  previous?: SourceResponse,
): SourceResponse {
  const stamped = stampedOf(snapshot);
  const ranked = rankedOf(snapshot);
  const old = previous?.mode === 'hotspots' ? previous : undefined;
  const heading =
    old && old.project.id === project.id && old.project.name === project.name
      ? old.project
      : { id: project.id, name: project.name };
  const coverage =
    old && old.coverage.threads === snapshot.threads.length && old.coverage.stamped === stamped.length
      ? old.coverage
      : { threads: snapshot.threads.length, stamped: stamped.length };
  return deepFreeze({
    project: heading,
    coverage,
    mode: 'hotspots' as const,
    totalFiles: ranked.length,
    files: ranked.slice(0, limit),
  });
}

/** Hotspot answers made again during a write: those of the limits asked for last. */
const REMADE_PER_WRITE = 8;

/**
 * Answers after a status change, an assignment, a create or a merge: made again now, during
 * the write, for the limits asked for last; any other limit's on first use.
 */
function remakeAnswers(answers: Answers, _change: WindowChange, next: ProjectSnapshot): Answers {
  const remade: Answers = new Map();
  for (const [limit, { project, response }] of [...answers].slice(-REMADE_PER_WRITE)) {
    remade.set(limit, { project, response: hotspotsMadeInWrites.made(hotspotAnswer(next, project, limit, response)) });
  }
  return remade;
}

/** A reply changes nothing a hotspot answer says. */
const ANSWERS_CARRY = { fields: remakeAnswers, reply: true, threads: remakeAnswers } as const;

/** Hotspot answers by limit; frozen, so each is encoded once (http/frozen-json.ts). */
function hotspots(snapshot: ProjectSnapshot, project: ProjectRecord, limit: number): SourceResponse {
  const answers = snapshot.derive('hotspotAnswers', (): Answers => new Map(), ANSWERS_CARRY);
  const known = answers.get(limit);
  // The answer quotes the project's ID and name (its activity time changes with every write).
  if (known && known.project.id === project.id && known.project.name === project.name) {
    // Kept in the order asked (most recent last), which is what a write makes again first.
    answers.delete(limit);
    answers.set(limit, known);
    return known.response;
  }
  const response = hotspotAnswer(snapshot, project, limit, known?.response);
  // Limits run from 1 to 200: the map stays small.
  answers.delete(limit);
  answers.set(limit, { project, response });
  return response;
}

export async function findBySource(db: Db, caller: Caller, query: SourceQuery): Promise<SourceResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const snapshot = await projectSnapshot(db, project.id);
  const threads = snapshot.threads;
  const stamped = stampedOf(snapshot);
  const limit = query.limit ?? LIMITS.sourceLimitDefault;
  const base = {
    project: { id: project.id, name: project.name },
    coverage: { threads: threads.length, stamped: stamped.length },
  };

  if (query.file !== undefined || query.component !== undefined) {
    const component = query.component?.toLowerCase();
    const matches = stamped.filter(
      (t) =>
        (query.file === undefined || fileMatches(query.file, t.sourceFile!)) &&
        (component === undefined || t.sourceComponent?.toLowerCase() === component),
    );
    let filtered = query.status !== undefined ? matches.filter((t) => t.status === query.status) : matches;
    // The summary counts what `matched` counts: with a status filter, a whole-file summary
    // beside a filtered count reads as "11 threads: 11 open, 5 deferred, 15 resolved".
    const summary = countStatuses(filtered);
    if (query.line !== undefined) {
      const line = query.line;
      const distance = (t: ThreadRow) =>
        t.sourceLine === null ? Number.MAX_SAFE_INTEGER : Math.abs(t.sourceLine - line);
      filtered = [...filtered].sort((a, b) => distance(a) - distance(b) || b.createdAt - a.createdAt);
    }
    return {
      ...base,
      mode: 'matches',
      query: { file: query.file ?? null, component: query.component ?? null, line: query.line ?? null },
      matched: filtered.length,
      summary,
      items: filtered.slice(0, limit).map((t) => ({ ...toRow(t), status: t.status as Status })),
    };
  }

  return hotspots(snapshot, project, limit);
}
