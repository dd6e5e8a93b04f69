import type { GroupThread } from './group-model.js';
import { proposeGroups, type GroupingOptions } from './group-similarity.js';

/**
 * Grouping runs here, off the page's thread: comparing a 2,000-thread project's threads
 * pair by pair within each page would otherwise be a long task the keyboard waits behind.
 */
export interface GroupingRequest {
  threads: GroupThread[];
  options?: GroupingOptions;
}

export type GroupingAnswer = { groups: string[][]; ms: number } | { error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<GroupingRequest>) => void) | null;
  postMessage(answer: GroupingAnswer): void;
};

scope.onmessage = (e) => {
  const started = performance.now();
  try {
    const groups = proposeGroups(e.data.threads, e.data.options);
    scope.postMessage({ groups, ms: performance.now() - started });
  } catch (err) {
    scope.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
