import { useSyncExternalStore } from 'react';

/**
 * One shared clock per interval, so hundreds of relative times re-render together
 * instead of each card running its own timer.
 */
const clocks = new Map<number, { now: number; listeners: Set<() => void>; timer: ReturnType<typeof setInterval> | null }>();

function clockFor(intervalMs: number) {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

export function useNow(intervalMs = 30_000): number {
  const clock = clockFor(intervalMs);
  return useSyncExternalStore(
    (notify) => {
      clock.listeners.add(notify);
      if (!clock.timer) {
        clock.now = Date.now();
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
    () => clock.now,
  );
}
