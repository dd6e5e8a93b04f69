import { useSyncExternalStore } from 'react';

/**
 * One shared clock per interval, so hundreds of relative times re-render together
 * instead of each card running its own timer. The subscribe function is stable per
 * interval: a new one each render would make React resubscribe every commit.
 */
interface SharedClock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
  subscribe(notify: () => void): () => void;
  read(): number;
}

const clocks = new Map<number, SharedClock>();

function clockFor(intervalMs: number): SharedClock {
  const existing = clocks.get(intervalMs);
  if (existing) return existing;
  const clock: SharedClock = {
    now: Date.now(),
    listeners: new Set(),
    timer: null,
    subscribe(notify) {
      clock.listeners.add(notify);
      if (!clock.timer) {
        // Only a stale reading is refreshed here: changing the snapshot while subscribing re-renders every reader.
        if (Date.now() - clock.now >= intervalMs) clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          for (const l of clock.listeners) l();
        }, intervalMs);
      }
      return () => {
        clock.listeners.delete(notify);
        if (clock.listeners.size === 0 && clock.timer) {
          clearInterval(clock.timer);
          clock.timer = null;
        }
      };
    },
    read: () => clock.now,
  };
  clocks.set(intervalMs, clock);
  return clock;
}

export function useNow(intervalMs = 30_000): number {
  const clock = clockFor(intervalMs);
  // The server snapshot lets components using it render to a string (unit tests do).
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}
