import { LIMITS } from '#shared/api/index.js';
import type { NetworkState } from '#shared/bridge/index.js';
import type { PacerSnapshot } from './pacer.js';

interface ClientActivity {
  /** Calls started and not yet answered (queued, in flight or backing off). */
  active: number;
  pacer: PacerSnapshot;
  /** Why the last request failed on the network, until a request gets an answer. */
  offline: string | null;
  host: string;
  now: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const NO_CONNECTION_STATE: NetworkState = { phase: 'idle', queued: 0, until: null, message: 'No connection.' };

/**
 * One phase for the status bar, most important first: a 429 pause, then being offline,
 * then our own pacing, then plain activity.
 */
export function describeNetworkState(a: ClientActivity): NetworkState {
  const queued = a.pacer.queued;
  const waiting = queued > 0 ? `; ${plural(queued, 'request')} waiting` : '';
  if (a.pacer.pausedUntil !== null) {
    const secs = Math.max(1, Math.ceil((a.pacer.pausedUntil - a.now) / 1000));
    return {
      phase: 'limited',
      queued,
      until: a.pacer.pausedUntil,
      message: `The service asked Triage Desk to slow down. Resuming in about ${secs} s${waiting}.`,
    };
  }
  if (a.offline !== null) {
    return {
      phase: 'offline',
      queued,
      until: null,
      message: `Can't reach ${a.host}: ${a.offline}. Check your connection; the next request will try again.`,
    };
  }
  if (a.pacer.waiting === 'tokens') {
    return {
      phase: 'paced',
      queued,
      until: null,
      message: `Pacing requests to stay under the service's limit of ${LIMITS.ratePerMinute} a minute${waiting}.`,
    };
  }
  if (a.active > 0) {
    return { phase: 'busy', queued, until: null, message: `Loading from ${a.host} (${plural(a.active, 'request')}).` };
  }
  return { phase: 'idle', queued, until: null, message: `Ready: connected to ${a.host}.` };
}

export const sameNetworkState = (a: NetworkState, b: NetworkState): boolean =>
  a.phase === b.phase && a.queued === b.queued && a.until === b.until && a.message === b.message;
