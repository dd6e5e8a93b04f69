import { LIMITS, type SourceQuery, type SourceResponse, type Status } from '../../shared/api/index.js';
import type { Db } from '../storage/open.js';
import type { ThreadRow } from '../storage/items.js';
import type { ProjectRecord } from '../storage/projects.js';
import type { Caller } from './caller.js';
import { toRow } from './report-rows.js';
import { resolveProject } from './resolve.js';
import { deepFreeze, projectSnapshot, type ProjectSnapshot, type WindowChange } from './snapshot.js';

const segments = (path: string) => path.toLowerCase().split('/').filter((s) => s !== '' && s !== '.');

/**
 * Whole path segments, anywhere in the path: "PayButton.tsx" and "checkout/PayButton.tsx"
 * match src/checkout/PayButton.tsx, "Button.tsx" does not; a directory matches its files.
 */
export function fileMatches(query: string, file: string): boolean {
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
  const files = new Map<string, { file: string; open: number; deferred: number; resolved: number; components: Set<string> }>();
  for (const t of stamped) {
    const f = files.get(t.sourceFile!) ?? { file: t.sourceFile!, open: 0, deferred: 0, resolved: 0, components: new Set<string>() };
    if (t.status === 'open' || t.status === 'deferred' || t.status === 'resolved') f[t.status]++;
    if (t.sourceComponent) f.components.add(t.sourceComponent);
    files.set(f.file, f);
  }
  const ranked = [...files.values()].sort(byRank);
  return deepFreeze(ranked.map((f) => ({ file: f.file, open: f.open, deferred: f.deferred, resolved: f.resolved, components: [...f.components].sort() })));
}

/** Open + deferred threads first, then all threads, then by name: a total order. */
function byRank(a: Omit<HotspotFile, 'components'>, b: Omit<HotspotFile, 'components'>): number {
  return b.open + b.deferred - (a.open + a.deferred) || b.open + b.deferred + b.resolved - (a.open + a.deferred + a.resolved) || a.file.localeCompare(b.file);
}

/** rankFiles' answer after one thread's status changed (its file and component never do). */
function patchRanked(ranked: readonly HotspotFile[], change: WindowChange): readonly HotspotFile[] {
  const before = change.before[0]!;
  const after = change.after[0]!;
  if (before.sourceFile === null || before.status === after.status) return ranked;
  const next = ranked.map((f) => {
    if (f.file !== before.sourceFile) return f;
    const counts = { open: f.open, deferred: f.deferred, resolved: f.resolved };
    if (before.status === 'open' || before.status === 'deferred' || before.status === 'resolved') counts[before.status]--;
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

/** Hotspot answers by limit; frozen, so each is encoded once (http/frozen-json.ts). */
function hotspots(snapshot: ProjectSnapshot, project: ProjectRecord, stamped: readonly ThreadRow[], base: object, limit: number): SourceResponse {
  // A reply changes nothing a hotspot answer says.
  const answers = snapshot.derive('hotspotAnswers', () => new Map<number, { project: ProjectRecord; response: SourceResponse }>(), { reply: true });
  const known = answers.get(limit);
  // The answer quotes the project's ID and name (its activity time changes with every write).
  if (known && known.project.id === project.id && known.project.name === project.name) return known.response;
  const ranked = snapshot.derive('hotspotFiles', () => rankFiles(stamped), { fields: patchRanked, reply: true });
  const response = deepFreeze({ ...base, mode: 'hotspots' as const, totalFiles: ranked.length, files: ranked.slice(0, limit) } as SourceResponse);
  // Limits run from 1 to 200: the map stays small.
  answers.set(limit, { project, response });
  return response;
}

export async function findBySource(db: Db, caller: Caller, query: SourceQuery): Promise<SourceResponse> {
  const { project } = await resolveProject(db, caller, query.projectId);
  const snapshot = await projectSnapshot(db, project.id);
  const threads = snapshot.threads;
  const stamped = snapshot.derive('stamped', (s) => Object.freeze(s.threads.filter((t) => t.sourceFile !== null)), { fields: patchStamped, reply: patchStamped });
  const limit = query.limit ?? LIMITS.sourceLimitDefault;
  const base = { project: { id: project.id, name: project.name }, coverage: { threads: threads.length, stamped: stamped.length } };

  if (query.file !== undefined || query.component !== undefined) {
    const component = query.component?.toLowerCase();
    const matches = stamped.filter(
      (t) => (query.file === undefined || fileMatches(query.file, t.sourceFile!)) && (component === undefined || t.sourceComponent?.toLowerCase() === component),
    );
    const summary = countStatuses(matches);
    let filtered = query.status !== undefined ? matches.filter((t) => t.status === query.status) : matches;
    if (query.line !== undefined) {
      const line = query.line;
      const distance = (t: ThreadRow) => (t.sourceLine === null ? Number.MAX_SAFE_INTEGER : Math.abs(t.sourceLine - line));
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

  return hotspots(snapshot, project, stamped, base, limit);
}
