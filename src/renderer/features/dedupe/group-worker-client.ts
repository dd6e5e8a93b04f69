import type { GroupThread } from './group-model.js';
import type { GroupingOptions } from './group-similarity.js';
import type { GroupingAnswer, GroupingRequest } from './group.worker.js';

/** User Timing marks the renderer bench reads (the app never reads them back). */
export const GROUP_MARKS = {
  /** The threads were handed to the worker. */
  posted: 'triage:groups-posted',
  /** The worker's groups arrived; detail: { workerMs, groups: the proposed groups' IDs }. */
  proposed: 'triage:groups-proposed',
  /** Every proposed group has had its /similar look; detail: { requests, groups: the confirmed groups' IDs }. */
  confirmed: 'triage:groups-confirmed',
} as const;

export interface Proposal {
  groups: string[][];
  /** Time the worker spent grouping. */
  workerMs: number;
}

/** Proposes duplicate groups in a Web Worker; rejects with words a person can act on. */
export function proposeGroupsOffThread(
  threads: readonly GroupThread[],
  options?: GroupingOptions,
  signal?: AbortSignal,
): Promise<Proposal> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./group.worker.ts', import.meta.url), { type: 'module', name: 'duplicate-groups' });
    } catch (err) {
      reject(new Error(`Could not start the grouping worker: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(new DOMException('Grouping was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent<GroupingAnswer>) => {
      done();
      if ('error' in e.data) {
        reject(new Error(`Grouping failed: ${e.data.error}`));
        return;
      }
      performance.mark(GROUP_MARKS.proposed, { detail: { workerMs: e.data.ms, groups: e.data.groups } });
      resolve({ groups: e.data.groups, workerMs: e.data.ms });
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(`The grouping worker stopped: ${e.message || 'no reason given'}.`));
    };
    const request: GroupingRequest = { threads: [...threads], ...(options ? { options } : {}) };
    performance.mark(GROUP_MARKS.posted);
    worker.postMessage(request);
  });
}
