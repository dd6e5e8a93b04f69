import { constructSortFn, sortFn_basic } from '@tanstack/react-table';
import type { AgentTask, Status } from '#shared/api/common.js';

/*
 * Comparators return ascending order only: the sorted row model flips them for descending.
 * "Missing" values (unassigned, no agent task) are not handled here: their accessors return
 * `undefined` and the columns set `sortUndefined: 'last'`, which keeps them at the bottom
 * in both directions. A comparator cannot do that, because descending negates its result.
 */

/** Workflow order, not alphabetical: triage reads open work first. */
const STATUS_ORDER: readonly Status[] = ['open', 'deferred', 'resolved'];

/** Escalating effort, the order the service offers them in. */
const AGENT_TASK_ORDER: readonly AgentTask[] = ['investigate', 'plan', 'fix', 'build'];

// Numeric-aware and case/accent-insensitive: "/page2" sorts before "/page10", "ada" next to "Ada".
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Values outside the known list (a newer service) sort after every known one, among themselves by name. */
function rankIn(order: readonly string[], value: unknown): number {
  const i = typeof value === 'string' ? order.indexOf(value) : -1;
  return i === -1 ? order.length : i;
}

export function compareText(a: unknown, b: unknown): number {
  return collator.compare(typeof a === 'string' ? a : '', typeof b === 'string' ? b : '');
}

export function compareStatus(a: unknown, b: unknown): number {
  return rankIn(STATUS_ORDER, a) - rankIn(STATUS_ORDER, b) || compareText(a, b);
}

export function compareAgentTask(a: unknown, b: unknown): number {
  return rankIn(AGENT_TASK_ORDER, a) - rankIn(AGENT_TASK_ORDER, b) || compareText(a, b);
}

/** "" and whitespace mean unassigned (the contract types assignee as a string); null is tolerated. */
export function assigneeSortValue(assignee: string | null | undefined): string | undefined {
  const name = assignee?.trim();
  return name ? name : undefined;
}

/** Known tasks sort in the contract's order; one this version doesn't know sorts after them, by name. */
export function agentTaskSortValue(task: string | null | undefined): string | undefined {
  return task ?? undefined;
}

/**
 * Registered on the feature set (v9 keeps sort functions in a `sortFns` slot) so columns name
 * them and TypeScript rejects a name that is not registered.
 */
export const itemSortFns = {
  basic: sortFn_basic,
  itemText: constructSortFn({ sort: (a, b) => compareText(a, b) }),
  itemStatus: constructSortFn({ sort: (a, b) => compareStatus(a, b) }),
  itemAgentTask: constructSortFn({ sort: (a, b) => compareAgentTask(a, b) }),
};
