import { settle } from './fake-clock.js';

/**
 * Waits until `condition` holds: for real I/O (a local server answering) to catch up
 * with a fake clock. Bounded so a broken expectation fails instead of hanging.
 */
export async function until(condition: () => boolean, what: string, maxTurns = 2_000): Promise<void> {
  for (let i = 0; i < maxTurns; i++) {
    if (condition()) return;
    await settle();
    if (i > 50) await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`Gave up waiting for ${what}`);
}
