import { useEffect, useState } from 'react';

/**
 * One clock for the whole table, passed down to the rows. (The shared `useNow` resubscribes
 * on every render and resets its clock when the last listener leaves, which loops when every
 * visible row re-renders in one commit; a plain interval owned here cannot.)
 */
export function useClock(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
