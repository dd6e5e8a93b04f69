import type { NetworkState } from '#shared/bridge/channels.js';

/**
 * The status line's pace. A project's refresh is ~21 requests with gaps of a few milliseconds
 * between them, and the client reports each start and end: shown as they come, the line flipped
 * "Connected" / "Working…" / "Working — 1 request waiting" about 80 times in a third of a second,
 * a flicker nobody can read. So busy and idle are smoothed here; what a person must see at once
 * (offline, the rate limit, pacing, and the first state of all) still is, and pacing stays
 * shown through the busy moments between its waits.
 */
interface SteadyTiming {
  /** Busy must last this long (gaps shorter than `holdBusyMs` included) before "Working…" shows: a quick request shows nothing. */
  showBusyAfterMs: number;
  /** "Working…" stays until the client has been idle this long: back-to-back requests read as one stretch of work. */
  holdBusyMs: number;
  /** While "Working…" shows, its queue count changes at most this often. */
  busyUpdateMs: number;
}

export const STEADY_TIMING: SteadyTiming = { showBusyAfterMs: 200, holdBusyMs: 250, busyUpdateMs: 500 };

const quiet = (s: NetworkState) => s.phase === 'busy' || s.phase === 'idle';
/** Whether the line would read the same: the client sends a new state object for every request. */
const reads = (a: NetworkState, b: NetworkState) =>
  a.phase === b.phase && a.queued === b.queued && a.until === b.until && a.message === b.message;

export interface SteadyNetwork {
  /** A state as the client reported it. */
  push(state: NetworkState): void;
  /** Drops any pending change (the status line went away). */
  dispose(): void;
}

/** Passes the client's states on to `show`, busy and idle smoothed as `STEADY_TIMING` says. */
export function steadyNetwork(show: (state: NetworkState) => void): SteadyNetwork {
  const timing = STEADY_TIMING;
  let shown: NetworkState | null = null;
  let shownAt = 0;
  let latest: NetworkState | null = null;
  /** When the current stretch of work began, and when it last had a request in flight. */
  let stretchStart = 0;
  let lastBusyAt = Number.NEGATIVE_INFINITY;
  let pacedEndedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const display = (state: NetworkState) => {
    cancel();
    shown = state;
    shownAt = Date.now();
    show(state);
  };
  const at = (when: number) => {
    cancel();
    timer = setTimeout(
      () => {
        timer = null;
        decide();
      },
      Math.max(0, when - Date.now()),
    );
  };

  function decide(): void {
    const next = latest;
    if (!next || next === shown) return;
    if (shown && reads(next, shown)) {
      cancel();
      shown = next;
      return;
    }
    const now = Date.now();
    if (!shown || !quiet(next)) return display(next);
    // Paced requests alternate with busy ones (each waits its turn): the pacing stays on the
    // line until it has been over for the hold, rather than flickering at the pace.
    if (shown.phase === 'paced') {
      const due = (next.phase === 'idle' ? Math.max(pacedEndedAt, lastBusyAt) : pacedEndedAt) + timing.holdBusyMs;
      return now >= due ? display(next) : at(due);
    }
    if (!quiet(shown)) return display(next);
    if (next.phase === 'busy') {
      if (shown.phase === 'idle') {
        const due = stretchStart + timing.showBusyAfterMs;
        return now >= due ? display(next) : at(due);
      }
      // Already working: a new count waits its turn, unless one is already due.
      const due = shownAt + timing.busyUpdateMs;
      if (now >= due) return display(next);
      if (timer === null) at(due);
      return;
    }
    // Idle, while "Working…" shows.
    const due = lastBusyAt + timing.holdBusyMs;
    return now >= due ? display(next) : at(due);
  }

  return {
    push(state) {
      const now = Date.now();
      if (state.phase === 'busy') {
        if (now - lastBusyAt >= timing.holdBusyMs) stretchStart = now;
        lastBusyAt = now;
      } else if (latest?.phase === 'busy') {
        lastBusyAt = now;
      }
      if (latest?.phase === 'paced' && state.phase !== 'paced') pacedEndedAt = now;
      latest = state;
      decide();
    },
    dispose: cancel,
  };
}
