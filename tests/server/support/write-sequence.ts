import { expect } from 'vitest';
import type { TestClock } from './harness.js';

/** Past the creation limit's window (20 threads per 10 minutes). */
export const PAST_CREATE_LIMIT_MS = 11 * 60_000;

/**
 * Sends a property test's random writes one after another, moving the clock before each:
 * past the creation limit before a create, so every create lands, and a second before any
 * other write. Refusals are part of a sequence (a thread merged into itself, work on a
 * merged duplicate, assigning a resolved thread): each write must get 200, 400 or 409.
 */
export async function sendWrites<W extends { kind: string }>(
  clock: TestClock,
  writes: readonly W[],
  send: (write: W) => Promise<{ status: number }>,
): Promise<void> {
  for (const w of writes) {
    clock.advance(w.kind === 'create' ? PAST_CREATE_LIMIT_MS : 1000);
    expect([200, 400, 409]).toContain((await send(w)).status);
  }
}
