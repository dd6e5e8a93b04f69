import { create } from 'zustand';
import type { NetworkState } from '#shared/bridge/channels.js';
import { getBridge } from '../bridge/index.js';
import { steadyNetwork, type SteadyNetwork } from './steady-network.js';

/** How long the status line may say "Checking the connection…" before it says what went wrong. */
export const CHECK_TIME_LIMIT_MS = 10_000;

interface NetworkStore {
  /** The state the status line shows: the client's, with busy and idle smoothed (steady-network.ts). */
  state: NetworkState | null;
  /**
   * Why the connection's state is unknown: the first answer failed, or none came in time
   * (a tab left open across a restart of the demo). Cleared by any state that arrives.
   */
  unknown: string | null;
  /** Starts listening; returns the function that stops. */
  watch(): () => void;
  /** Asks again (the status line's "Try again"). */
  check(): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
/** Whether the client said it was offline and has not yet been idle since. */
let wasOffline = false;
const reconnectListeners = new Set<() => void>();

/**
 * Runs `listener` each time the client is idle again after being offline: the service answered,
 * so whatever failed for want of it can be asked again, and what said it was away is no longer
 * true. Returns the function that stops.
 */
export function onReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** The client's own states, unsmoothed: the first idle after offline is the service answering again. */
function noteReconnection(state: NetworkState): void {
  if (state.phase === 'offline') wasOffline = true;
  else if (state.phase === 'idle' && wasOffline) {
    wasOffline = false;
    for (const listener of [...reconnectListeners]) listener();
  }
}
/** Whether a pushed state has arrived: it is newer than any answer to `state()`. */
let live = false;
/** Smooths what the status line shows while watching; the first state of all passes at once. */
let steady: SteadyNetwork | null = null;

export const useNetwork = create<NetworkStore>()((set, get) => ({
  state: null,
  unknown: null,

  watch() {
    live = false;
    wasOffline = false;
    const smoothing = steadyNetwork((state) => set({ state, unknown: null }));
    steady = smoothing;
    const unsubscribe = getBridge().network.subscribe((state) => {
      live = true;
      if (timer) clearTimeout(timer);
      smoothing.push(state);
      noteReconnection(state);
    });
    get().check();
    return () => {
      if (timer) clearTimeout(timer);
      smoothing.dispose();
      if (steady === smoothing) steady = null;
      unsubscribe();
    };
  },

  check() {
    if (timer) clearTimeout(timer);
    set({ unknown: null });
    timer = setTimeout(() => {
      if (!get().state) set({ unknown: `No answer about the connection after ${CHECK_TIME_LIMIT_MS / 1000} seconds.` });
    }, CHECK_TIME_LIMIT_MS);
    // The initial state only fills the gap before the first pushed event; never overwrite a newer push.
    void getBridge()
      .network.state()
      .then((res) => {
        if (res.ok) {
          if (!live) {
            if (steady) steady.push(res.data);
            else set({ state: res.data, unknown: null });
          }
          if (timer) clearTimeout(timer);
        } else if (!get().state) {
          if (timer) clearTimeout(timer);
          set({ unknown: res.error.message });
        }
      });
  },
}));
