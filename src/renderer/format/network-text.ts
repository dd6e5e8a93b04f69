import type { NetworkState } from '#shared/bridge/channels.js';
import { plural } from './counts.js';
import { formatCountdown } from './relative-time.js';

/** The status line's sentence for a network state; `now` drives the rate-limit countdown. */
export function networkLine(state: NetworkState, now: number): string {
  switch (state.phase) {
    case 'limited':
      return state.until !== null && state.until > now
        ? `Paused by the service's rate limit — resuming in ${formatCountdown(state.until, now)}`
        : "Paused by the service's rate limit — resuming shortly";
    case 'paced':
      return `Pacing requests to stay under the rate limit${state.queued > 0 ? ` (${state.queued} waiting)` : ''}`;
    case 'offline':
      return `Offline — ${state.message.trim() || 'the service cannot be reached; requests resume when it answers again'}`;
    case 'busy':
      return state.queued > 0 ? `Working — ${plural(state.queued, 'request', 'requests')} waiting` : 'Working…';
    case 'idle':
      return 'Connected';
  }
}

/** What screen readers hear when the phase changes (never the ticking countdown). */
export const PHASE_ANNOUNCEMENT: Record<NetworkState['phase'], string> = {
  idle: '',
  busy: '',
  paced: 'Pacing requests to stay under the rate limit.',
  limited: "Paused by the service's rate limit.",
  offline: 'Offline.',
};
