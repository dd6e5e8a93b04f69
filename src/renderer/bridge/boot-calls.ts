import { LIMITS } from '#shared/api/limits.js';
import type { EndpointInput } from '#shared/api/index.js';
import type { TriageBridge } from '#shared/bridge/channels.js';
import type { BridgeResult } from '#shared/bridge/errors.js';
import { parseRoute } from '../app/route.js';

/**
 * The calls a start is sure to make first, sent the moment the page has a bridge rather than
 * after the app has run, rendered and asked its way to them: the connection to restore, and,
 * when the address is a project's workspace, the first slice of its rows (the slice planner's
 * first request: every thread, as many as one answer holds). On a cold start this overlaps
 * the service's answers with the app's own start instead of queueing them after it.
 *
 * The app's identical call takes the answer, once. It is not served when it failed (the call
 * is made again, as if never started), when it is older than BOOT_ANSWER_MS, or once the
 * connections changed (another connection's rows must never stand in for this one's).
 */
export const BOOT_ANSWER_MS = 10_000;

type Answer = Promise<BridgeResult<unknown>>;

const started = new Map<string, { answer: Answer; at: number }>();

const ACTIVE_CONNECTION = 'connections:active';
const LIST_ITEMS = 'api:listItems';

/** Argument objects compare by their entries, whatever order they were written in. */
function callKey(channel: string, args?: Record<string, unknown>): string {
  if (!args) return channel;
  const entries = Object.entries(args).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${channel}\u0000${JSON.stringify(entries)}`;
}

/** The first request of a project's load (load-project-items.ts), for the workspace an address shows. */
export function firstRowsQuery(hash: string): EndpointInput<'listItems'> | null {
  const route = parseRoute(hash);
  return route?.screen === 'project' ? { projectId: route.projectId, limit: LIMITS.itemsLimitMax } : null;
}

/**
 * Sends the boot's calls through `bridge` (the raw one: these are the calls being answered).
 * Resolves once every one of them is answered, whatever the answers.
 */
export function startBootCalls(bridge: TriageBridge, hash: string, now = Date.now()): Promise<void> {
  const answers: Answer[] = [bridge.connections.active()];
  started.set(callKey(ACTIVE_CONNECTION), { answer: answers[0]!, at: now });
  const rows = firstRowsQuery(hash);
  if (rows) {
    answers.push(bridge.api.listItems(rows));
    started.set(callKey(LIST_ITEMS, rows), { answer: answers[1]!, at: now });
  }
  return Promise.allSettled(answers).then(() => undefined);
}

/**
 * The boot's answer to this call when there is one to give, else the call itself. Taking it
 * removes it; a failed answer falls through to `call` so the app's own call decides. Once the
 * boot's answers are gone this is the call alone: no key is built.
 */
function take<T>(
  channel: string,
  args: Record<string, unknown> | undefined,
  call: () => Promise<BridgeResult<T>>,
  now = Date.now(),
): Promise<BridgeResult<T>> {
  if (started.size === 0) return call();
  const key = callKey(channel, args);
  const early = started.get(key);
  if (!early) return call();
  started.delete(key);
  if (now - early.at > BOOT_ANSWER_MS) return call();
  return (early.answer as Promise<BridgeResult<T>>).then((r) => (r.ok ? r : call()));
}

/** Forgets every answer not taken yet. */
export function dropBootAnswers(): void {
  started.clear();
}

/**
 * `bridge` with the boot's answers handed to the calls that match them; a call that changes
 * the connections first drops what is left (its rows and connection may no longer be the active ones).
 */
export function answeringBootCalls(bridge: TriageBridge): TriageBridge {
  const dropping =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      dropBootAnswers();
      return call(...args);
    };
  const { connections, api } = bridge;
  return {
    ...bridge,
    connections: {
      ...connections,
      active: () => take(ACTIVE_CONNECTION, undefined, () => connections.active()),
      add: dropping(connections.add),
      remove: dropping(connections.remove),
      activate: dropping(connections.activate),
      signIn: dropping(connections.signIn),
      useFound: dropping(connections.useFound),
    },
    api: {
      ...api,
      listItems: (q) => take(LIST_ITEMS, q, () => api.listItems(q)),
    },
  };
}
