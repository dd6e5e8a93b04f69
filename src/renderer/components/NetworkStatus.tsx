import { useEffect } from 'react';
import type { NetworkState } from '#shared/bridge/channels.js';
import { networkLine, PHASE_ANNOUNCEMENT } from '../format/network-text.js';
import { useNetwork } from '../stores/network-store.js';
import { useNow } from './use-now.js';

/** Ticks every second only while a countdown is on screen. */
function LimitedLine({ state }: { state: NetworkState }) {
  const now = useNow(1000);
  return <>{networkLine(state, now)}</>;
}

/** The status line: what the network layer is doing, including rate-limit pauses with a live countdown. */
export function NetworkStatus() {
  const state = useNetwork((s) => s.state);
  const unknown = useNetwork((s) => s.unknown);
  const watch = useNetwork((s) => s.watch);
  useEffect(() => watch(), [watch]);
  if (!state && unknown) {
    // Never "Checking…" for ever: after the time limit, or a failed answer, say so and offer to ask again.
    return (
      <div
        className="network-status network-status--offline"
        data-testid="network-status"
        data-phase="unknown"
        role="status"
      >
        <span className="network-status__dot" aria-hidden="true" />
        <span>Connection unknown — {unknown}</span>
        <button
          type="button"
          className="button button--quiet network-status__retry"
          onClick={() => useNetwork.getState().check()}
        >
          Try again
        </button>
      </div>
    );
  }
  const phase = state?.phase ?? 'idle';
  return (
    <div className={`network-status network-status--${phase}`} data-testid="network-status" data-phase={phase}>
      <span className="network-status__dot" aria-hidden="true" />
      <span>
        {!state ? (
          'Checking the connection…'
        ) : phase === 'limited' ? (
          <LimitedLine state={state} />
        ) : (
          networkLine(state, Date.now())
        )}
      </span>
      {/* Announce phase changes only: a countdown read out every second would drown everything else. */}
      <span className="visually-hidden" aria-live="polite">
        {PHASE_ANNOUNCEMENT[phase]}
      </span>
    </div>
  );
}
