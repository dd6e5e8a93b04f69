import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkState } from '#shared/bridge/channels.js';
import { STEADY_TIMING, steadyNetwork, type SteadyNetwork } from '../../../src/renderer/stores/steady-network.js';

const state = (phase: NetworkState['phase'], queued = 0): NetworkState => ({ phase, queued, until: null, message: '' });
const idle = state('idle');
const busy = state('busy');
const { showBusyAfterMs, holdBusyMs, busyUpdateMs } = STEADY_TIMING;

let shown: Array<{ at: number; phase: string; queued: number }>;
let steady: SteadyNetwork;
let start: number;

/** Pushes `s` at `ms` after the start (the clock only moves forward). */
async function at(ms: number, s: NetworkState): Promise<void> {
  await vi.advanceTimersByTimeAsync(start + ms - Date.now());
  steady.push(s);
}
const phases = () => shown.map((s) => s.phase);

beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  shown = [];
  steady = steadyNetwork((s) => shown.push({ at: Date.now() - start, phase: s.phase, queued: s.queued }));
});
afterEach(() => {
  steady.dispose();
  vi.useRealTimers();
});

describe('the status line shows busy and idle steadily', () => {
  it('shows the first state of all at once, busy or not', async () => {
    await at(0, busy);
    expect(shown).toEqual([{ at: 0, phase: 'busy', queued: 0 }]);
  });

  it('shows nothing for a quick request: "Connected" stays', async () => {
    await at(0, idle);
    await at(10, busy);
    await at(60, idle);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(phases()).toEqual(['idle']);
  });

  it('a refresh of back-to-back requests reads as one stretch of work: one "Working…", then one "Connected" after the hold', async () => {
    await at(0, idle);
    // 21 requests of 12 ms with 5 ms gaps between them, each with one more waiting.
    let t = 100;
    for (let i = 0; i < 21; i++) {
      await at(t, state('busy', i % 2));
      await at(t + 12, idle);
      t += 17;
    }
    const lastIdle = t - 5;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(phases()).toEqual(['idle', 'busy', 'idle']);
    // "Working…" from when the stretch had lasted long enough, "Connected" once it had been over for the hold.
    expect(shown[1]!.at).toBeGreaterThanOrEqual(100 + showBusyAfterMs);
    expect(shown[1]!.at).toBeLessThan(100 + showBusyAfterMs + 17);
    expect(shown[2]!.at).toBe(lastIdle + holdBusyMs);
  });

  it('updates the queue count while working at most once per update interval, ending on the latest', async () => {
    await at(0, idle);
    await at(10, busy);
    for (let t = 11; t < 2_000; t += 7) await at(t, state('busy', (t % 5) + 1));
    await at(2_000, state('busy', 9));
    await vi.advanceTimersByTimeAsync(busyUpdateMs);
    const working = shown.filter((s) => s.phase === 'busy');
    for (let i = 1; i < working.length; i++)
      expect(working[i]!.at - working[i - 1]!.at).toBeGreaterThanOrEqual(busyUpdateMs);
    expect(working.length).toBeLessThanOrEqual(Math.ceil(2_000 / busyUpdateMs) + 1);
    expect(working.at(-1)!.queued).toBe(9);
  });

  it('shows offline, the rate limit and pacing at once, and what follows offline and the limit at once', async () => {
    await at(0, idle);
    await at(10, busy);
    await at(20, state('offline'));
    await at(30, busy);
    await at(40, state('limited'));
    await at(50, idle);
    await at(60, state('paced'));
    expect(shown.map((s) => `${s.at} ${s.phase}`)).toEqual([
      '0 idle',
      '20 offline',
      '30 busy',
      '40 limited',
      '50 idle',
      '60 paced',
    ]);
  });

  it('keeps pacing on the line through the busy moments between its waits, then "Connected" after the hold', async () => {
    await at(0, idle);
    // The client's own sequence under pacing: each request waits its turn, then runs.
    for (let t = 100; t < 2_100; t += 100) {
      await at(t, state('paced', 3));
      await at(t + 60, busy);
    }
    await at(2_100, idle);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(shown.map((s) => `${s.at} ${s.phase}`)).toEqual(['0 idle', '100 paced', `${2_100 + holdBusyMs} idle`]);
  });

  it('drops a pending change when the status line goes away', async () => {
    await at(0, idle);
    await at(10, busy);
    steady.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(phases()).toEqual(['idle']);
  });
});
