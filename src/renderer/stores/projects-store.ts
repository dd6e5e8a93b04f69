import { create } from 'zustand';
import type { Project } from '#shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import { failure, goneWithTheConnection, type Failure } from './failure.js';
import { onReconnected } from './network-store.js';
import { onItemsChanged } from '../server-state/items-sync.js';

/** A project's thread counts, from the summary of a one-row listing (GET /items?limit=1). */
export type ProjectCount =
  | { state: 'loading' }
  /** `capped`: the service read only its newest threads (scanLimit), so these are minimums. */
  | { state: 'ready'; open: number; total: number; capped: boolean; at: number }
  | { state: 'failed'; why: string; at: number };

/** A count older than this is asked again when its row shows (the old one stays meanwhile). */
export const COUNT_FRESH_MS = 5 * 60_000;
/** A failed count is asked again when its row shows after this long. */
export const COUNT_RETRY_MS = 60_000;
/** Count requests in flight at once: the list never competes with the board for the rate limit. */
const COUNT_CONCURRENCY = 2;

interface ProjectsState {
  projects: Project[];
  /** The connection these projects came from, so switching connections refetches. */
  connectionId: string | null;
  loading: boolean;
  problem: Failure | null;
  /** By `countKey`: kept for the session, so the list paints counts at once when shown again. */
  counts: Record<string, ProjectCount>;
  load(connectionId: string): Promise<void>;
  /** Queues a count for a project whose row is on screen, unless a fresh one is known or on its way. */
  requestCount(connectionId: string, projectId: string, now?: number): void;
}

export const countKey = (connectionId: string, projectId: string) => `${connectionId}\u0000${projectId}`;

/** Whether a count should be (re)asked: none yet, a stale one, or a failure a while ago. */
export function needsCount(count: ProjectCount | undefined, now: number): boolean {
  if (!count) return true;
  if (count.state === 'loading') return false;
  return now - count.at >= (count.state === 'ready' ? COUNT_FRESH_MS : COUNT_RETRY_MS);
}

const queue: Array<{ connectionId: string; projectId: string }> = [];
/** Keys queued or in flight: a row scrolled past twice is asked once. */
const pending = new Set<string>();
let inFlight = 0;

export const useProjects = create<ProjectsState>()((set, get) => {
  const setCount = (key: string, count: ProjectCount) => set((s) => ({ counts: { ...s.counts, [key]: count } }));

  const fetchCount = async (connectionId: string, projectId: string) => {
    const key = countKey(connectionId, projectId);
    const res = await getBridge()
      .api.listItems({ projectId, limit: 1 })
      .catch((e: unknown) => ({
        ok: false as const,
        error: { message: `Could not ask for the count: ${e instanceof Error ? e.message : String(e)}` },
      }));
    const at = Date.now();
    if (!res.ok) setCount(key, { state: 'failed', why: res.error.message, at });
    // A service that sends no summary leaves nothing to count from one row.
    else if (!res.data.hasSummary)
      setCount(key, { state: 'failed', why: 'The service did not say how many threads this project has.', at });
    else
      setCount(key, {
        state: 'ready',
        open: res.data.summary.open,
        total: res.data.summary.total,
        capped: res.data.capped,
        at,
      });
  };

  const pump = () => {
    while (inFlight < COUNT_CONCURRENCY && queue.length > 0) {
      const next = queue.shift()!;
      const key = countKey(next.connectionId, next.projectId);
      // The person switched connections meanwhile: the request would go to the other one.
      if (get().connectionId !== next.connectionId) {
        pending.delete(key);
        if (get().counts[key]?.state === 'loading') {
          const { [key]: _dropped, ...rest } = get().counts;
          set({ counts: rest });
        }
        continue;
      }
      inFlight += 1;
      void fetchCount(next.connectionId, next.projectId).finally(() => {
        pending.delete(key);
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    projects: [],
    connectionId: null,
    loading: false,
    problem: null,
    counts: {},

    async load(connectionId) {
      if (get().connectionId !== connectionId) set({ projects: [] });
      set({ loading: true, problem: null, connectionId });
      const res = await getBridge().api.listProjects({});
      // A reply for a connection the person already left is dropped.
      if (get().connectionId !== connectionId) return;
      if (res.ok) set({ projects: res.data.projects, loading: false });
      else set({ problem: failure('Could not load projects', res.error), loading: false });
    },

    requestCount(connectionId, projectId, now = Date.now()) {
      const key = countKey(connectionId, projectId);
      const known = get().counts[key];
      if (pending.has(key) || !needsCount(known, now)) return;
      pending.add(key);
      // A stale count stays on screen while the new one comes; only a first one shows "counting".
      if (!known || known.state === 'failed') setCount(key, { state: 'loading' });
      queue.push({ connectionId, projectId });
      pump();
    },
  };
});

// A change made here makes that project's count stale: kept on screen, asked again when shown.
onItemsChanged(({ projectId }) => {
  const { counts } = useProjects.getState();
  const stale = Object.entries(counts).filter(([key, c]) => key.endsWith(`\u0000${projectId}`) && c.state === 'ready');
  if (stale.length > 0)
    useProjects.setState({
      counts: { ...counts, ...Object.fromEntries(stale.map(([key, c]) => [key, { ...c, at: 0 }])) },
    });
});

// A project list that failed to load for want of the service loads again once it answers.
onReconnected(() => {
  const { connectionId, problem, load } = useProjects.getState();
  if (connectionId && problem && goneWithTheConnection(problem)) void load(connectionId);
});
