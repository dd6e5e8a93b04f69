import { create } from 'zustand';
import type { ItemRow, SimilarCandidate } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { failure, type Failure } from '../../stores/failure.js';
import { loadProjectItems } from '../../server-state/load-project-items.js';
import { actionFailure } from '../../format/refusals.js';
import type { MergeReceipt } from '../merge/merge-run.js';
import { DEFAULT_THRESHOLD, pairKey, strongCandidates } from './dedupe-model.js';
import { prefetchQueueDetail, rereadQueueDetail } from './queue-details.js';

/** How many threads with candidates to have ready beyond the one on screen. */
const LOOKAHEAD = 5;
/** Candidates asked for per thread; the strong ones are kept. */
const CANDIDATES_PER_THREAD = 10;
/** Thread details fetched ahead, so the next subjects show at once. */
const DETAIL_PREFETCH = 3;

export interface QueueEntry {
  subject: ItemRow;
  /** Strong candidates when the thread was checked; filtered again against merges and judgements when shown. */
  candidates: SimilarCandidate[];
}

/** A keep or skip, with what it changed, so it can be taken back. */
interface QueueDecision {
  kind: 'keep' | 'skip';
  subject: ItemRow;
  /** Where the entry stood in the queue. */
  position: number;
  /** Pairs this keep judged "not duplicates" that were not judged before. */
  judgedPairs: string[];
}

interface QueueStats {
  kept: number;
  skipped: number;
  merged: number;
}

interface DedupeState {
  projectId: string | null;
  threshold: number;
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  loadProblem: Failure | null;
  /** Open threads, oldest first: later reports are usually the duplicates of earlier ones. */
  subjects: ItemRow[];
  /** Subjects whose candidates have been asked for. */
  checked: number;
  entries: QueueEntry[];
  position: number;
  scanning: boolean;
  scanProblem: Failure | null;
  /** Merged away in this session. */
  gone: ReadonlySet<string>;
  /** Pairs judged "not duplicates". */
  judged: ReadonlySet<string>;
  stats: QueueStats;
  /** Keeps and skips of this walk, newest last: each can be taken back, newest first. */
  decisions: QueueDecision[];

  start(projectId: string): Promise<void>;
  setThreshold(threshold: number): void;
  keep(candidateIds: readonly string[]): void;
  skip(): void;
  /** Takes back the newest keep or skip: its pair is back in the queue, on screen. */
  undoDecision(): QueueDecision | null;
  /** After a merge from the queue: forget what left, stay while candidates remain. */
  merged(receipt: MergeReceipt): void;
  retryScan(): void;
  leave(): void;
}

const INITIAL = {
  projectId: null,
  threshold: DEFAULT_THRESHOLD,
  phase: 'idle' as const,
  loadProblem: null,
  subjects: [],
  checked: 0,
  entries: [],
  position: 0,
  scanning: false,
  scanProblem: null,
  gone: new Set<string>(),
  judged: new Set<string>(),
  stats: { kept: 0, skipped: 0, merged: 0 },
  decisions: [] as QueueDecision[],
};

/** The candidates of an entry as they stand now (merges and judgements since the scan removed). */
export function liveCandidates(
  entry: QueueEntry,
  s: Pick<DedupeState, 'threshold' | 'gone' | 'judged'>,
): SimilarCandidate[] {
  return strongCandidates(entry.candidates, {
    subjectId: entry.subject.id,
    threshold: s.threshold,
    gone: s.gone,
    judged: s.judged,
  });
}

function isLive(entry: QueueEntry | undefined, s: Pick<DedupeState, 'threshold' | 'gone' | 'judged'>): boolean {
  return !!entry && !s.gone.has(entry.subject.id) && liveCandidates(entry, s).length > 0;
}

/** The rows to walk: the list already loaded for this project, or a fresh load. */
export async function openThreads(projectId: string): Promise<{ rows: ItemRow[] } | { problem: Failure }> {
  const board = useProjectItems.getState();
  let rows = board.projectId === projectId ? board.data?.rows : undefined;
  if (!rows) {
    const outcome = await loadProjectItems((q) => getBridge().api.listItems(q), projectId);
    if (!outcome.data)
      return {
        problem: failure(
          'Could not load the threads of this project',
          outcome.error ?? { kind: 'bad_response', message: 'The list came back empty.' },
        ),
      };
    rows = outcome.data.rows;
  }
  return {
    rows: rows
      .filter((r) => r.status === 'open')
      .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.id.localeCompare(b.id)),
  };
}

/**
 * The dedupe queue: walks the project's open threads, asks the service for each one's
 * similar threads, and queues those with strong candidates. Checking runs only a few threads
 * ahead of the person, so a 2,000-thread project does not spend the rate limit up front.
 */
export const useDedupe = create<DedupeState>()((set, get) => {
  /**
   * The scan under way: a new scan (start, another bar) or leaving the queue aborts it, and a
   * step of an aborted scan stops at its next await, so its answers never land. The bridge takes
   * no signal, so a request already sent still runs; only its answer is dropped.
   */
  let scan = new AbortController();
  const newScan = (): AbortSignal => {
    scan.abort();
    scan = new AbortController();
    return scan.signal;
  };
  /** Moves past entries that nothing is left to decide on (merged away, all judged). */
  const settlePosition = () => {
    const s = get();
    let position = s.position;
    while (position < s.entries.length && !isLive(s.entries[position], s)) position++;
    if (position !== s.position) set({ position });
  };

  const prefetch = () => {
    const s = get();
    for (const e of s.entries.slice(s.position, s.position + DETAIL_PREFETCH)) prefetchQueueDetail(e.subject.id);
  };

  const pump = async (signal: AbortSignal) => {
    if (get().scanning) return;
    set({ scanning: true, scanProblem: null });
    while (!signal.aborted) {
      const s = get();
      if (s.checked >= s.subjects.length || s.entries.length - s.position > LOOKAHEAD) break;
      const subject = s.subjects[s.checked]!;
      if (s.gone.has(subject.id)) {
        set({ checked: s.checked + 1 });
        continue;
      }
      const res = await getBridge().api.findSimilar({
        itemId: subject.id,
        includeResolved: true,
        limit: CANDIDATES_PER_THREAD,
      });
      if (signal.aborted) return;
      if (!res.ok) {
        set({
          scanProblem: actionFailure(`Could not check “${subject.excerpt.slice(0, 60)}” for duplicates`, res.error),
        });
        break;
      }
      const now = get();
      const strong = strongCandidates(res.data.candidates, {
        subjectId: subject.id,
        threshold: now.threshold,
        gone: now.gone,
        judged: now.judged,
      });
      set({
        checked: now.checked + 1,
        entries: strong.length > 0 ? [...now.entries, { subject, candidates: strong }] : now.entries,
      });
      settlePosition();
      prefetch();
    }
    if (!signal.aborted) set({ scanning: false });
  };

  const advance = () => {
    set({ position: get().position + 1 });
    settlePosition();
    prefetch();
    void pump(scan.signal);
  };

  return {
    ...INITIAL,

    async start(projectId) {
      const signal = newScan();
      set({
        ...INITIAL,
        projectId,
        phase: 'loading',
        threshold: get().projectId === projectId ? get().threshold : DEFAULT_THRESHOLD,
      });
      const loaded = await openThreads(projectId);
      if (signal.aborted) return;
      if ('problem' in loaded) {
        set({ phase: 'failed', loadProblem: loaded.problem });
        return;
      }
      set({ phase: 'ready', subjects: loaded.rows });
      await pump(signal);
    },

    setThreshold(threshold) {
      const signal = newScan();
      // Judgements and merges stay; the walk starts over with the new bar.
      // Decisions point at positions of the old walk: they stay made, but can no longer be taken back.
      set({ threshold, checked: 0, entries: [], position: 0, scanning: false, scanProblem: null, decisions: [] });
      void pump(signal);
    },

    keep(candidateIds) {
      const s = get();
      const entry = s.entries[s.position];
      if (!entry) return;
      const judged = new Set(s.judged);
      const judgedPairs = candidateIds.map((id) => pairKey(entry.subject.id, id)).filter((key) => !judged.has(key));
      for (const key of judgedPairs) judged.add(key);
      const decision: QueueDecision = { kind: 'keep', subject: entry.subject, position: s.position, judgedPairs };
      set({ judged, stats: { ...s.stats, kept: s.stats.kept + 1 }, decisions: [...s.decisions, decision] });
      advance();
    },

    skip() {
      const s = get();
      const entry = s.entries[s.position];
      if (!entry) return;
      const decision: QueueDecision = { kind: 'skip', subject: entry.subject, position: s.position, judgedPairs: [] };
      set({ stats: { ...s.stats, skipped: s.stats.skipped + 1 }, decisions: [...s.decisions, decision] });
      advance();
    },

    undoDecision() {
      const s = get();
      const decision = s.decisions[s.decisions.length - 1];
      if (!decision) return null;
      const judged = new Set(s.judged);
      for (const key of decision.judgedPairs) judged.delete(key);
      const stats =
        decision.kind === 'keep'
          ? { ...s.stats, kept: Math.max(0, s.stats.kept - 1) }
          : { ...s.stats, skipped: Math.max(0, s.stats.skipped - 1) };
      set({ judged, stats, decisions: s.decisions.slice(0, -1), position: Math.min(decision.position, s.position) });
      // A subject merged away since has nothing left to decide: settling moves past it.
      settlePosition();
      prefetch();
      return decision;
    },

    merged(receipt) {
      const s = get();
      const gone = new Set(s.gone);
      for (const id of receipt.acceptedIds) gone.add(id);
      set({ gone, stats: { ...s.stats, merged: s.stats.merged + receipt.merged } });
      // The kept thread gained reports: show the count the service has now, not the one from the scan.
      if (receipt.acceptedIds.length > 0)
        for (const id of new Set([receipt.keptId, receipt.canonicalId])) rereadQueueDetail(id);
      const entry = get().entries[get().position];
      if (!isLive(entry, get())) advance();
    },

    retryScan() {
      void pump(scan.signal);
    },

    leave() {
      newScan();
      set({ ...INITIAL });
    },
  };
});
